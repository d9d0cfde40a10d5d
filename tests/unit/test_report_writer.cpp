#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/csv.hpp"
#include "core/ranking.hpp"
#include "core/report_writer.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;
using dotsweep::test::TempPath;

namespace {

MeasurementRecord row(const std::string& variant, std::optional<double> median_us, bool correct = true,
                      std::int64_t n = 268435456, const std::string& mode = "cold") {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = variant == "cublas" || variant == "cub" || variant == "seed" ? "baseline" : "candidate";
  r.type = "f32";
  r.n = n;
  r.mode = mode;
  r.median_us = median_us;
  r.correct = correct;
  if (!correct) r.reason = "wrong sum";
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("SweepCsvWriter writes the header once and appends on resume") {
  TempPath path("resume.csv");
  {
    SweepCsvWriter w(path.str());
    w.append(row("a", 1.0));
    w.append(row("b", 2.0));
    // Flushed per row: readable while the writer is still open.
    CHECK(read_records(path.str()).size() == 2);
  }
  {
    SweepCsvWriter w(path.str());
    w.append(row("c, with comma", 3.0));
  }
  const std::string text = slurp(path.str());
  CHECK(count(text, "rank,variant,") == 1);
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 3);
  CHECK(back[2].variant == "c, with comma");
}

TEST_CASE("SweepCsvWriter on an empty file writes the header") {
  TempPath path("empty.csv");
  std::ofstream(path.str()).close();
  { SweepCsvWriter w(path.str()); }
  CHECK(slurp(path.str()) == csv_line(record_columns()));
}

TEST_CASE("SweepCsvWriter drops a row cut short by a crash") {
  TempPath path("partial.csv");
  { SweepCsvWriter(path.str()).append(row("a", 1.0)); }
  std::ofstream(path.str(), std::ios::app) << ",f32.b2";  // half a row, no newline
  { SweepCsvWriter(path.str()).append(row("b", 2.0)); }
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 2);
  CHECK(back[1].variant == "b");
}

TEST_CASE("SweepCsvWriter refuses to resume a file with other columns") {
  TempPath path("foreign.csv");
  std::ofstream(path.str()) << "x,y\n1,2\n";
  const std::string msg = input_error_of([&] { SweepCsvWriter w(path.str()); });
  CHECK(contains(msg, path.str()));
  CHECK(slurp(path.str()) == "x,y\n1,2\n");  // untouched
}

TEST_CASE("write_records replaces the file and reads back") {
  TempPath path("records.csv");
  std::ofstream(path.str()) << "old contents\n";
  std::vector<MeasurementRecord> rs = {row("a", 2.0), row("cublas", 1.0)};
  rank_records(rs);
  write_records(path.str(), rs);
  CHECK_FALSE(std::filesystem::exists(path.str() + ".tmp"));
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 2);
  CHECK(to_fields(back[0]) == to_fields(rs[0]));
  CHECK(to_fields(back[1]) == to_fields(rs[1]));

  TempPath best("best.csv");
  write_best_csv(best.str(), best_per_group(rs));
  const auto winners = read_records(best.str());
  REQUIRE(winners.size() == 1);
  CHECK(winners[0].variant == "a");
  CHECK(*winners[0].speedup_vs_cublas == doctest::Approx(0.5));
}

TEST_CASE("unreadable and unwritable paths are InputErrors naming the path") {
  CHECK(contains(input_error_of([] { read_records("/nonexistent/sweep.csv"); }),
                 "/nonexistent/sweep.csv"));
  CHECK(contains(input_error_of([] { write_text_file("/nonexistent/dir/summary.md", "x"); }),
                 "/nonexistent/dir/summary.md"));
  CHECK(contains(input_error_of([] { SweepCsvWriter w("/nonexistent/dir/sweep.csv"); }),
                 "/nonexistent/dir/sweep.csv"));
  TempPath ok("text.md");
  write_text_file(ok.str(), "hello\n");
  CHECK(slurp(ok.str()) == "hello\n");
}

TEST_CASE("read_records names the row of a bad number") {
  TempPath path("bad.csv");
  std::ofstream(path.str()) << "variant,kind,type,n,mode,correct\nv,candidate,f32,lots,cold,1\n";
  CHECK(input_error_of([&] { read_records(path.str()); }) ==
        path.str() + ", row 1: column 'n' value 'lots' is not a number");
}

TEST_CASE("summary markdown") {
  std::vector<MeasurementRecord> rs = {
      row("fast", 470.0), row("mid", 480.0), row("slow", 500.0), row("cub", 520.0),
      row("cublas", 482.0), row("broken", 10.0, false), row("seed", 100.0, false),
      row("hot1", 4.9, true, 1000, "hot"),
  };
  rs[0].gbps = 4567.89;
  rs[0].pct_peak = 95.123;
  rs[0].noise_pct = 0.314;
  rank_records(rs);
  const std::string md = summary_markdown(rs, 2);
  CAPTURE(md);
  CHECK(contains(md, "### f32, n = 268435456 (2^28), cold\n"));
  CHECK(contains(md, "### f32, n = 1000, hot\n"));
  CHECK(contains(md, "| rank | variant | median µs | GB/s | % peak | vs cuBLAS | vs CUB | noise % |"));
  CHECK(contains(md, "| 1 | fast | 470.00 | 4567.9 | 95.1 | 1.03x | 1.11x | 0.31 |"));
  CHECK(contains(md, "| 2 | mid |"));
  CHECK_FALSE(contains(md, "slow"));  // beyond top 2
  CHECK(contains(md, "| 3 | cublas |"));
  CHECK(contains(md, "| 5 | cub |"));
  CHECK(md.find("| cublas |") < md.find("| cub |"));
  CHECK(contains(md, "2 variants incorrect: broken (wrong sum), seed (wrong sum)"));
  // Groups in (type, n, mode) order: n = 1000 before 2^28.
  CHECK(md.find("n = 1000") < md.find("n = 268435456"));
  CHECK(contains(md, "| 1 | hot1 | 4.90 |"));
}

TEST_CASE("summary markdown truncates a long list of incorrect variants") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 7; ++i) rs.push_back(row("bad" + std::to_string(i), 1.0, false));
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CHECK(contains(md, "7 variants incorrect: bad0 (wrong sum), "));
  CHECK(contains(md, "bad4 (wrong sum), and 2 more"));
  CHECK_FALSE(contains(md, "bad5"));
}
