// Which rows of a (type, n, mode) group a sweep cannot show slower than
// another: a row is shown slower as soon as some correct row's 95% interval of
// the median lies wholly below its own; the tie group is the rows for which no
// such row exists. Ranking, best.csv, summary.md, compare and gate all read
// the standing from here, so they cannot disagree about who tied.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// A closed interval [lo, hi].
struct Interval {
  double lo = 0, hi = 0;
};
// a.hi < b.lo: every value a allows is below every value b allows. Touching
// ends (a.hi == b.lo) are not wholly below: the interval shares that point.
bool wholly_below(const Interval& a, const Interval& b);

// The intervals no other interval lies wholly below, as indices in input
// order: those whose lo is at most the smallest hi. Never empty for a
// non-empty input (the interval with the smallest lo always qualifies).
std::vector<std::size_t> not_shown_slower(const std::vector<Interval>& intervals);

// The row's interval of the median; rows without one (older CSVs) count as a
// zero-width interval at their median, and an interval that misses its median
// (a damaged row) is widened to hold it. Empty when the row has no median.
std::optional<Interval> median_interval_of(const MeasurementRecord& row);

// baseline / row as an interval, [baseline lo / row hi, baseline hi / row lo].
// Empty unless both rows carry a real interval with row lo > 0: a point
// estimate must not pass for a certain one.
std::optional<Interval> speedup_interval(const MeasurementRecord& row, const MeasurementRecord& baseline);

// Rows answering the same question: same element type, n and timing mode.
using GroupKey = std::tuple<std::string, std::int64_t, std::string>;
GroupKey group_key_of(const MeasurementRecord& row);
// Rows per group, groups in ascending (type, n, mode) order, rows in input order.
std::map<GroupKey, std::vector<const MeasurementRecord*>> group_by_question(
    const std::vector<MeasurementRecord>& records);

struct GroupStanding {
  // Correct rows with a median, fastest first. Equal medians keep id order,
  // for output that is the same on every run; the order decides no winner,
  // since rows with equal medians always tie.
  std::vector<const MeasurementRecord*> by_median;
  // The rows of by_median that no row of by_median shows slower
  // (not_shown_slower), baselines included, in median order; by_median[0] is
  // always the first (its lo is at most its median, at most every median, at
  // most every hi).
  std::vector<const MeasurementRecord*> tie_group;
  bool tied(const MeasurementRecord* row) const;
};
GroupStanding standing_of(const std::vector<const MeasurementRecord*>& group);

// Ids joined by spaces, the first `shown` of them then "+K more".
std::string member_list(const std::vector<std::string>& ids, std::size_t shown = 8);

}  // namespace dotsweep
