// The one owner of a sweep's report folder and its files:
//   sweep.csv     every row, appended and flushed as it is measured (a crash
//                 loses nothing measured), rewritten ranked at the end;
//   samples.csv.gz every timed sample of each row, appended as the row is
//                 (core/rows/samples_file.hpp);
//   counters.csv  the counter pass's rows, appended as each size's pass ends,
//                 merged into sweep.csv at the end (core/report/counter_rows.hpp);
//   context.json  the environment, options and space (written at the start,
//                 completed at the end);
//   best.csv      each group's fastest candidate with its tie group;
//   summary.md    the top rows per group, fit for a CI job summary.
#pragma once

#include <string>
#include <vector>

#include "core/stats/group_coverage.hpp"
#include "core/rows/record.hpp"
#include "core/report/report_writer.hpp"
#include "core/rows/samples_file.hpp"

namespace dotsweep {

class ReportFolder {
 public:
  // Creates `path` (and parents). Refuses, with an InputError naming it, a
  // folder that already holds a report: appending to it and re-ranking would
  // mix or drop the earlier run's rows.
  explicit ReportFolder(std::string path);
  // Continues the report in an existing folder (--resume): sweep.csv is
  // rewritten with `kept`, the rows of finished keys (core/report/resume_plan.hpp),
  // so a row cut short or a key with only some of its modes is gone before
  // further rows are appended, and samples.csv.gz keeps the samples of
  // `kept` alone; `kept` already holds the counter rows (merge_counter_rows),
  // so counters.csv starts empty again.
  ReportFolder(std::string path, const std::vector<MeasurementRecord>& kept);
  // The same refusal without creating anything, so a taken --out folder is
  // reported before the sweep looks for a GPU; also refuses an existing file
  // and a folder that cannot be written (tried by writing, then undone).
  // `offer_resume`: whether the refusal of a taken folder also offers
  // --resume (false for a command that cannot continue a sweep).
  static void require_free(const std::string& path, bool offer_resume = true);

  const std::string& path() const { return path_; }
  void write_context(const std::string& json_text);
  // The row's samples to samples.csv.gz, then the row to sweep.csv: a row
  // sweep.csv holds always has its samples on disk.
  void append(const MeasurementRecord& record);
  // A row of a size's counter pass, to counters.csv.
  void append_counters(const MeasurementRecord& record);
  // Ranks `records` (this run's rows), rewrites sweep.csv with them, writes
  // best.csv and summary.md (the what-to-use table of core/report/what_to_use.hpp,
  // then the top `top` rows per group); returns the summary.
  // `planned`: candidates per type the sweep measures at every size; a group
  // with fewer rows is one the sweep stopped inside (core/stats/group_coverage.hpp).
  // `preamble` opens summary.md (and the returned summary) when not empty;
  // `appendix`, Markdown, ends it (what the planner left out).
  std::string finish(std::vector<MeasurementRecord>& records, int top, const CandidateCounts& planned = {},
                     const std::string& preamble = "", const std::string& appendix = "");
  // After finish: what a person reads on the terminal, summary.md without
  // its per-group tables (the preamble, the what-to-use table, the host-path
  // crossover when measured, the appendix). Pieces of the one summary, not a
  // second rendering of it: the tables are a thousand lines for the default
  // space and stay in the folder.
  const std::string& terminal_summary() const { return terminal_; }

 private:
  std::string path_;
  std::string terminal_;
  SweepCsvWriter csv_;
  SweepCsvWriter counters_;
  SamplesWriter samples_;
};

// The files a report folder holds; a folder with any of them is taken.
const std::vector<std::string>& report_file_names();

}  // namespace dotsweep
