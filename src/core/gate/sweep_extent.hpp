// What a report swept, as far as its rows tell, and whether two reports
// swept alike. What a process allocated and timed before a row moves it by a
// few percent (docs/measuring.md, "What the process swept before"), so rows
// two reports share are like for like only when the reports swept alike.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/rows/record.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

struct SweepExtent {
  std::set<GroupKey> groups;      // (type, n, mode)
  std::set<std::string> variants;
  // Every report added was a whole sweep. A best.csv lists each group's
  // winners only: its variants say what won there, not what was swept.
  bool variants_known = true;
  // How many processes swept it, where known (core/rows/report_context.hpp).
  std::optional<std::size_t> processes;

  // Adds one report's rows; best_rows_only for a best.csv.
  void add(const std::vector<MeasurementRecord>& rows, bool best_rows_only);
};

// The same groups and, where both extents know theirs, the same variants.
bool swept_alike(const SweepExtent& a, const SweepExtent& b);

// Both know how many processes swept them, and the counts differ.
bool swept_by_other_processes(const SweepExtent& baseline, const SweepExtent& current);

// "The baseline was swept by 1 process and the current by 4 ..." with why
// that matters; "" unless swept_by_other_processes.
std::string different_processes_note(const SweepExtent& baseline, const SweepExtent& current);

// "<who> swept different spaces, sizes or modes: ..." with why that matters
// and where to read on; who is "The two sides" or "The reports".
std::string different_sweeps_note(const std::string& who);

}  // namespace dotsweep
