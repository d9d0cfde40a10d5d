// Tie groups from the intervals. A row whose 95% interval of the median lies
// wholly above some other row's is shown slower by this sweep; one that no row
// is wholly below is not, however the medians happen to fall, and naming one
// of those the winner would report noise as a result. Anchoring on the row
// with the lowest median instead (its overlap partners) would keep a row that
// a third row is wholly below: bf16 n = 1 cold in the committed H200 baseline
// had a gather row [3.776, 3.808] us tied through the anchor [3.648, 3.808]
// although CUB's [3.648, 3.648] lies wholly below it.
#include "core/stats/tie_group.hpp"

#include <algorithm>

namespace dotsweep {

bool wholly_below(const Interval& a, const Interval& b) { return a.hi < b.lo; }

std::vector<std::size_t> not_shown_slower(const std::vector<Interval>& intervals) {
  std::vector<std::size_t> kept;
  if (intervals.empty()) return kept;
  double lowest_hi = intervals.front().hi;
  for (const auto& i : intervals) lowest_hi = std::min(lowest_hi, i.hi);
  // Some interval is wholly below i exactly when the lowest hi is below i.lo.
  for (std::size_t k = 0; k < intervals.size(); ++k)
    if (!(lowest_hi < intervals[k].lo)) kept.push_back(k);
  return kept;
}

std::optional<Interval> median_interval_of(const MeasurementRecord& row) {
  if (!row.median_us) return std::nullopt;
  const double median = *row.median_us;
  if (row.ci_lo_us && row.ci_hi_us)
    return Interval{std::min(*row.ci_lo_us, median), std::max(*row.ci_hi_us, median)};
  return Interval{median, median};
}

std::optional<Interval> speedup_interval(const MeasurementRecord& row, const MeasurementRecord& baseline) {
  if (!row.ci_lo_us || !row.ci_hi_us || !baseline.ci_lo_us || !baseline.ci_hi_us) return std::nullopt;
  if (!(*row.ci_lo_us > 0)) return std::nullopt;
  return Interval{*baseline.ci_lo_us / *row.ci_hi_us, *baseline.ci_hi_us / *row.ci_lo_us};
}

GroupKey group_key_of(const MeasurementRecord& row) { return {row.type, row.n, row.mode}; }

std::map<GroupKey, std::vector<const MeasurementRecord*>> group_by_question(
    const std::vector<MeasurementRecord>& records) {
  std::map<GroupKey, std::vector<const MeasurementRecord*>> groups;
  for (const auto& r : records) groups[group_key_of(r)].push_back(&r);
  return groups;
}

bool GroupStanding::tied(const MeasurementRecord* row) const {
  return std::find(tie_group.begin(), tie_group.end(), row) != tie_group.end();
}

GroupStanding standing_of(const std::vector<const MeasurementRecord*>& group) {
  GroupStanding standing;
  // Only a correct result with a time competes; a fast wrong answer stands
  // nowhere, and neither does the launch floor, which computes nothing, nor
  // a host path, which answers another question.
  for (const auto* r : group)
    if (r->correct && r->median_us && ranks_in_group(*r)) standing.by_median.push_back(r);
  std::stable_sort(standing.by_median.begin(), standing.by_median.end(), [](const auto* a, const auto* b) {
    if (*a->median_us != *b->median_us) return *a->median_us < *b->median_us;
    return a->variant < b->variant;
  });
  std::vector<Interval> intervals;
  for (const auto* r : standing.by_median) intervals.push_back(*median_interval_of(*r));
  for (const auto k : not_shown_slower(intervals)) standing.tie_group.push_back(standing.by_median[k]);
  return standing;
}

std::string member_list(const std::vector<std::string>& ids, std::size_t shown) {
  std::string out;
  for (std::size_t i = 0; i < ids.size() && i < shown; ++i) {
    if (i) out += ' ';
    out += ids[i];
  }
  if (ids.size() > shown) out += " +" + std::to_string(ids.size() - shown) + " more";
  return out;
}

}  // namespace dotsweep
