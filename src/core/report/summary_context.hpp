// What summary.md says around its tables, read from the report's
// context.json: the opening (GPU, date, version, the command, the space) and
// the closing section on what the planner left out. The sweep and `dotsweep
// report` both build them from context.json through these functions, so a
// re-rendered summary is the sweep's own.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/stats/group_coverage.hpp"

namespace dotsweep {

// The opening of summary.md: a title naming the GPU, a table of the context
// (GPU, compute capability, date, dotsweep version, the command, space,
// sizes, modes, strategy, seed; "not recorded" for what an older
// context.json lacks) and, on an SM partition, what the partition was.
// Throws InputError when `context` is not an object or lacks device.name.
std::string summary_opening(const nlohmann::json& context);

// The closing section: the configurations the planner left out on this GPU
// (core/space/space_plan.hpp, rejections_markdown); "" when none were.
std::string summary_closing(const nlohmann::json& context);

// The candidates the sweep planned per type (context.json's
// run.planned_candidates), which tells a group the sweep stopped inside
// (core/stats/group_coverage.hpp); empty (no group judged partial) when the
// context does not record them.
CandidateCounts planned_candidates(const nlohmann::json& context);

}  // namespace dotsweep
