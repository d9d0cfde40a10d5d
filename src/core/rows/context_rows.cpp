#include "core/rows/context_rows.hpp"

#include <algorithm>
#include <optional>

#include "core/input_error.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

namespace {

using json = nlohmann::json;

// The string at `at`, or nothing when the context has none.
std::optional<std::string> string_at(const json& context, const json::json_pointer& at) {
  if (!context.is_object() || !context.contains(at) || !context.at(at).is_string()) return std::nullopt;
  return context.at(at).get<std::string>();
}

[[noreturn]] void disagree(const std::string& context_path, const std::string& entry, const std::string& expected,
                           const std::string& csv_path, std::size_t row, const std::string& column,
                           const std::string& value) {
  throw InputError(context_path + ": " + entry + " '" + expected + "' but " + csv_path + ", row " +
                   std::to_string(row) + " has " + column + " '" + value +
                   "': the context.json is another report's; pass the report's own");
}

}  // namespace

void require_context_matches_rows(const json& context, const std::string& context_path,
                                  const std::vector<MeasurementRecord>& rows, const std::string& csv_path) {
  const auto gpu = string_at(context, context_key::device_name);
  const auto version = string_at(context, context_key::version);
  const auto timestamp = string_at(context, context_key::timestamp);
  std::vector<std::string> modes;
  const json::json_pointer& modes_at = context_key::modes;
  const bool has_modes = context.is_object() && context.contains(modes_at) && context.at(modes_at).is_array();
  if (has_modes)
    for (const auto& m : context.at(modes_at))
      if (m.is_string()) modes.push_back(m.get<std::string>());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const MeasurementRecord& r = rows[i];
    const std::size_t row = i + 1;
    if (gpu && !r.env.gpu.empty() && r.env.gpu != *gpu)
      disagree(context_path, "device.name", *gpu, csv_path, row, "gpu", r.env.gpu);
    if (version && !r.env.dotsweep_version.empty() && r.env.dotsweep_version != *version)
      disagree(context_path, "dotsweep_version", *version, csv_path, row, "dotsweep_version", r.env.dotsweep_version);
    if (timestamp && !r.env.timestamp.empty() && r.env.timestamp != *timestamp)
      disagree(context_path, "timestamp", *timestamp, csv_path, row, "timestamp", r.env.timestamp);
    if (has_modes && std::find(modes.begin(), modes.end(), r.mode) == modes.end()) {
      std::string listed;
      for (const auto& m : modes) listed += (listed.empty() ? "" : ",") + m;
      disagree(context_path, "options.modes", listed, csv_path, row, "mode", r.mode);
    }
  }
}

}  // namespace dotsweep
