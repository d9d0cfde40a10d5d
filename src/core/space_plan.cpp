#include "core/space_plan.hpp"

namespace dotsweep {

SpacePlan plan_space(const SearchSpace& space, const DeviceLimits& limits) {
  SpacePlan plan;
  for (const auto& config : space.configs) {
    if (auto reason = rejection_reason(config, limits)) plan.rejected.push_back({config.id(), *reason});
    else plan.valid.push_back(config);
  }
  return plan;
}

}  // namespace dotsweep
