// What a finished sweep prints (sweep/end_of_sweep.hpp), both forms, on the
// committed H100 baseline rendered again as the sweep renders its report:
// results/baselines/h100.summary.md is that rendering (tests/cli/report_cli.sh).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/summary_context.hpp"
#include "core/io/text_file.hpp"
#include "sweep/end_of_sweep.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::fresh_dir;

namespace {

std::size_t lines_of(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("a finished sweep prints the context, what to use and where summary.md is; --print-summary all of it") {
  const std::string base = std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h100";
  std::vector<MeasurementRecord> records = read_records(base + ".csv.gz");
  const nlohmann::json context = nlohmann::json::parse(read_text_file(base + ".context.json", kContextKind));
  const std::string committed = read_text_file(base + ".summary.md");
  const auto dir = fresh_dir("dotsweep_end_of_sweep");
  ReportFolder report(dir.string());
  report.finish(records, 5, planned_candidates(context), summary_opening(context), summary_closing(context));
  const std::string summary_path = dir.string() + "/summary.md";

  // --print-summary: summary.md as the folder holds it, every group's table.
  const std::string whole = end_of_sweep_text(report, true);
  CHECK(whole == committed);
  CHECK(whole.find("### f32, n = 2^28, cold") != std::string::npos);
  CHECK(lines_of(whole) > 1000);

  // The default: the context and the what-to-use table, then where the rest is.
  const std::string shown = end_of_sweep_text(report, false);
  const std::string to_use = "## What to use\n";
  const std::size_t tables = committed.find("\n## f32\n");
  REQUIRE(tables != std::string::npos);
  // Everything up to the first group's table, as summary.md has it.
  CHECK(shown.rfind(committed.substr(0, tables + 1), 0) == 0);
  CHECK(shown.find("| GPU | NVIDIA H100 80GB HBM3") != std::string::npos);
  CHECK(shown.find(to_use) != std::string::npos);
  CHECK(shown.find("### f32") == std::string::npos);
  CHECK(shown.find("cuBLAS") != std::string::npos);
  const std::string last_line = "the fastest rows of every (type, n, mode) group: " + summary_path +
                                " (--print-summary prints all of it)\n";
  REQUIRE(shown.size() > last_line.size());
  CHECK(shown.compare(shown.size() - last_line.size(), last_line.size(), last_line) == 0);
  CHECK(lines_of(shown) < 100);
  std::filesystem::remove_all(dir);
}

TEST_CASE("--print-summary names a summary.md that cannot be read") {
  const auto dir = fresh_dir("dotsweep_end_of_sweep_gone");
  ReportFolder report(dir.string());
  std::vector<MeasurementRecord> none;
  report.finish(none, 5);
  std::filesystem::remove(dir / "summary.md");
  CHECK_THROWS_WITH(end_of_sweep_text(report, true), doctest::Contains("summary.md"));
  CHECK(end_of_sweep_text(report, false).find("summary.md") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a report moved after it was finished (merge) is named, and read, where it now is") {
  const auto dir = fresh_dir("dotsweep_end_of_report_staged");
  const auto moved = fresh_dir("dotsweep_end_of_report_moved");
  std::vector<MeasurementRecord> none;
  std::string shown;
  {
    ReportFolder report(dir.string());
    report.finish(none, 5);
    shown = report.terminal_summary();
  }
  std::filesystem::remove_all(moved);
  std::filesystem::rename(dir, moved);
  const std::string text = end_of_report_text(shown, moved.string(), false);
  CHECK(text.rfind(shown, 0) == 0);
  CHECK(text.find(moved.string() + "/summary.md (--print-summary prints all of it)\n") != std::string::npos);
  CHECK(text.find(dir.string()) == std::string::npos);
  CHECK(end_of_report_text(shown, moved.string(), true) == read_text_file(moved.string() + "/summary.md"));
  std::filesystem::remove_all(moved);
}
