// Every kind of bad or incompatible input the gate refuses, with the file
// named in the one-line message (the CLI turns it into exit 2).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <zlib.h>

#include "core/gate/gate_input.hpp"
#include "core/io/text_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;
using dotsweep::test::TempPath;

namespace {

const std::string kGateInputFixtures = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/gate/";

std::string fixture_text(const std::string& name) { return read_text_file(kGateInputFixtures + name); }

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string header_of(const std::string& text) { return text.substr(0, text.find('\n') + 1); }

// The fixture with `from` replaced by `to` in every row (not the header).
std::string edited(const std::string& text, const std::string& from, const std::string& to) {
  const std::size_t body = text.find('\n') + 1;
  std::string out = text.substr(0, body), rest = text.substr(body);
  for (std::size_t at = 0; (at = rest.find(from, at)) != std::string::npos; at += to.size())
    rest.replace(at, from.size(), to);
  return out + rest;
}

// The message read_gate_report throws for a file holding `text`.
std::string error_for(const std::string& text, const std::string& name = "bad.csv") {
  TempPath path(name);
  write(path.str(), text);
  return input_error_of([&] { read_gate_report(path.str()); });
}

// A one-row report; each call is a sweep of its own (its own timestamp).
GateReport report(const std::string& gpu, const std::string& version) {
  static int sweeps = 0;
  GateReport r;
  r.path = gpu + ".csv";
  r.gpu = gpu;
  r.dotsweep_version = version;
  MeasurementRecord row;
  row.env.gpu = gpu;
  row.env.peak_gbps = 4814.304;
  row.env.timestamp = "2026-12-01T00:00:" + std::to_string(10 + sweeps++) + "Z";
  r.rows.push_back(row);
  return r;
}

}  // namespace

