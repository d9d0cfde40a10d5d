// context.json: what a report was measured on and how, so it explains itself
// on another machine (environment, options, the space file, rejected configs).
#pragma once

#include <nlohmann/json.hpp>

#include "sweep/sweep_options.hpp"
#include "core/rows/record.hpp"
#include "core/space/space_file.hpp"
#include "core/space/space_plan.hpp"
#include "gpu/device_info.hpp"
#include "gpu/read_ceiling.hpp"

namespace dotsweep {

// The part of context.json known before looking for a GPU (version, seed,
// sizes, modes, stopping rule, space), laid out as in the full context so a
// resumed sweep compares it with the saved one (core/report/resume_plan.hpp).
nlohmann::json sweep_identity(const SweepOptions& options, const SearchSpace& space,
                              const std::vector<std::int64_t>& sizes);

nlohmann::json sweep_context(const SweepOptions& options, const SearchSpace& space, const SpacePlan& plan,
                             const DeviceInfo& device, const Environment& env, const ReadCeiling& ceiling,
                             const std::vector<std::int64_t>& sizes, const std::string& nvml_status);

}  // namespace dotsweep
