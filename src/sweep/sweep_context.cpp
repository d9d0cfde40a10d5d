#include "sweep/sweep_context.hpp"

#include "core/rows/context_keys.hpp"
#include "core/report/text_digest.hpp"
#include "core/space/space_source.hpp"
#include "core/space/sm_partition.hpp"
#include "dotsweep_version.hpp"

namespace dotsweep {

nlohmann::json sweep_identity(const SweepOptions& options, const SearchSpace& space,
                              const std::vector<std::int64_t>& sizes) {
  const StoppingRule& rule = options.measure.rule;
  std::vector<std::string> modes;
  for (const TimingMode mode : options.measure.modes) modes.push_back(to_string(mode));
  namespace key = context_key;
  nlohmann::json j;
  j[key::version] = DOTSWEEP_VERSION;
  j[key::seed] = options.measure.seed;
  j[key::sizes] = sizes;
  j[key::modes] = modes;
  j[key::min_samples] = rule.min_samples;
  j[key::max_samples] = rule.max_samples;
  j[key::ci_halfwidth_pct] = rule.ci_halfwidth_pct;
  j[key::time_budget_s] = rule.budget_seconds;
  if (options.measure.host_paths) j[key::host_paths] = true;
  // The strategy and its parameters: part of what a resume must share.
  const StrategySettings& strategy = options.strategy;
  j[key::strategy_name] = to_string(strategy.strategy);
  if (strategy.strategy == Strategy::random) j[key::strategy_budget] = strategy.budget;
  if (strategy.strategy == Strategy::halving) {
    j[key::strategy_keep_fraction] = strategy.keep_fraction;
    j[key::strategy]["screen_samples"] = kScreenSamples;
    j[key::strategy]["screen_sizes"] = screen_sizes(sizes);
  }
  // Recorded only for a sharded sweep, so reports from before --shard resume unchanged.
  if (!options.shard.whole()) {
    j[key::shard_index] = options.shard.index;
    j[key::shard_count] = options.shard.count;
  }
  // Only for --kernels, so reports of the built-in tree resume unchanged.
  if (!options.kernels_dir.empty()) {
    j[key::kernels_tree] = options.kernels_dir;
    j[key::kernels_digest] = fnv1a_hex(options.kernel_source);
  }
  j[key::space_name] = space.name;
  j[key::space_file] = options.space_path.empty() ? kEmbeddedSpaceName : options.space_path;
  j[key::space_text] = space.source_text;
  j[key::space_configs] = space.configs.size();
  return j;
}

nlohmann::json sweep_context(const SweepOptions& options, const SearchSpace& space, const SpacePlan& plan,
                             const DeviceInfo& device, const Environment& env, const ReadCeiling& ceiling,
                             const std::vector<std::int64_t>& sizes, const std::string& nvml_status) {
  namespace key = context_key;
  nlohmann::json j = sweep_identity(options, space, sizes);
  j[key::version] = env.dotsweep_version;
  j[key::timestamp] = env.timestamp;
  j[key::seed] = env.seed;
  j[key::device] = {{"gpu_sms", device.gpu_sms},
                    {"l2_bytes", device.l2_bytes}, {"global_bytes", device.global_bytes},
                    {"memory_clock_khz", device.memory_clock_khz}, {"bus_width_bits", device.bus_width_bits},
                    {"peak_gbps", device.peak_gbps},
                    {"nvml", nvml_status.empty() ? "clocks recorded" : nvml_status}};
  j[key::device_index] = device.index;
  j[key::device_uuid] = device.uuid;
  j[key::device_name] = device.report_name();
  j[key::device_cc] = env.cc;
  j[key::device_sms] = device.sms;
  j[key::device_driver] = env.driver;
  j[key::device_runtime] = env.cuda;
  // On a partition, the peak pct_peak uses is its read ceiling (env.peak_gbps)
  // and device.peak_gbps stays the whole GPU's theoretical one.
  if (device.partition) j[key::partition] = partition_context(*device.partition, env.peak_gbps, device.peak_gbps);
  j[key::read_ceiling] = {{"gbps", ceiling.gbps},
                       {"ci_lo_gbps", ceiling.ci_lo_gbps},
                       {"ci_hi_gbps", ceiling.ci_hi_gbps},
                       {"kernel", ceiling.shape},
                       {"bytes", ceiling.bytes}};
  nlohmann::json& o = j[key::options];
  o["event_tick_us"] = kEventTickUs;
  o["min_hot_launches"] = kMinHotLaunches;
  o["throttle_fraction"] = kThrottleFraction;
  o["hot_footprint_l2s"] = kHotFootprintL2s;
  o["max_hot_slots"] = kMaxHotSlots;
  o["cache_dir"] = options.cache_dir;
  nlohmann::json rejects = nlohmann::json::array();
  for (const auto& r : plan.rejected) rejects.push_back({{"variant", r.id}, {"reason", r.reason}});
  j[key::space_rejected] = rejects;
  // The same, counted per reason: what was left out on this GPU at a glance.
  nlohmann::json reasons = nlohmann::json::array();
  for (const RejectionCount& c : rejection_counts(plan)) reasons.push_back({{"reason", c.reason}, {"configs", c.configs}});
  j[key::space]["rejected_count"] = plan.rejected.size();
  j[key::space]["rejected_reasons"] = reasons;
  return j;
}

}  // namespace dotsweep
