#include "sweep/resume_options.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "core/space/space_source.hpp"
#include "core/space/size_list.hpp"
#include "core/input_error.hpp"
#include "core/io/text_file.hpp"
#include "core/space/timing_mode.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

nlohmann::json read_resume_context(const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string where = "--resume '" + dir + "'";
  if (!fs::is_directory(dir)) throw InputError(where + ": no such folder");
  const std::string context_path = dir + "/context.json", csv_path = dir + "/sweep.csv";
  if (!fs::exists(context_path) || !fs::exists(csv_path))
    throw InputError(where + ": not a dotsweep report folder (it needs sweep.csv and context.json)");
  nlohmann::json saved = nlohmann::json::parse(read_text_file(context_path, kContextKind), nullptr, /*allow_exceptions=*/false);
  if (saved.is_discarded() || !saved.is_object()) throw InputError(where + ": its context.json is not valid JSON");
  return saved;
}

namespace {

// context.json's value at `pointer` as a T; InputError naming the field when
// it is missing or not a T.
[[noreturn]] void unusable(const std::string& dir, const nlohmann::json::json_pointer& pointer,
                           const std::string& value = "") {
  throw InputError("--resume '" + dir + "': its context.json has no usable " + pointer.to_string().substr(1) +
                   (value.empty() ? "" : " ('" + value + "')") + "; give the option on the command line");
}

template <class T>
T saved_value(const nlohmann::json& saved, const nlohmann::json::json_pointer& pointer, const std::string& dir) {
  try {
    return saved.at(pointer).get<T>();
  } catch (const nlohmann::json::exception&) {
    unusable(dir, pointer);
  }
}

}  // namespace

void take_saved_options(SweepOptions& o, const nlohmann::json& saved, const GivenOptions& given) {
  const std::string& dir = o.resume_dir;
  const auto take = [&](bool typed, const nlohmann::json::json_pointer& pointer, auto& option) {
    if (!typed) option = saved_value<std::decay_t<decltype(option)>>(saved, pointer, dir);
  };
  if (!given.space) {
    const std::string file = saved_value<std::string>(saved, context_key::space_file, dir);
    o.space_path = file == kEmbeddedSpaceName ? "" : file;
    o.space_text = saved_value<std::string>(saved, context_key::space_text, dir);
    // The saved space was accepted once, whatever --max-configs it took.
    const auto configs = saved_value<std::size_t>(saved, context_key::space_configs, dir);
    if (!given.max_configs && configs > o.max_configs) o.max_configs = configs;
  }
  // A sweep of the built-in tree records none; the folder is read again and
  // its text must still match the saved digest (resume_run_fields).
  if (!given.kernels && saved.contains(context_key::kernels_tree))
    o.kernels_dir = saved_value<std::string>(saved, context_key::kernels_tree, dir);
  if (!given.sizes) {
    o.sizes = saved_value<std::vector<std::int64_t>>(saved, context_key::sizes, dir);
    for (const std::int64_t n : o.sizes)
      if (n < 1 || n > kMaxCheckedN)
        throw InputError("--resume '" + dir + "': its context.json lists size " + std::to_string(n) +
                         ", outside 1..2^29");
  }
  if (!given.modes) {
    std::string modes;
    for (const auto& mode : saved_value<std::vector<std::string>>(saved, context_key::modes, dir))
      modes += (modes.empty() ? "" : ",") + mode;
    try {
      o.measure.modes = parse_timing_modes(modes);
    } catch (const InputError&) {
      unusable(dir, context_key::modes, modes);
    }
  }
  StoppingRule& rule = o.measure.rule;
  take(given.seed, context_key::seed, o.measure.seed);
  take(given.min_samples, context_key::min_samples, rule.min_samples);
  take(given.max_samples, context_key::max_samples, rule.max_samples);
  take(given.ci_target, context_key::ci_halfwidth_pct, rule.ci_halfwidth_pct);
  take(given.time_budget, context_key::time_budget_s, rule.budget_seconds);
  if (!given.strategy) {
    const auto name = saved_value<std::string>(saved, context_key::strategy_name, dir);
    try {
      o.strategy.strategy = strategy_from_string(name);
    } catch (const InputError&) {
      unusable(dir, context_key::strategy_name, name);
    }
    if (o.strategy.strategy == Strategy::random)
      take(given.budget, context_key::strategy_budget, o.strategy.budget);
    if (o.strategy.strategy == Strategy::halving)
      take(given.keep, context_key::strategy_keep_fraction, o.strategy.keep_fraction);
  }
  if (!given.shard && saved.contains(context_key::shard)) {  // a report without one is of the whole plan
    const auto index = saved_value<int>(saved, context_key::shard_index, dir),
               count = saved_value<int>(saved, context_key::shard_count, dir);
    try {
      o.shard = parse_shard(std::to_string(index) + "/" + std::to_string(count));
    } catch (const InputError&) {
      unusable(dir, context_key::shard, std::to_string(index) + "/" + std::to_string(count));
    }
  }
  if (!given.host_paths && saved.contains(context_key::host_paths))
    take(false, context_key::host_paths, o.measure.host_paths);
  if (!given.device && saved.contains(context_key::device_index))
    take(false, context_key::device_index, o.device);
  if (!given.cache_dir && saved.contains(context_key::cache_dir))
    take(false, context_key::cache_dir, o.cache_dir);
}

}  // namespace dotsweep
