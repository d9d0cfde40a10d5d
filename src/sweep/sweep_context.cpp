#include "sweep/sweep_context.hpp"

#include "core/space/space_source.hpp"
#include "core/space/sm_partition.hpp"
#include "dotsweep_version.hpp"

namespace dotsweep {

nlohmann::json sweep_identity(const SweepOptions& options, const SearchSpace& space,
                              const std::vector<std::int64_t>& sizes) {
  const StoppingRule& rule = options.measure.rule;
  std::vector<std::string> modes;
  for (const TimingMode mode : options.measure.modes) modes.push_back(to_string(mode));
  nlohmann::json j;
  j["dotsweep_version"] = DOTSWEEP_VERSION;
  j["seed"] = options.measure.seed;
  j["options"] = {{"sizes", sizes},
                  {"modes", modes},
                  {"min_samples", rule.min_samples},
                  {"max_samples", rule.max_samples},
                  {"ci_halfwidth_pct", rule.ci_halfwidth_pct},
                  {"time_budget_s", rule.budget_seconds}};
  // The strategy and its parameters: part of what a resume must share.
  const StrategySettings& strategy = options.strategy;
  nlohmann::json& chosen = j["options"]["strategy"];
  chosen["name"] = to_string(strategy.strategy);
  if (strategy.strategy == Strategy::random) chosen["budget"] = strategy.budget;
  if (strategy.strategy == Strategy::halving) {
    chosen["keep_fraction"] = strategy.keep_fraction;
    chosen["screen_samples"] = kScreenSamples;
    chosen["screen_sizes"] = screen_sizes(sizes);
  }
  // Recorded only for a sharded sweep, so reports from before --shard resume unchanged.
  if (!options.shard.whole()) j["shard"] = {{"index", options.shard.index}, {"count", options.shard.count}};
  j["space"] = {{"name", space.name},
                {"file", options.space_path.empty() ? kEmbeddedSpaceName : options.space_path},
                {"text", space.source_text},
                {"configs", space.configs.size()}};
  return j;
}

nlohmann::json sweep_context(const SweepOptions& options, const SearchSpace& space, const SpacePlan& plan,
                             const DeviceInfo& device, const Environment& env, const ReadCeiling& ceiling,
                             const std::vector<std::int64_t>& sizes, const std::string& nvml_status) {
  nlohmann::json j = sweep_identity(options, space, sizes);
  j["dotsweep_version"] = env.dotsweep_version;
  j["timestamp"] = env.timestamp;
  j["seed"] = env.seed;
  j["device"] = {{"index", device.index},       {"name", device.report_name()},
                 {"cc", env.cc},                {"sms", device.sms}, {"gpu_sms", device.gpu_sms},
                 {"l2_bytes", device.l2_bytes}, {"global_bytes", device.global_bytes},
                 {"memory_clock_khz", device.memory_clock_khz}, {"bus_width_bits", device.bus_width_bits},
                 {"peak_gbps", device.peak_gbps},
                 {"driver", env.driver},        {"cuda_runtime", env.cuda},
                 {"nvml", nvml_status.empty() ? "clocks recorded" : nvml_status}};
  // On a partition, the peak pct_peak uses is its read ceiling (env.peak_gbps)
  // and device.peak_gbps stays the whole GPU's theoretical one.
  if (device.partition) j["partition"] = partition_context(*device.partition, env.peak_gbps, device.peak_gbps);
  j["read_ceiling"] = {{"gbps", ceiling.gbps},
                       {"ci_lo_gbps", ceiling.ci_lo_gbps},
                       {"ci_hi_gbps", ceiling.ci_hi_gbps},
                       {"kernel", ceiling.shape},
                       {"bytes", ceiling.bytes}};
  nlohmann::json& o = j["options"];
  o["event_tick_us"] = kEventTickUs;
  o["min_hot_launches"] = kMinHotLaunches;
  o["throttle_fraction"] = kThrottleFraction;
  o["hot_footprint_l2s"] = kHotFootprintL2s;
  o["max_hot_slots"] = kMaxHotSlots;
  o["cache_dir"] = options.cache_dir;
  nlohmann::json rejects = nlohmann::json::array();
  for (const auto& r : plan.rejected) rejects.push_back({{"variant", r.id}, {"reason", r.reason}});
  j["space"]["rejected"] = rejects;
  // The same, counted per reason: what was left out on this GPU at a glance.
  nlohmann::json reasons = nlohmann::json::array();
  for (const RejectionCount& c : rejection_counts(plan)) reasons.push_back({{"reason", c.reason}, {"configs", c.configs}});
  j["space"]["rejected_count"] = plan.rejected.size();
  j["space"]["rejected_reasons"] = reasons;
  return j;
}

}  // namespace dotsweep
