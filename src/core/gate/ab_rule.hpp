// `dotsweep ab`: kernel trees A and B timed alternately in one process
// (docs/ab.md). Sample i of A and sample i of B are taken one right after the
// other on the same buffers and stream, so each pair shares the state of the
// machine at that moment, and their ratio B_i / A_i cancels what drifts.
//
// The estimate is the median of the paired ratios; its 95% interval is the
// distribution-free one of that median (statistics.hpp: median_ci_ranks,
// the order statistics of the sorted ratios). It asks only that the pairs be
// independent of each other: when A and B are the same code, each ratio is as
// likely above 1 as below, whatever the samples' distribution and however it
// drifts over the run, so the interval holds 1 at least 95% of the time.
//
// Verdicts, t = the row's threshold: the larger of the percentage (default
// 3%) and the gap floor (default 0.3 us) as a share of A's median. Both are
// placement: two copies of one kernel in one process, each with its own
// module and scratch buffers, differed by up to 0.23 us at n = 2^12 on the
// H200 (5.47 against 5.70 us, a last-block finish of one block), each
// interval tight, and the gap stayed with the copy, not with which side
// was timed first or where the result landed; at 2^22-2^24 on H100s they
// differed by up to 2.9% of the row, 1.3 us at 48 us, with intervals as
// tight, which a 2% threshold called REGRESSED in 3 of 13 A/A runs
// (docs/ab.md, "How often an A/A run says something").
//   REGRESSED     the whole interval above 1 + t: B slower by more than t
//   IMPROVED      the whole interval below 1 / (1 + t): A slower than B by more than t
//   SAME          the whole interval within [1 / (1 + t), 1 + t]
//   INCONCLUSIVE  the interval reaches past a bound and also inside it
//   BROKEN        A correct, B incorrect (not timed)
//   FIXED         A incorrect, B correct;  UNTIMED  both incorrect
// Only REGRESSED and BROKEN fail. The baselines (cuBLAS, CUB, the seed
// kernel) are timed the same way against themselves: their rows must be SAME.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/gate/gate.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

inline constexpr double kDefaultAbThresholdPct = 3.0;
inline constexpr double kDefaultAbMinGapUs = 0.3;
// The fewest copies a side whose interval over copies reaches 95%
// (median_ci_ranks: five copies' extremes cover 93.75%, six 96.9%).
inline constexpr std::size_t kMinAbCopies = 6;

struct AbThreshold {
  double pct = kDefaultAbThresholdPct;
  double min_gap_us = kDefaultAbMinGapUs;
  // The row's threshold in percent, for A's median `a_us`.
  double pct_for(double a_us) const;
};

// The threshold a run applies: with copies a side, --min-gap-us defaults to 0,
// since the interval over copies holds the placement gap the floor stands in
// for; a floor given on the command line is kept.
AbThreshold threshold_for_copies(AbThreshold given, bool min_gap_given, std::size_t copies);

struct RatioEstimate {
  double median = 0, lo = 0, hi = 0;  // B / A
  std::size_t pairs = 0;
  std::size_t copies = 1;  // loaded copies a side the pairs came from
};

// The median of b[i] / a[i] and its 95% interval. Both vectors hold one
// positive time per pair, in the same order. Throws std::invalid_argument
// when the sizes differ or there are no pairs.
RatioEstimate paired_ratio(const std::vector<double>& a, const std::vector<double>& b);

// The ratio when each side took its samples from several loaded copies in
// turn (`ab --copies K`): a[j] and b[j] are the pairs of copy j of each side.
// Where a copy's code and scratch landed moves its time for as long as it
// stays loaded, so a copy, not a sample, is the unit that varies: the
// estimate is the median of the copies' own paired-ratio medians, and its
// interval the distribution-free one of that median over the copies (95% from
// six copies up). With one copy it is paired_ratio. A copy left without pairs
// (every pair throttled) is left out. Throws std::invalid_argument when the
// sides hold different numbers of copies or no copy holds a pair.
RatioEstimate copies_ratio(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b);

// The verdict of one row (the rule above). `ratio` is set when both sides
// were timed; a row correct on both sides without one is UNTIMED.
GateVerdict ab_verdict(bool a_correct, bool b_correct, const std::optional<RatioEstimate>& ratio,
                       double threshold_pct);

// One row in the gate's form, so the gate's text, JUnit and Markdown views
// show it: A as the baseline side, B as the current side, `why` giving the
// ratio, its interval and the pairs.
GateRow ab_row(const MeasurementRecord& a, const MeasurementRecord& b, const std::optional<RatioEstimate>& ratio,
               const AbThreshold& threshold);

// The rows, judged, as one result (command "ab", its rule as text): the
// variants timed from `copies` loaded copies a side, under
// threshold_for_copies(given, min_gap_given, copies); the baselines, one copy
// each, under `given`.
GateResult ab_result(std::vector<GateRow> rows, const AbThreshold& given, bool min_gap_given = false,
                     std::size_t copies = 1);

}  // namespace dotsweep
