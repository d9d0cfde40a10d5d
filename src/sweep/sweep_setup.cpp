#include "sweep/sweep_setup.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "sweep/resume_options.hpp"
#include "core/space/space_source.hpp"
#include "sweep/sweep_context.hpp"
#include "core/report/counter_rows.hpp"
#include "core/input_error.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_naming.hpp"
#include "core/rows/samples_file.hpp"
#include "core/space/search_strategy.hpp"
#include "core/space/size_list.hpp"
#include "core/io/text_file.hpp"
#include "dotsweep_version.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "measure/size_inputs.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

Environment environment_of(const DeviceInfo& device, std::time_t started_at, std::uint64_t seed) {
  Environment env;
  env.gpu = device.report_name();
  env.device = device.index;
  env.gpu_uuid = device.uuid;
  env.cc = std::to_string(device.cc_major) + "." + std::to_string(device.cc_minor);
  env.sms = device.sms;
  env.peak_gbps = device.peak_gbps;
  env.driver = version_string(device.driver_version);
  env.cuda = version_string(device.runtime_version);
  env.timestamp = utc_timestamp_iso(started_at);
  env.dotsweep_version = DOTSWEEP_VERSION;
  env.seed = seed;
  return env;
}

namespace {

std::uint64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

// A sweep of a space with nothing to measure is a mistake in the space (a
// `list` of it is fine: that is how one finds out why).
void require_valid_configs(const SearchSpace& space, const SpacePlan& plan, const std::string& against,
                           const std::string& space_path) {
  if (!plan.valid.empty()) return;
  std::string first;
  if (!plan.rejected.empty()) first = " (first: " + plan.rejected.front().id + ": " + plan.rejected.front().reason + ")";
  throw InputError("space '" + space.name + "': none of its " + std::to_string(space.configs.size()) +
                   " configurations is valid " + against + first + "; `dotsweep list" +
                   (space_path.empty() ? "" : " --space " + space_path) + "` shows every reason");
}

// Refuses up front the sizes whose buffers the device cannot hold, rather
// than failing at cudaMalloc with part of the report written.
void require_device_memory(const std::vector<std::int64_t>& sizes, const DeviceInfo& device, bool hot,
                           ElementType widest) {
  constexpr std::size_t kHarnessReserve = std::size_t{512} << 20;  // timers, cuBLAS/CUB workspaces, partials
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return;  // the sweep will say what failed
  const std::size_t usable = free_bytes > kHarnessReserve ? free_bytes - kHarnessReserve : 0;
  for (const std::int64_t n : sizes) {
    const std::size_t needed =
        SizeBuffers::device_bytes(n, widest, hot ? kHotFootprintL2s * device.l2_bytes : 0, kMaxHotSlots);
    if (needed > usable)
      throw InputError("--sizes: n = " + size_label(n) + " needs " + byte_figure(needed) +
                       " of device memory (2 inputs x " + std::to_string(n) + " x " +
                       std::to_string(element_bytes(widest)) + " bytes (" + to_string(widest) + "), padded" +
                       (hot ? ", plus the hot-timing copies" : "") + "), more than the " + byte_figure(usable) +
                       " free on device " + std::to_string(device.index) + " (" + device.name +
                       ") after 512 MiB kept for the harness; pass smaller --sizes");
  }
}
// Reads and checks the folder before looking for a GPU; throws InputError.
ResumeState open_resume(const std::string& dir, const nlohmann::json& identity_now,
                        const std::vector<std::string>& modes, bool recount) {
  const std::string where = "--resume '" + dir + "'";
  const std::string csv_path = dir + "/sweep.csv";
  ResumeState state;
  state.saved_context = read_resume_context(dir);
  if (auto mismatch = resume_mismatch(state.saved_context, identity_now, resume_run_fields()))
    throw InputError(where + ": " + *mismatch + "; leave the option out to resume with the saved value (`dotsweep "
                     "--resume DIR` alone takes every one from context.json) or start a new --out folder");
  const nlohmann::json* timestamp = state.saved_context.contains("timestamp") ? &state.saved_context["timestamp"] : nullptr;
  if (!timestamp || !timestamp->is_string()) throw InputError(where + ": its context.json has no timestamp");
  state.timestamp = timestamp->get<std::string>();
  ResumableCsv csv = read_resumable_csv(read_text_file(csv_path), csv_path);
  // The counter rows of finished sizes (core/report/counter_rows.hpp); a row cut
  // short there is one whose counters are lost, not a row to measure again.
  const std::string counters_path = dir + "/" + kCounterRowsFile;
  if (std::filesystem::exists(counters_path))
    merge_counter_rows(csv.rows, read_resumable_csv(read_text_file(counters_path), counters_path).rows);
  else
    merge_counter_rows(csv.rows, {});
  // Read now, before the GPU, so a damaged one is named before anything
  // runs; the folder keeps the samples of the kept rows (ReportFolder).
  const std::string samples_path = dir + "/" + kSamplesFile;
  if (std::filesystem::exists(samples_path) && read_samples(samples_path).torn_tail)
    std::fprintf(stderr, "dotsweep: warning: %s ended in a member cut short (the sweep was killed while writing it); "
                 "its row is measured again\n", samples_path.c_str());
  if (csv.torn_tail)
    std::fprintf(stderr, "dotsweep: warning: %s ended in a row cut short (the sweep was killed while writing it); "
                 "that row is measured again\n", csv_path.c_str());
  for (const auto& row : csv.rows)
    if (row.env.timestamp != state.timestamp)
      throw InputError(where + ": sweep.csv holds a row of another sweep (timestamp " + row.env.timestamp +
                       ", context.json says " + state.timestamp + ")");
  state.plan = plan_resume(csv.rows, modes, recount);
  return state;
}
// ---- search strategies (core/space/search_strategy.hpp)

// --strategy random: the seeded sample of the device's valid configurations.
std::vector<VariantConfig> randomly_chosen(const std::vector<VariantConfig>& valid, const SweepOptions& options) {
  std::vector<VariantConfig> chosen;
  for (const std::size_t i : random_selection(valid.size(), options.strategy.budget, options.measure.seed))
    chosen.push_back(valid[i]);
  return chosen;
}

// A shard measures only its types' variants; compiling the others is wasted.
std::vector<VariantConfig> of_slice_types(const std::vector<VariantConfig>& valid, const std::set<WorkUnit>& slice) {
  std::vector<VariantConfig> kept;
  for (const VariantConfig& config : valid)
    if (std::any_of(slice.begin(), slice.end(), [&](const WorkUnit& u) { return u.type == config.type; }))
      kept.push_back(config);
  return kept;
}
}  // namespace

