#include "sweep/resume_options.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "core/space/space_source.hpp"
#include "core/check/input_data.hpp"
#include "core/input_error.hpp"
#include "core/report/text_file.hpp"
#include "core/space/timing_mode.hpp"

namespace dotsweep {

nlohmann::json read_resume_context(const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string where = "--resume '" + dir + "'";
  if (!fs::is_directory(dir)) throw InputError(where + ": no such folder");
  const std::string context_path = dir + "/context.json", csv_path = dir + "/sweep.csv";
  if (!fs::exists(context_path) || !fs::exists(csv_path))
    throw InputError(where + ": not a dotsweep report folder (it needs sweep.csv and context.json)");
  nlohmann::json saved = nlohmann::json::parse(read_text_file(context_path), nullptr, /*allow_exceptions=*/false);
  if (saved.is_discarded() || !saved.is_object()) throw InputError(where + ": its context.json is not valid JSON");
  return saved;
}

namespace {

// context.json's value at `pointer` as a T; InputError naming the field when
// it is missing or not a T.
[[noreturn]] void unusable(const std::string& dir, const char* pointer, const std::string& value = "") {
  throw InputError("--resume '" + dir + "': its context.json has no usable " + std::string(pointer + 1) +
                   (value.empty() ? "" : " ('" + value + "')") + "; give the option on the command line");
}

template <class T>
T saved_value(const nlohmann::json& saved, const char* pointer, const std::string& dir) {
  try {
    return saved.at(nlohmann::json::json_pointer(pointer)).get<T>();
  } catch (const nlohmann::json::exception&) {
    unusable(dir, pointer);
  }
}

}  // namespace

void take_saved_options(SweepOptions& o, const nlohmann::json& saved, const GivenOptions& given) {
  const std::string& dir = o.resume_dir;
  const auto take = [&](bool typed, const char* pointer, auto& option) {
    if (!typed) option = saved_value<std::decay_t<decltype(option)>>(saved, pointer, dir);
  };
  if (!given.space) {
    const std::string file = saved_value<std::string>(saved, "/space/file", dir);
    o.space_path = file == kEmbeddedSpaceName ? "" : file;
    o.space_text = saved_value<std::string>(saved, "/space/text", dir);
    // The saved space was accepted once, whatever --max-configs it took.
    const auto configs = saved_value<std::size_t>(saved, "/space/configs", dir);
    if (!given.max_configs && configs > o.max_configs) o.max_configs = configs;
  }
  if (!given.sizes) {
    o.sizes = saved_value<std::vector<std::int64_t>>(saved, "/options/sizes", dir);
    for (const std::int64_t n : o.sizes)
      if (n < 1 || n > kMaxCheckedN)
        throw InputError("--resume '" + dir + "': its context.json lists size " + std::to_string(n) +
                         ", outside 1..2^29");
  }
  if (!given.modes) {
    std::string modes;
    for (const auto& mode : saved_value<std::vector<std::string>>(saved, "/options/modes", dir))
      modes += (modes.empty() ? "" : ",") + mode;
    try {
      o.measure.modes = parse_timing_modes(modes);
    } catch (const InputError&) {
      unusable(dir, "/options/modes", modes);
    }
  }
  StoppingRule& rule = o.measure.rule;
  take(given.seed, "/seed", o.measure.seed);
  take(given.min_samples, "/options/min_samples", rule.min_samples);
  take(given.max_samples, "/options/max_samples", rule.max_samples);
  take(given.ci_target, "/options/ci_halfwidth_pct", rule.ci_halfwidth_pct);
  take(given.time_budget, "/options/time_budget_s", rule.budget_seconds);
  if (!given.strategy) {
    const auto name = saved_value<std::string>(saved, "/options/strategy/name", dir);
    try {
      o.strategy.strategy = strategy_from_string(name);
    } catch (const InputError&) {
      unusable(dir, "/options/strategy/name", name);
    }
    if (o.strategy.strategy == Strategy::random)
      take(given.budget, "/options/strategy/budget", o.strategy.budget);
    if (o.strategy.strategy == Strategy::halving)
      take(given.keep, "/options/strategy/keep_fraction", o.strategy.keep_fraction);
  }
  if (!given.shard && saved.contains("shard")) {  // a report without one is of the whole plan
    const auto index = saved_value<int>(saved, "/shard/index", dir), count = saved_value<int>(saved, "/shard/count", dir);
    try {
      o.shard = parse_shard(std::to_string(index) + "/" + std::to_string(count));
    } catch (const InputError&) {
      unusable(dir, "/shard", std::to_string(index) + "/" + std::to_string(count));
    }
  }
  if (!given.device && saved.contains(nlohmann::json::json_pointer("/device/index")))
    take(false, "/device/index", o.device);
  if (!given.cache_dir && saved.contains(nlohmann::json::json_pointer("/options/cache_dir")))
    take(false, "/options/cache_dir", o.cache_dir);
}

}  // namespace dotsweep
