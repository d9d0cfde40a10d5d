#include "core/stats/group_coverage.hpp"

#include <algorithm>

namespace dotsweep {

std::map<GroupKey, GroupCoverage> partial_groups(const std::vector<MeasurementRecord>& records,
                                                 const CandidateCounts& planned) {
  std::map<GroupKey, GroupCoverage> partial;
  for (const auto& [key, rows] : group_by_question(records)) {
    const auto found = planned.find(std::get<0>(key));
    if (found == planned.end()) continue;
    const auto measured = static_cast<std::size_t>(
        std::count_if(rows.begin(), rows.end(), [](const auto* r) { return r->kind == "candidate"; }));
    if (measured < found->second) partial[key] = {measured, found->second};
  }
  return partial;
}

}  // namespace dotsweep
