// Writes a sweep's report folder: sweep.csv (appended and flushed row by row,
// so a crash loses nothing measured, then rewritten ranked at the end),
// best.csv, context.json and summary.md.
#pragma once

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/stats/group_coverage.hpp"
#include "core/stats/ranking.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

class SweepCsvWriter {
 public:
  // Creates (or, when resuming, appends to) `path`; writes the header once.
  explicit SweepCsvWriter(const std::string& path);
  void append(const MeasurementRecord& record);  // writes and flushes one row
 private:
  std::string path_;  // for error messages
  std::ofstream out_;
};

// Rewrites `path` atomically (temporary file + rename).
void write_records(const std::string& path, const std::vector<MeasurementRecord>& records);
// best.csv: every sweep.csv column, then tie_size, tie_members (the first 8
// ids by median, then "+K more") and verdict. Rewritten atomically too.
void write_best_csv(const std::string& path, const std::vector<BestRow>& best);
// Column names of best.csv, in order.
std::vector<std::string> best_csv_columns();
// Per (type, n, mode): the top `top` candidates by rank (all when negative)
// then cuBLAS and CUB, each median with its 95% interval, tie-group rows
// marked, speedups as intervals; under each table one line naming the winner
// (when the intervals make one) or the rows that tie with the fastest, and,
// for a group with counters, the second witness (core/report/counter_witness.hpp).
// Groups in `partial` name no winner: one line says how many candidates were
// measured before the sweep stopped.
std::string summary_markdown(const std::vector<MeasurementRecord>& ranked, int top,
                             const std::map<GroupKey, GroupCoverage>& partial = {});
// Writes `text` to `path`, replacing what was there (not atomically: callers
// that must never leave a half file write a temporary and rename it).
void write_text_file(const std::string& path, const std::string& text);

}  // namespace dotsweep
