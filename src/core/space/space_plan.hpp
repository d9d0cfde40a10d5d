// The first step of a sweep (and of `list`): the space's configurations split
// into those the device can run and those it cannot, with the reason, before
// anything is compiled.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/space/space_file.hpp"
#include "core/space/variant_config.hpp"

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

// The rejections grouped by reason, most configurations first (equal counts
// in the order the reasons first appear): what a report says was left out.
struct RejectionCount {
  std::string reason;
  std::size_t configs = 0;
};
std::vector<RejectionCount> rejection_counts(const SpacePlan& plan);

// summary.md's section on them: "" when nothing was rejected, else a heading,
// how many of `space_configs` were left out on `gpu`, and a table of counts and reasons.
std::string rejections_markdown(const SpacePlan& plan, std::size_t space_configs, const std::string& gpu);

}  // namespace dotsweep