SweepSetup plan_sweep(const SweepOptions& options, std::time_t started_at) {
  SweepSetup s;
  s.space = options.space_text ? parse_space_text(*options.space_text,
                                                  options.space_path.empty() ? kEmbeddedSpaceName : options.space_path,
                                                  options.max_configs)
                               : load_space_or_default(options.space_path, options.max_configs);
  s.sizes = options.sizes.empty() ? default_sizes() : options.sizes;
  // One type's buffers are held at a time: the widest type of the space sets
  // the memory a size needs (f32 at least: its baselines are always measured).
  ElementType widest = ElementType::f32;
  for (const VariantConfig& config : s.space.configs)
    if (element_bytes(config.type) > element_bytes(widest)) widest = config.type;
  require_host_memory(s.sizes, physical_memory_bytes(), element_bytes(widest));
  if (!options.shard.whole()) s.slice = require_shard_slice(s.space.configs, s.sizes, options.shard);
  std::vector<std::string> mode_names;
  for (const TimingMode mode : options.measure.modes) mode_names.push_back(to_string(mode));
  if (!options.resume_dir.empty())
    s.resumed = open_resume(options.resume_dir, sweep_identity(options, s.space, s.sizes), mode_names,
                            options.measure.counters.scope != CounterScope::off);
  else if (!options.out_dir.empty())
    ReportFolder::require_free(options.out_dir);
  s.include_dirs = nvrtc_include_dirs();
  require_valid_configs(s.space, plan_space(s.space, DeviceLimits{}), "within the limits every CUDA GPU shares",
                        options.space_path);

  s.device = query_device(options.device);
  if (options.sms > 0) s.partition = SmPartition::create(s.device, options.sms);
  s.plan = plan_space(s.space, device_limits(s.device));
  require_valid_configs(s.space, s.plan, "on " + s.device.name, options.space_path);
  s.valid_configs = s.plan.valid.size();
  if (options.strategy.strategy == Strategy::random) s.plan.valid = randomly_chosen(s.plan.valid, options);
  if (s.slice) s.plan.valid = of_slice_types(s.plan.valid, *s.slice);  // after the draw: the same as unsharded
  const bool hot = std::find(options.measure.modes.begin(), options.measure.modes.end(), TimingMode::hot) !=
                   options.measure.modes.end();
  require_device_memory(s.sizes, s.device, hot, widest);
  s.env = environment_of(s.device, started_at, options.measure.seed);
  if (s.resumed) {
    nlohmann::json device_now;
    device_now["device"] = {{"name", s.device.report_name()}, {"cc", s.env.cc}};
    if (auto mismatch = resume_mismatch(s.resumed->saved_context, device_now, resume_device_fields()))
      throw InputError("--resume '" + options.resume_dir + "': " + *mismatch + "; resume on the same kind of GPU");
    s.env.timestamp = s.resumed->timestamp;
  }
  s.out_dir = s.resumed ? options.resume_dir
              : options.out_dir.empty()
                  ? options.results_root + "/" + gpu_slug(s.device.report_name()) + "/" + utc_timestamp_compact(started_at)
                  : options.out_dir;
  return s;
}

}  // namespace dotsweep
