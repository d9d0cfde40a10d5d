// Tie groups by interval overlap. Two rows whose 95% intervals of the median
// overlap are not shown apart by this sweep, however their medians happen to
// fall; naming one of them the winner would report noise as a result.
#include "core/tie_group.hpp"

#include <algorithm>

namespace dotsweep {

bool overlaps(const Interval& a, const Interval& b) { return a.lo <= b.hi && b.lo <= a.hi; }

std::optional<Interval> median_interval_of(const MeasurementRecord& row) {
  if (!row.median_us) return std::nullopt;
  if (row.ci_lo_us && row.ci_hi_us) return Interval{*row.ci_lo_us, *row.ci_hi_us};
  return Interval{*row.median_us, *row.median_us};
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
  // nowhere, and neither does the launch floor, which computes nothing.
  for (const auto* r : group)
    if (r->correct && r->median_us && r->kind != "floor") standing.by_median.push_back(r);
  std::stable_sort(standing.by_median.begin(), standing.by_median.end(), [](const auto* a, const auto* b) {
    if (*a->median_us != *b->median_us) return *a->median_us < *b->median_us;
    return a->variant < b->variant;
  });
  if (standing.by_median.empty()) return standing;
  const Interval fastest = *median_interval_of(*standing.by_median.front());
  for (const auto* r : standing.by_median)
    if (overlaps(*median_interval_of(*r), fastest)) standing.tie_group.push_back(r);
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
