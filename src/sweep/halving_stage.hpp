// --strategy halving before the full measurement (docs/design.md, "Search
// strategies"): every candidate screened with kScreenSamples samples at
// screen_sizes(sizes), rows in screen.csv as they finish; then only the
// baselines and the survivors are left to measure fully.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/supervisor_link.hpp"
#include "sweep/sweep_options.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

struct HalvingOutcome {
  nlohmann::json result;   // context.json's strategy_result: the survivors and what screening cost
  bool completed = true;   // false when Ctrl-C stopped the screening
};

// Screens (or, resumed after screening, takes the survivors its saved
// context.json recorded; resumed while screening, screens what screen.csv
// lacks), then leaves in `operations` the baselines and the survivors.
// Heartbeats go through `supervisor`, which is told the rows go to screen.csv.
HalvingOutcome run_halving(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                           const Environment& env, const std::vector<std::int64_t>& sizes,
                           const nlohmann::json* saved_context, std::vector<MeasuredOperation>& operations,
                           const std::string& out_dir, SupervisorLink& supervisor);

}  // namespace dotsweep
