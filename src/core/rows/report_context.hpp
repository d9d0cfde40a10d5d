// Where a report's context.json lies, and what the gate reads from it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace dotsweep {

// The context.json of a report CSV: beside a sweep.csv[.gz] in its folder;
// NAME.context.json beside a renamed copy NAME.csv[.gz] (as
// results/baselines/h200.csv.gz keeps it). Throws InputError for a path that
// is not a .csv or .csv.gz file.
std::string report_context_path(const std::string& csv_path);
// report_context_path, or nothing for a name that is not .csv or .csv.gz.
std::optional<std::string> context_beside(const std::string& csv_path);

// How many processes swept the report: the shards a merge joined
// (merged_from) or the one sweep, plus each time it was resumed (resumes).
// A process's first launch-bound sizes read faster than the same sizes later
// in one (docs/scaling.md), so this is part of what a report swept.
std::size_t processes_that_swept(const nlohmann::json& context);

// The context.json beside `csv_path`, parsed; nothing when there is none (a
// fixture cut to the gate's columns) or the name is not .csv or .csv.gz.
// Throws InputError naming the file when it is there but not a JSON object.
std::optional<nlohmann::json> context_json_beside(const std::string& csv_path);
// processes_that_swept of context_json_beside.
std::optional<std::size_t> processes_beside(const std::string& csv_path);

}  // namespace dotsweep
