// The table summary.md opens with: per element type, size and timing mode,
// the kernel to use, its time, and its speedup over cuBLAS and CUB with
// intervals, each marked when it is within the run-to-run noise. This is the
// model; what_to_use_markdown only spells it.
//
// Within a tie group every member is a correct answer; the one shown is the
// one `dotsweep export` compiles into its table for that size
// (core/export/dispatch_table.hpp, kChoiceRule), so the summary and the exported
// header never recommend two kernels for one question.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/gate/gate.hpp"
#include "core/stats/group_coverage.hpp"
#include "core/rows/record.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

// The recommended kernel against one library baseline of its group.
struct BaselineMargin {
  double speedup = 0;              // baseline median / kernel median
  std::optional<Interval> range;   // speedup_interval; empty when a row lacks an interval
  double floor_us = 0;             // the gate's default noise floor at the baseline's median
  double separation_us = 0;        // us between the two intervals; < 0: they overlap
  // separation_us <= floor_us: a repeat run may order the two the other way
  // (docs/gate.md measured how far back-to-back runs move).
  bool within_noise = false;
};

enum class Pick {
  winner,          // the group's tie group is this kernel alone
  tie,             // one member of a tie group, chosen by export's rule
  baseline_faster, // a library is faster, intervals apart: the fastest kernel is shown
  partial,         // the sweep stopped inside the group: no recommendation
  none,            // no correct timed candidate, or rows that do not spell their configuration
};

struct Recommendation {
  GroupKey key;                         // (type, n, mode)
  Pick pick = Pick::none;
  std::string variant;                  // empty for partial and none
  std::optional<double> median_us;
  std::optional<Interval> interval;     // the row's 95% interval of the median
  std::size_t tie_size = 0;             // rows in the group's tie group, baselines included
  std::string fastest;                  // the group's fastest row (a baseline for baseline_faster)
  std::optional<BaselineMargin> vs_cublas, vs_cub;  // empty when the group has no timed correct row of it
  std::string why_none;                 // for partial and none: one phrase
};

// One Recommendation per (type, n, mode) group of `ranked` (rank_records
// applied), in ascending (type, mode, n) order. Groups in `partial` get
// Pick::partial. `rule` supplies the noise floor (default_noise_floor_us).
std::vector<Recommendation> what_to_use(const std::vector<MeasurementRecord>& ranked,
                                        const std::map<GroupKey, GroupCoverage>& partial = {},
                                        const GateRule& rule = {});

// The Markdown section: a heading, one table row per recommendation, and
// what "tie" and "within noise" mean. "" for no recommendations.
std::string what_to_use_markdown(const std::vector<Recommendation>& table, const GateRule& rule = {});

}  // namespace dotsweep
