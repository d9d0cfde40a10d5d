#include "core/space/space_plan.hpp"

#include <algorithm>

#include "core/io/markdown_text.hpp"

namespace dotsweep {

SpacePlan plan_space(const SearchSpace& space, const DeviceLimits& limits) {
  SpacePlan plan;
  for (const auto& config : space.configs) {
    if (auto reason = rejection_reason(config, limits)) plan.rejected.push_back({config.id(), *reason});
    else plan.valid.push_back(config);
  }
  return plan;
}

std::vector<RejectionCount> rejection_counts(const SpacePlan& plan) {
  std::vector<RejectionCount> counts;
  for (const RejectedConfig& r : plan.rejected) {
    auto it = std::find_if(counts.begin(), counts.end(), [&](const RejectionCount& c) { return c.reason == r.reason; });
    if (it == counts.end()) counts.push_back({r.reason, 1});
    else ++it->configs;
  }
  std::stable_sort(counts.begin(), counts.end(),
                   [](const RejectionCount& a, const RejectionCount& b) { return a.configs > b.configs; });
  return counts;
}

std::string rejections_markdown(const SpacePlan& plan, std::size_t space_configs, const std::string& gpu) {
  if (plan.rejected.empty()) return "";
  std::string md = "## Left out on this GPU\n\n" + std::to_string(plan.rejected.size()) + " of " +
                   std::to_string(space_configs) + " configurations of the space were not measured on " + gpu +
                   " (context.json lists each under space.rejected):\n\n";
  MarkdownTable table({{"configurations", Align::right}, {"reason", Align::left}});
  for (const RejectionCount& c : rejection_counts(plan)) table.add_row({std::to_string(c.configs), markdown_cell(c.reason)});
  return md + table.text();
}

}  // namespace dotsweep
