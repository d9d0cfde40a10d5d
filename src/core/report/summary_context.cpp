#include "core/report/summary_context.hpp"

#include <algorithm>

#include "core/input_error.hpp"
#include "core/io/markdown_text.hpp"
#include "core/report/resume_plan.hpp"
#include "core/space/sm_partition.hpp"
#include "core/space/space_plan.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

namespace {

using json = nlohmann::json;

// The value at `pointer` as text, or "" when it is absent or null.
std::string text_at(const json& context, const json::json_pointer& at) {
  if (!context.contains(at) || context.at(at).is_null()) return "";
  const json& v = context.at(at);
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string joined;
    for (const auto& item : v) joined += (joined.empty() ? "" : ",") + (item.is_string() ? item.get<std::string>() : item.dump());
    return joined;
  }
  return v.dump();
}

std::string or_not_recorded(const std::string& text) { return text.empty() ? "not recorded" : text; }

std::string command_text(const json& context) {
  const json::json_pointer& at = context_key::command;
  if (!context.contains(at) || !context.at(at).is_array() || context.at(at).empty())
    return "not recorded (context.json predates it)";
  std::string command;
  for (const auto& word : context.at(at))
    command += (command.empty() ? "" : " ") + shell_quoted(word.is_string() ? word.get<std::string>() : word.dump());
  return "`" + command + "`";
}

std::string summary_gpu_name(const json& context) {
  const std::string name = text_at(context, context_key::device_name);
  if (name.empty()) throw InputError("context.json: no device.name");
  return name;
}

// The name before a partition's " [k of m SMs]" suffix (sm_partition.hpp).
std::string whole_gpu_name(const json& context) {
  const std::string name = summary_gpu_name(context);
  const auto bracket = name.rfind(" [");
  return bracket == std::string::npos ? name : name.substr(0, bracket);
}

}  // namespace

std::string summary_opening(const json& context) {
  if (!context.is_object()) throw InputError("context.json: not a JSON object");
  const std::string gpu = summary_gpu_name(context);
  std::string md = "# dotsweep report: " + markdown_cell(gpu) + "\n\n";
  MarkdownTable table({{"", Align::left}, {"", Align::left}});
  const auto row = [&](const std::string& what, const std::string& value) { table.add_row({what, value}); };
  std::string device = markdown_cell(gpu);
  if (const std::string cc = text_at(context, context_key::device_cc); !cc.empty()) device += ", compute capability " + cc;
  if (const std::string sms = text_at(context, context_key::device_sms); !sms.empty()) device += ", " + sms + " SMs";
  row("GPU", device);
  row("date (UTC)", or_not_recorded(text_at(context, context_key::timestamp)));
  std::string version = or_not_recorded(text_at(context, context_key::version));
  if (const std::string driver = text_at(context, context_key::device_driver); !driver.empty())
    version += " (CUDA driver " + driver + ", runtime " + or_not_recorded(text_at(context, context_key::device_runtime)) + ")";
  row("dotsweep", version);
  row("command", markdown_cell(command_text(context)));
  std::string space = or_not_recorded(text_at(context, context_key::space_name));
  if (const std::string configs = text_at(context, context_key::space_configs); !configs.empty())
    space += " (" + configs + " configurations)";
  if (const std::string tree = text_at(context, context_key::kernels_tree); !tree.empty())
    row("kernels", markdown_cell("the tree in " + tree + " (digest " + text_at(context, context_key::kernels_digest) +
                                 "), not the built-in one"));
  row("space", markdown_cell(space));
  row("sizes", markdown_cell(or_not_recorded(text_at(context, context_key::sizes))));
  row("modes", markdown_cell(or_not_recorded(text_at(context, context_key::modes))));
  row("strategy", markdown_cell(or_not_recorded(text_at(context, context_key::strategy_name))));
  row("seed", or_not_recorded(text_at(context, context_key::seed)));
  md += table.text();
  const json::json_pointer& partition = context_key::partition;
  if (context.contains(partition) && context.at(partition).is_object()) {
    const json& p = context.at(partition);
    SmPartitionShape shape;
    shape.requested = p.value("sms_requested", 0);
    shape.sms = p.value("sms", 0);
    shape.gpu_sms = p.value("gpu_sms", 0);
    md += "\n" + partition_summary_note(shape, whole_gpu_name(context), p.value("peak_gbps", 0.0));
  }
  return md;
}

std::string summary_closing(const json& context) {
  const json::json_pointer& at = context_key::space_rejected;
  if (!context.contains(at) || !context.at(at).is_array()) return "";
  SpacePlan plan;
  for (const auto& r : context.at(at)) plan.rejected.push_back({r.value("variant", ""), r.value("reason", "")});
  const std::string cc = text_at(context, context_key::device_cc);  // "9.0" -> sm_90
  std::string arch = cc;
  arch.erase(std::remove(arch.begin(), arch.end(), '.'), arch.end());
  return rejections_markdown(plan, context.value(context_key::space_configs, std::size_t{0}),
                             whole_gpu_name(context) + (arch.empty() ? "" : " (sm_" + arch + ")"));
}

CandidateCounts planned_candidates(const json& context) {
  CandidateCounts planned;
  const json::json_pointer& at = context_key::run_planned_candidates;
  if (!context.contains(at) || !context.at(at).is_object()) return planned;
  for (const auto& [type, count] : context.at(at).items())
    if (count.is_number_integer() && count.get<std::int64_t>() >= 0) planned[type] = count.get<std::size_t>();
  return planned;
}

}  // namespace dotsweep
