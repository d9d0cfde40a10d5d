#include "cli/sweep_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/compile_queue.hpp"
#include "cli/measured_operation.hpp"
#include "cli/operation_measurer.hpp"
#include "cli/progress.hpp"
#include "cli/report_folder.hpp"
#include "cli/space_source.hpp"
#include "core/input_data.hpp"
#include "core/input_error.hpp"
#include "core/ranking.hpp"
#include "core/report_naming.hpp"
#include "core/report_writer.hpp"
#include "core/size_list.hpp"
#include "dot_kernel_source.hpp"
#include "dotsweep_version.hpp"
#include "gpu/baselines.hpp"
#include "gpu/read_ceiling.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/timers.hpp"
#include "gpu/variant_kernel.hpp"

namespace dotsweep {

namespace {

constexpr std::uint64_t kStreamA = 1, kStreamB = 2;

class Stream {
 public:
  Stream() { check_cuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate"); }
  ~Stream() { cudaStreamDestroy(stream_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

nlohmann::json context_json(const SweepOptions& options, const SearchSpace& space, const DeviceInfo& device,
                            const Environment& env, const std::vector<std::int64_t>& sizes,
                            const std::vector<std::pair<std::string, std::string>>& rejected) {
  nlohmann::json j;
  j["dotsweep_version"] = env.dotsweep_version;
  j["timestamp"] = env.timestamp;
  j["seed"] = env.seed;
  j["device"] = {{"index", device.index},       {"name", device.name},
                 {"cc", env.cc},                {"sms", device.sms},
                 {"l2_bytes", device.l2_bytes}, {"global_bytes", device.global_bytes},
                 {"memory_clock_khz", device.memory_clock_khz}, {"bus_width_bits", device.bus_width_bits},
                 {"peak_gbps", device.peak_gbps},
                 {"measured_read_gbps", env.measured_peak_gbps ? nlohmann::json(*env.measured_peak_gbps) : nlohmann::json()},
                 {"driver", env.driver},        {"cuda_runtime", env.cuda}};
  j["options"] = {{"sizes", sizes},
                  {"modes", options.modes},
                  {"min_samples", options.min_samples},
                  {"max_samples", options.max_samples},
                  {"max_noise_pct", options.max_noise_pct},
                  {"time_budget_s", options.time_budget_s},
                  {"throttle_fraction", kThrottleFraction},
                  {"hot_footprint_l2s", kHotFootprintL2s},
                  {"max_hot_slots", kMaxHotSlots},
                  {"cache_dir", options.cache_dir}};
  j["space"] = {{"name", space.name},
                {"file", options.space_path.empty() ? kEmbeddedSpaceName : options.space_path},
                {"text", space.source_text},
                {"configs", space.configs.size()}};
  nlohmann::json rejects = nlohmann::json::array();
  for (const auto& [id, reason] : rejected) rejects.push_back({{"variant", id}, {"reason", reason}});
  j["space"]["rejected"] = rejects;
  return j;
}

}  // namespace

int run_sweep(const SweepOptions& options_in) {
  const auto sweep_start = std::chrono::steady_clock::now();
  const std::time_t started_at = std::time(nullptr);
  SweepOptions options = options_in;
  if (options.cache_dir.empty()) options.cache_dir = default_cache_dir();
  const SearchSpace space = load_space_or_default(options.space_path);
  const std::vector<std::int64_t> sizes = options.sizes.empty() ? default_sizes() : options.sizes;
  for (const auto& mode : options.modes)
    if (mode != "cold" && mode != "hot") throw InputError("--mode: unknown mode '" + mode + "' (use cold, hot or cold,hot)");

  const DeviceInfo device = query_device(options.device);
  const DeviceLimits limits{device.max_threads_per_block, device.max_shared_per_block};

  std::vector<VariantConfig> valid;
  std::vector<std::pair<std::string, std::string>> rejected;
  for (const auto& config : space.configs) {
    if (auto reason = rejection_reason(config, limits)) rejected.emplace_back(config.id(), *reason);
    else valid.push_back(config);
  }

  Environment env;
  env.gpu = device.name;
  env.cc = std::to_string(device.cc_major) + "." + std::to_string(device.cc_minor);
  env.sms = device.sms;
  env.peak_gbps = device.peak_gbps;
  env.driver = version_string(device.driver_version);
  env.cuda = version_string(device.runtime_version);
  env.timestamp = utc_timestamp_iso(started_at);
  env.dotsweep_version = DOTSWEEP_VERSION;
  env.seed = options.seed;

  const std::string out_dir = options.out_dir.empty()
                                  ? options.results_root + "/" + gpu_slug(device.name) + "/" + utc_timestamp_compact(started_at)
                                  : options.out_dir;
  make_report_folder(out_dir);
  const unsigned host_threads = std::max(1u, std::thread::hardware_concurrency());

  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", device.arch(), options.cache_dir);
  CompileQueue compile_queue(compiler, valid, host_threads);

  Stream stream;
  const double read_ceiling = measure_read_ceiling_gbps(device, stream.get());
  if (read_ceiling > 0) env.measured_peak_gbps = read_ceiling;
  nlohmann::json context = context_json(options, space, device, env, sizes, rejected);
  write_text_file(out_dir + "/context.json", context.dump(2) + "\n");

  std::fprintf(stderr, "dotsweep %s on %s (cc %s, %d SMs, peak %.0f GB/s theoretical, %.0f GB/s measured read)\n",
               DOTSWEEP_VERSION, device.name.c_str(), env.cc.c_str(), device.sms, device.peak_gbps, read_ceiling);
  std::fprintf(stderr, "space '%s': %zu configs, %zu rejected; %zu sizes; modes:", space.name.c_str(),
               space.configs.size(), rejected.size(), sizes.size());
  for (const auto& mode : options.modes) std::fprintf(stderr, " %s", mode.c_str());
  std::fprintf(stderr, "\nreports: %s\n", out_dir.c_str());

  std::vector<MeasuredOperation> operations;
  for (auto& baseline : make_baselines(device)) {
    MeasuredOperation op;
    op.name = baseline.name;
    op.operation = std::move(baseline.operation);
    operations.push_back(std::move(op));
  }
  for (std::size_t i = 0; i < valid.size(); ++i) {
    MeasuredOperation op;
    op.name = valid[i].id();
    op.config = valid[i];
    op.compile_index = i;
    operations.push_back(std::move(op));
  }

  const StoppingRule rule{options.min_samples, options.max_samples, options.max_noise_pct, options.time_budget_s};
  OperationMeasurer measurer(device, stream.get(), options.modes, rule);

  SweepCsvWriter writer(out_dir + "/sweep.csv");
  std::vector<MeasurementRecord> records;
  ProgressBar progress(sizes.size() * operations.size(), options.progress);
  std::size_t peak_used_bytes = 0;
  std::vector<float> a, b;

  auto build = [&](MeasuredOperation& op) {
    if (op.operation || !op.failure.empty()) return;
    const CompileOutcome& outcome = compile_queue.get(op.compile_index);
    if (!outcome.kernels) {
      op.failure = "compile failed: " + outcome.error;
      return;
    }
    try {
      op.operation = std::make_unique<VariantKernel>(*op.config, *outcome.kernels, device);
    } catch (const GpuError& e) {
      op.failure = std::string("load failed: ") + e.what();
    }
  };

  // Fills the host inputs of one kind for size n (seeded by seed + n) and uploads them.
  auto load_inputs = [&](InputKind kind, std::int64_t n, SizeBuffers& buffers) {
    const std::uint64_t seed = options.seed + static_cast<std::uint64_t>(n);
    fill_inputs(a, kind, seed, kStreamA, host_threads);
    fill_inputs(b, kind, seed, kStreamB, host_threads);
    buffers.upload(a, b, stream.get());
  };

  int exit_status = 0;
  try {
    for (const std::int64_t n : sizes) {
      a.assign(static_cast<std::size_t>(n), 0.0f);
      b.assign(static_cast<std::size_t>(n), 0.0f);
      SizeBuffers buffers(n);

      // Pass 1: small integers, exact in any summation order.
      load_inputs(InputKind::small_integers, n, buffers);
      SizeReferences references;
      references.exact_integer = exact_integer_dot(a, b);
      for (auto& op : operations) {
        if (op.config) build(op);
        measurer.run_integer_pass(op, buffers);
      }

      // Pass 2: uniform random inputs against the float64 reference, then timing.
      load_inputs(InputKind::uniform, n, buffers);
      references.uniform = reference_dot(a, b, host_threads);
      const std::vector<DotInputs> hot_slots = measurer.hot_slots(buffers);

      std::size_t free_bytes = 0, total_bytes = 0;
      if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
        peak_used_bytes = std::max(peak_used_bytes, total_bytes - free_bytes);

      for (auto& op : operations) {
        for (const auto& row : measurer.measure(op, buffers, hot_slots, references, env)) {
          writer.append(row);
          records.push_back(row);
        }
        progress.advance(op.name + " n=" + size_label(n));
      }
    }
  } catch (const ContextLost& e) {
    std::fprintf(stderr, "dotsweep: %s; rows measured so far are in %s/sweep.csv\n", e.what(), out_dir.c_str());
    exit_status = 4;
  }
  progress.finish();

  rank_records(records);
  write_records(out_dir + "/sweep.csv", records);
  write_best_csv(out_dir + "/best.csv", best_per_group(records));
  const std::string summary = summary_markdown(records, options.top);
  write_text_file(out_dir + "/summary.md", summary + "\n");

  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count();
  context["run"] = {{"wall_seconds", wall},
                    {"compile_seconds", compile_queue.compile_seconds()},
                    {"compile_wait_seconds", compile_queue.wait_seconds()},
                    {"compiled_variants", valid.size()},
                    {"cubins_from_cache", compile_queue.from_cache()},
                    {"peak_device_memory_bytes", peak_used_bytes},
                    {"rows", records.size()},
                    {"completed", exit_status == 0}};
  write_text_file(out_dir + "/context.json", context.dump(2) + "\n");

  std::printf("%s\n", summary.c_str());
  std::printf(
      "sweep took %s; NVRTC compiled for %.1f s over %u threads (%zu of %zu cubins from cache), of which the sweep "
      "waited %.1f s; reports in %s\n",
      format_duration(wall).c_str(), compile_queue.compile_seconds(), host_threads, compile_queue.from_cache(),
      valid.size(), compile_queue.wait_seconds(), out_dir.c_str());
  return exit_status;
}

}  // namespace dotsweep
