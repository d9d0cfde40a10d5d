// Which rows of a (type, n, mode) group a sweep cannot tell apart from the
// fastest: those whose 95% interval of the median overlaps the fastest row's.
// Ranking, best.csv and summary.md all read the standing from here, so they
// cannot disagree about who tied.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/record.hpp"

namespace dotsweep {

// A closed interval [lo, hi].
struct Interval {
  double lo = 0, hi = 0;
};
bool overlaps(const Interval& a, const Interval& b);

// The row's interval of the median; rows without one (older CSVs) count as a
// zero-width interval at their median. Empty when the row has no median.
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
  // The rows of by_median whose interval overlaps by_median[0]'s, baselines
  // included, in median order; by_median[0] is always the first.
  std::vector<const MeasurementRecord*> tie_group;
  bool tied(const MeasurementRecord* row) const;
};
GroupStanding standing_of(const std::vector<const MeasurementRecord*>& group);

// Ids joined by spaces, the first `shown` of them then "+K more".
std::string member_list(const std::vector<std::string>& ids, std::size_t shown = 8);

}  // namespace dotsweep
