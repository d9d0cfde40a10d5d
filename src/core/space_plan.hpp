// The first step of a sweep (and of `list`): the space's configurations split
// into those the device can run and those it cannot, with the reason, before
// anything is compiled.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/space_file.hpp"
#include "core/variant_config.hpp"

namespace dotsweep {

struct RejectedConfig {
  std::string id;
  std::string reason;
};

struct SpacePlan {
  std::vector<VariantConfig> valid;     // in space order
  std::vector<RejectedConfig> rejected;
};

SpacePlan plan_space(const SearchSpace& space, const DeviceLimits& limits);

}  // namespace dotsweep
