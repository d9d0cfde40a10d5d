// `dotsweep --resume DIR` from the folder alone: the options that decide
// which rows belong in the report (space, sizes, modes, seed, stopping rule,
// strategy) and where they were measured (device, cubin cache) come from the
// report's context.json unless the command line gives them; given ones must
// agree with it (core/report/resume_plan.hpp compares them before the GPU).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "sweep/sweep_options.hpp"

namespace dotsweep {

// The folder's context.json, after checking that DIR is a report folder
// (sweep.csv and context.json) and the JSON an object; throws InputError
// naming DIR otherwise.
nlohmann::json read_resume_context(const std::string& dir);

// Which of the options context.json can supply the command line gave.
struct GivenOptions {
  bool space = false, sizes = false, modes = false, seed = false, min_samples = false, max_samples = false,
       ci_target = false, time_budget = false, strategy = false, budget = false, keep = false, device = false,
       cache_dir = false, max_configs = false, shard = false, host_paths = false, kernels = false;
};

// Fills every option of `options` that `given` says was not typed from
// `saved` (a context.json): the space as its saved text, not its file,
// which may have changed since. Throws InputError naming a field that is
// missing or of the wrong kind.
void take_saved_options(SweepOptions& options, const nlohmann::json& saved, const GivenOptions& given);

}  // namespace dotsweep
