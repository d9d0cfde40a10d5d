// Ranking within (type, n, mode) by median time, tie groups by interval
// overlap, and the derived columns.
#pragma once

#include <string>
#include <vector>

#include "core/stats/group_coverage.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

inline constexpr const char* kCublasName = "cublas";
inline constexpr const char* kCubName = "cub";
inline constexpr const char* kThrustName = "thrust";  // shown beside cuBLAS and CUB in summary.md

// A baseline timed by host wall time around a blocking call (thrust returns
// its result to the host), not by CUDA events around the GPU's work. The
// baseline table (gpu/baseline_table.cpp) times it so, and the gate never
// fails on its time: its run-to-run spread is the host's (docs/gate.md).
bool host_timed_baseline(const std::string& name);
// A report's row of such a baseline (a candidate of the same name is not one).
bool host_timed_row(const MeasurementRecord& row);

// For every (type, n, mode) group, among correct rows with a median:
// - the fastest row's tie group (tie_group.hpp: intervals overlapping the
//   fastest row's, baselines included) gets rank 1 and tied_best = true;
// - every other such row gets tied_best = false and rank 1 + the number of
//   such rows with a lower median (competition ranking: after a tie group of
//   5 comes rank 6; equal medians share the lower rank).
// Other rows get neither. Also sets speedup_vs_cublas and speedup_vs_cub
// (baseline median / row median) for every row with a median but the launch
// floor's, whose GB/s and % of peak it clears too: an empty kernel computes
// nothing to compare.
void rank_records(std::vector<MeasurementRecord>& records);

// What best.csv says about a group.
enum class Verdict {
  winner,    // the tie group is this candidate alone
  tie,       // the tie group holds this candidate and other rows
  baseline,  // the fastest row is a baseline and this candidate is not in its tie group
  partial,   // the sweep stopped inside this group (core/stats/group_coverage.hpp): no standing
};
const char* verdict_name(Verdict verdict);  // "winner" | "tie" | "baseline" | "partial"

struct BestRow {
  MeasurementRecord record;              // the fastest correct candidate by median
  std::vector<std::string> tie_members;  // the group's tie group, by median, baselines included
  Verdict verdict = Verdict::winner;
  std::size_t tie_size() const { return tie_members.size(); }
};

// One BestRow per (type, n, mode) group that has a correct timed candidate,
// in ascending (type, n, mode) order; groups in `partial` get Verdict::partial.
std::vector<BestRow> best_per_group(const std::vector<MeasurementRecord>& ranked,
                                    const std::map<GroupKey, GroupCoverage>& partial = {});

// The candidates of one (type, n, mode) group on the speed/accuracy Pareto
// front: correct, timed, with a finite rel_err, and no other such candidate
// at least as fast and at least as accurate with one of the two strictly
// better. In ascending median order (so descending rel_err). Equal pairs of
// (median, rel_err) are all on the front.
std::vector<const MeasurementRecord*> pareto_front(const std::vector<const MeasurementRecord*>& group);

}  // namespace dotsweep
