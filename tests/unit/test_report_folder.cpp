#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "core/input_error.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::fresh_dir;

TEST_CASE("a report folder is created with its sweep.csv header, and a taken one is refused untouched") {
  const auto dir = fresh_dir("dotsweep_report_folder_test");
  {
    ReportFolder folder(dir.string());
    CHECK(std::filesystem::exists(dir / "sweep.csv"));
    MeasurementRecord row;
    row.variant = "v";
    row.type = "f32";
    row.mode = "cold";
    folder.append(row);
  }
  const auto size_before = std::filesystem::file_size(dir / "sweep.csv");
  CHECK_THROWS_WITH_AS(ReportFolder(dir.string()), doctest::Contains("already holds a report"), InputError);
  CHECK_THROWS_AS(ReportFolder::require_free(dir.string()), InputError);
  CHECK_NOTHROW(ReportFolder::require_free((dir / "not-yet").string()));
  CHECK(std::filesystem::file_size(dir / "sweep.csv") == size_before);  // the earlier rows survive

  // Any one of the report files marks the folder as taken.
  const auto other = fresh_dir("dotsweep_report_folder_test_ctx");
  std::filesystem::create_directories(other);
  std::ofstream(other / "summary.md") << "earlier\n";
  CHECK_THROWS_AS(ReportFolder(other.string()), InputError);
  CHECK_FALSE(std::filesystem::exists(other / "sweep.csv"));
  std::filesystem::remove_all(dir);
  std::filesystem::remove_all(other);
}

TEST_CASE("an empty folder name is bad input") { CHECK_THROWS_AS(ReportFolder(""), InputError); }

TEST_CASE("--out that cannot hold a report is refused before anything is written") {
  using dotsweep::test::contains;
  using dotsweep::test::input_error_of;
  const auto dir = fresh_dir("dotsweep_report_folder_unwritable");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a_file") << "x\n";

  const std::string file = (dir / "a_file").string();
  CHECK(input_error_of([&] { ReportFolder::require_free(file); }) ==
        "--out '" + file + "' is an existing file, not a folder; pass a folder");
  const std::string under_file = input_error_of([&] { ReportFolder::require_free(file + "/sub/deeper"); });
  CHECK(contains(under_file, "cannot write a report there"));
  CHECK(contains(under_file, "'" + file + "' is a file, not a folder"));
  // /proc takes no new folders, not even from root, whom permission bits do not stop.
  CHECK(contains(input_error_of([] { ReportFolder::require_free("/proc/dotsweep-unit-test/run"); }),
                 "--out '/proc/dotsweep-unit-test/run': cannot write a report there"));
  CHECK_THROWS_AS(ReportFolder((dir / "a_file").string()), InputError);

  // A writable new folder passes and is not left behind; an existing one keeps only its own files.
  CHECK_NOTHROW(ReportFolder::require_free((dir / "new" / "deeper").string()));
  CHECK_FALSE(std::filesystem::exists(dir / "new"));
  CHECK_NOTHROW(ReportFolder::require_free(dir.string()));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++entries;
  CHECK(entries == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("counters.csv: created beside sweep.csv, appended row by row, emptied when the folder is resumed") {
  const auto dir = fresh_dir("dotsweep_report_folder_counters");
  MeasurementRecord row = dotsweep::test::timed_row("v", 1, 2, 3, 1024);
  row.cupti_status = "ok";
  {
    ReportFolder folder(dir.string());
    folder.append_counters(row);
    MeasurementRecord hot = row;
    hot.mode = "hot";
    folder.append_counters(hot);
  }
  CHECK(read_records((dir / "counters.csv").string()).size() == 2);
  CHECK(read_records((dir / "sweep.csv").string()).empty());
  {
    ReportFolder resumed(dir.string(), {row});  // `kept` already holds the merged counters
    CHECK(read_records((dir / "counters.csv").string()).empty());
    CHECK(read_records((dir / "sweep.csv").string()).size() == 1);
  }
  // A folder holding only counters.csv is a report's folder too.
  const auto other = fresh_dir("dotsweep_report_folder_counters_only");
  std::filesystem::create_directories(other);
  std::ofstream(other / "counters.csv") << "earlier\n";
  CHECK_THROWS_AS(ReportFolder::require_free(other.string()), InputError);
  std::filesystem::remove_all(dir);
  std::filesystem::remove_all(other);
}

TEST_CASE("summary.md ends with the appendix it is given (what the planner left out on the GPU)") {
  const auto dir = fresh_dir("dotsweep_report_folder_appendix");
  ReportFolder folder(dir.string());
  MeasurementRecord row;
  row.variant = "v";
  row.type = "f32";
  row.mode = "cold";
  std::vector<MeasurementRecord> rows{row};
  const std::string appendix = "## Left out on this GPU\n\n2 of 3 configurations ...\n";
  const std::string summary = folder.finish(rows, 5, {}, "", appendix);
  CHECK(summary.size() > appendix.size());
  CHECK(summary.compare(summary.size() - appendix.size(), appendix.size(), appendix) == 0);
  std::ifstream in(dir / "summary.md");
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(written == summary + "\n");
  std::filesystem::remove_all(dir);
}

TEST_CASE("the terminal summary is summary.md without its per-group tables") {
  const auto dir = fresh_dir("dotsweep_report_folder_terminal");
  ReportFolder folder(dir.string());
  MeasurementRecord row;
  row.variant = "v";
  row.type = "f32";
  row.n = 4096;
  row.mode = "cold";
  std::vector<MeasurementRecord> rows{row};
  const std::string preamble = "# dotsweep on a GPU\n\n| context | |\n";
  const std::string appendix = "## Left out on this GPU\n\n2 of 3 configurations ...\n";
  const std::string summary = folder.finish(rows, 5, {}, preamble, appendix);
  const std::string& terminal = folder.terminal_summary();
  // Both open with the context and the what-to-use table, and end with the appendix.
  CHECK(terminal.rfind(preamble, 0) == 0);
  CHECK(terminal.find("## What to use") != std::string::npos);
  CHECK(terminal.compare(terminal.size() - appendix.size(), appendix.size(), appendix) == 0);
  // The group's table is in summary.md only.
  CHECK(summary.find("### f32, n = 2^12, cold") != std::string::npos);
  CHECK(terminal.find("### f32") == std::string::npos);
  CHECK(terminal.size() < summary.size());
  // Everything the terminal shows, summary.md holds, in the same order.
  const std::string upto_tables = terminal.substr(0, terminal.size() - appendix.size() - 1);
  CHECK(summary.rfind(upto_tables, 0) == 0);
  std::filesystem::remove_all(dir);
}