TEST_CASE("gate input: the real fixtures and the committed gzipped baseline read") {
  const GateReport run1 = read_gate_report(kGateInputFixtures + "h200-run1.csv");
  CHECK(run1.rows.size() == 43);
  CHECK(run1.gpu == "NVIDIA H200");
  CHECK(run1.dotsweep_version == "0.1.0");
  CHECK_FALSE(run1.declares_standing);  // a sweep.csv
  const GateReport committed = read_gate_report(std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.csv.gz");
  CHECK(committed.rows.size() > 1000);  // any refresh of it (README: Keeping baselines current)
  CHECK(committed.gpu == "NVIDIA H200");
  CHECK_FALSE(committed.declares_standing);
  // A best.csv holds one row per group: its standing is read, not derived.
  const GateReport best = read_gate_report(std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.best.csv");
  CHECK(best.declares_standing);
}

TEST_CASE("gate input: unreadable, malformed and truncated files are refused, naming the file") {
  CHECK(contains(input_error_of([] { read_gate_report("/no/such/dir/sweep.csv"); }), "/no/such/dir/sweep.csv"));
  const std::string text = fixture_text("h200-run1.csv");
  // Cut mid-row: the last row has fewer fields than the header.
  const std::string cut = error_for(text.substr(0, text.size() - 200), "cut.csv");
  CHECK(contains(cut, "cut.csv"));
  CHECK(contains(cut, "fields"));
  // A stray quote.
  CHECK(contains(error_for(header_of(text) + "1,\"x,y\n"), "quote"));
  // Not a report at all.
  CHECK(contains(error_for(""), "empty file"));
  CHECK(contains(error_for("hello,world\n1,2\n"), "missing column 'variant'"));
}

TEST_CASE("gate input: a cut-short gzip is refused") {
  TempPath path("cut.csv.gz");
  const std::string text = fixture_text("h200-run1.csv");
  gzFile gz = gzopen(path.str().c_str(), "wb");
  REQUIRE(gz);
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  CHECK(read_gate_report(path.str()).rows.size() == 43);  // whole, it reads
  std::ifstream in(path.str(), std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  in.close();
  write(path.str(), bytes.substr(0, bytes.size() / 2));
  CHECK(contains(input_error_of([&] { read_gate_report(path.str()); }), "gzip"));
}

TEST_CASE("gate input: a column the gate needs is missing") {
  const std::string text = fixture_text("h200-run1.csv");
  for (const std::string column : {"median_us", "gpu", "dotsweep_version", "correct"}) {
    // Rename the column in the header only.
    std::string renamed = text;
    const auto at = renamed.find("," + column + ",");
    REQUIRE(at < renamed.find('\n'));
    renamed.replace(at + 1, column.size(), column + "_old");
    CHECK(contains(error_for(renamed), "missing column '" + column + "'"));
  }
  // The interval and clock columns are optional (older reports).
  std::string no_ci = text;
  no_ci.replace(no_ci.find(",ci_lo_us,") + 1, 8, "ci_lo_xx");
  TempPath path("no_ci.csv");
  write(path.str(), no_ci);
  CHECK(read_gate_report(path.str()).rows.size() == 43);
}

TEST_CASE("gate input: zero rows, duplicate rows, mixed GPUs and mixed versions are refused") {
  const std::string text = fixture_text("h200-run1.csv");
  CHECK(contains(error_for(header_of(text)), "no rows"));
  const std::string first_row = text.substr(header_of(text).size(), text.find('\n', header_of(text).size()) -
                                                                       header_of(text).size() + 1);
  CHECK(contains(error_for(text + first_row), "appears twice"));
  CHECK(contains(error_for(text + edited(header_of(text) + first_row, "NVIDIA H200", "NVIDIA H100").substr(
                                      header_of(text).size())),
                 "two GPUs"));
  CHECK(contains(error_for(text + edited(header_of(text) + first_row, ",0.1.0,", ",0.2.0,").substr(
                                      header_of(text).size())),
                 "two dotsweep versions"));
  CHECK(contains(error_for(edited(text, "NVIDIA H200", "")), "empty gpu"));
}

TEST_CASE("gate input: version series are MAJOR.MINOR") {
  CHECK(version_series("0.1.0") == "0.1");
  CHECK(version_series("0.1.7") == "0.1");
  CHECK(version_series("1.12") == "1.12");
  CHECK(version_series("0.1.0-dirty") == "0.1");
  CHECK(version_series("dev") == "dev");
  CHECK(version_series("1.x.0") == "1.x.0");
  CHECK(version_series("") == "");
}

TEST_CASE("gate input: reports must share the GPU (unless cross-hardware) and the version series") {
  const GateReport h200 = report("NVIDIA H200", "0.1.0");
  CHECK_NOTHROW(check_comparable(h200, {report("NVIDIA H200", "0.1.3")}, false));
  const std::string gpus = input_error_of([&] { check_comparable(h200, {report("NVIDIA H100", "0.1.0")}, false); });
  CHECK(contains(gpus, "NVIDIA H100"));
  CHECK(contains(gpus, "--cross-hardware"));
  CHECK_NOTHROW(check_comparable(h200, {report("NVIDIA H100", "0.1.0")}, true));
  // Repeats to combine come from one GPU even across hardware.
  CHECK(contains(input_error_of([&] {
                   check_comparable(h200, {report("NVIDIA H100", "0.1.0"), report("NVIDIA H200", "0.1.0")}, true);
                 }),
                 "two GPUs"));
  CHECK(contains(input_error_of([&] { check_comparable(h200, {report("NVIDIA H200", "0.2.0")}, false); }),
                 "refresh the baseline"));
  // Cross-hardware needs each row's peak bandwidth.
  GateReport no_peak = report("NVIDIA H100", "0.1.0");
  no_peak.rows[0].env.peak_gbps = 0;
  CHECK(contains(input_error_of([&] { check_comparable(h200, {no_peak}, true); }), "peak_gbps"));
  CHECK(contains(input_error_of([&] { check_comparable(h200, {}, false); }), "no current report"));
}

TEST_CASE("gate input: a median of zero or less, or outside its interval, is refused naming the row") {
  const std::string text = fixture_text("h200-run1.csv");
  // Row 1 is cuBLAS at 2^12: median 6.047999951988459 = ci_lo, ci_hi 6.0800001956522465.
  const std::string median_min = ",6.047999951988459,5.8559998869895935,";
  REQUIRE(text.find(median_min) != std::string::npos);
  const std::string zero = error_for(edited(text, median_min, ",0,5.8559998869895935,"));
  CHECK(contains(zero, "bad.csv, row 1: column 'median_us' value '0' is not above zero"));
  CHECK(contains(error_for(edited(text, median_min, ",-1,5.8559998869895935,")),
                 "column 'median_us' value '-1' is not above zero"));
  const std::string interval = ",6.047999951988459,6.0800001956522465,";
  REQUIRE(text.find(interval) != std::string::npos);
  // Above its interval, below it, and an interval whose ends are swapped.
  CHECK(contains(error_for(edited(text, interval, ",5.9,6.0,")), "row 1: the interval [5.9, 6] does not contain"));
  CHECK(contains(error_for(edited(text, interval, ",6.05,6.1,")), "does not contain its median 6.048"));
  CHECK(contains(error_for(edited(text, interval, ",6.0800001956522465,6.047999951988459,")), "does not contain"));
  // On the boundary: a median equal to either end is inside (row 1 reads as
  // committed, with lo = median; here hi = median too).
  TempPath path("edge.csv");
  write(path.str(), edited(text, interval, ",6.047999951988459,6.047999951988459,"));
  CHECK(read_gate_report(path.str()).rows.size() == 43);
  write(path.str(), edited(text, interval, ",6.0,6.047999951988459,"));
  CHECK(read_gate_report(path.str()).rows.size() == 43);
}

TEST_CASE("gate input: the same report as baseline and current, or given twice as current, is refused") {
  const std::string text = fixture_text("h200-run1.csv");
  const GateReport run1 = read_gate_report(kGateInputFixtures + "h200-run1.csv");
  const GateReport run2 = read_gate_report(kGateInputFixtures + "h200-run2.csv");
  CHECK(same_report(run1, run1));
  CHECK_FALSE(same_report(run1, run2));
  // A copy under another name, its rows in another order, is the same report.
  GateReport reordered = run1;
  reordered.path = "copy.csv";
  std::reverse(reordered.rows.begin(), reordered.rows.end());
  CHECK(same_report(run1, reordered));
  const std::string itself = input_error_of([&] { check_comparable(run1, {reordered}, false); });
  CHECK(contains(itself, "'copy.csv' and the baseline"));
  CHECK(contains(itself, "same report"));
  const std::string twice = input_error_of([&] { check_comparable(run2, {run1, reordered}, false); });
  CHECK(contains(twice, "give each repeat sweep once"));
  CHECK_NOTHROW(check_comparable(run2, {run1}, false));
  // One row's median changed (a planted slowdown in a copy): another report.
  GateReport planted = run1;
  planted.rows[5].median_us = *planted.rows[5].median_us * 1.1;
  planted.rows[5].ci_hi_us = *planted.rows[5].median_us;
  CHECK_FALSE(same_report(run1, planted));
  CHECK_NOTHROW(check_comparable(run1, {planted}, false));
  // The same rows under another sweep timestamp or GPU name: another report.
  GateReport restamped = run1;
  for (auto& r : restamped.rows) r.env.timestamp = "2026-11-30T05:46:14Z";
  CHECK_FALSE(same_report(run1, restamped));
  GateReport other_gpu = run1;
  other_gpu.gpu = "NVIDIA H200 NVL";
  CHECK_FALSE(same_report(run1, other_gpu));
  // A row fewer: another report.
  GateReport shorter = run1;
  shorter.rows.pop_back();
  CHECK_FALSE(same_report(run1, shorter));
}

TEST_CASE("gate input: how many processes swept a report, from the context.json beside it") {
  TempPath folder("processes");
  std::filesystem::create_directories(folder.str());
  const std::string sweep = folder.str() + "/sweep.csv", copy = folder.str() + "/h200.csv";
  write(sweep, fixture_text("h200-run1.csv"));
  write(copy, fixture_text("h200-run1.csv"));
  // None beside it: not known (a fixture cut to the gate's columns).
  CHECK(!read_gate_report(sweep).processes);
  const auto processes_with = [&](const std::string& context) {
    write(folder.str() + "/context.json", context);
    return read_gate_report(sweep).processes;
  };
  CHECK(processes_with(R"({"seed": 1})") == std::optional<std::size_t>(1));
  CHECK(processes_with(R"({"resumes": [{"at": "x"}, {"at": "y"}]})") == std::optional<std::size_t>(3));
  CHECK(processes_with(R"({"merged_from": [{}, {}, {}, {}]})") == std::optional<std::size_t>(4));
  CHECK(processes_with(R"({"merged_from": [{}, {}], "resumes": [{}]})") == std::optional<std::size_t>(3));
  CHECK(processes_with(R"({"merged_from": [], "resumes": []})") == std::optional<std::size_t>(1));
  // A renamed copy keeps NAME.context.json (results/baselines/h200.*).
  CHECK(!read_gate_report(copy).processes);
  write(folder.str() + "/h200.context.json", R"({"resumes": [{}]})");
  CHECK(read_gate_report(copy).processes == std::optional<std::size_t>(2));
  // A report under another name is read as before, with no count.
  write(folder.str() + "/run.txt", fixture_text("h200-run1.csv"));
  CHECK(!read_gate_report(folder.str() + "/run.txt").processes);
  // There but not a report's context: refused, naming it.
  write(folder.str() + "/context.json", "{not json");
  const std::string message = input_error_of([&] { read_gate_report(sweep); });
  CHECK(contains(message, folder.str() + "/context.json"));
  CHECK(contains(message, "not a JSON object"));
}
