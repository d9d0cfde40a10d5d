// The sweep as three steps with plain data between them:
//   plan   the space split into valid and rejected configs, the sizes, the device;
//   run    every size through the SizeMeasurer (src/measure), each row appended
//          to the report as it is finished;
//   report the ReportFolder ranks the rows and writes the final files.
#include "cli/sweep_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "cli/interrupt.hpp"
#include "cli/planted_faults.hpp"
#include "cli/progress.hpp"
#include "cli/supervised_sweep.hpp"
#include "cli/worker_channel.hpp"
#include "cli/sweep_loop.hpp"
#include "cli/report_plots.hpp"
#include "cli/space_source.hpp"
#include "cli/sweep_context.hpp"
#include "core/counter_rows.hpp"
#include "core/report_folder.hpp"
#include "core/input_error.hpp"
#include "core/report_naming.hpp"
#include "core/ranking.hpp"
#include "core/report_writer.hpp"
#include "core/resume_plan.hpp"
#include "core/search_strategy.hpp"
#include "core/element_type.hpp"
#include "core/worker_protocol.hpp"
#include "core/text_file.hpp"
#include "core/size_list.hpp"
#include "core/space_plan.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "dotsweep_version.hpp"
#include "gpu/read_ceiling.hpp"
#include "measure/compile_queue.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"

namespace dotsweep {

namespace {

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

Environment environment_of(const DeviceInfo& device, std::time_t started_at, std::uint64_t seed) {
  Environment env;
  env.gpu = device.name;
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
void require_device_memory(const std::vector<std::int64_t>& sizes, const DeviceInfo& device, bool hot) {
  constexpr std::size_t kHarnessReserve = std::size_t{512} << 20;  // timers, cuBLAS/CUB workspaces, partials
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return;  // the sweep will say what failed
  const std::size_t usable = free_bytes > kHarnessReserve ? free_bytes - kHarnessReserve : 0;
  for (const std::int64_t n : sizes) {
    const std::size_t needed =
        SizeBuffers::device_bytes(n, hot ? kHotFootprintL2s * device.l2_bytes : 0, kMaxHotSlots);
    if (needed > usable)
      throw InputError("--sizes: n = " + size_label(n) + " needs " + byte_figure(needed) +
                       " of device memory (2 inputs x " + std::to_string(n) + " x 4 bytes, padded" +
                       (hot ? ", plus the hot-timing copies" : "") + "), more than the " + byte_figure(usable) +
                       " free on device " + std::to_string(device.index) + " (" + device.name +
                       ") after 512 MiB kept for the harness; pass smaller --sizes");
  }
}

// ---- interruptions and resume

// What --resume DIR brings: the saved context, the rows to keep and the
// timestamp every row of that report carries (so old and new rows stay one report).
struct ResumeState {
  nlohmann::json saved_context;
  ResumePlan plan;
  std::string timestamp;
};

// Reads and checks the folder before looking for a GPU; throws InputError.
ResumeState open_resume(const std::string& dir, const nlohmann::json& identity_now,
                        const std::vector<std::string>& modes) {
  namespace fs = std::filesystem;
  const std::string where = "--resume '" + dir + "'";
  if (!fs::is_directory(dir)) throw InputError(where + ": no such folder");
  const std::string context_path = dir + "/context.json", csv_path = dir + "/sweep.csv";
  if (!fs::exists(context_path) || !fs::exists(csv_path))
    throw InputError(where + ": not a dotsweep report folder (it needs sweep.csv and context.json)");
  ResumeState state;
  state.saved_context = nlohmann::json::parse(read_text_file(context_path), nullptr, /*allow_exceptions=*/false);
  if (state.saved_context.is_discarded() || !state.saved_context.is_object())
    throw InputError(where + ": its context.json is not valid JSON");
  if (auto mismatch = resume_mismatch(state.saved_context, identity_now, resume_run_fields()))
    throw InputError(where + ": " + *mismatch + "; resume with the options it was started with (its context.json "
                     "lists them) or start a new --out folder");
  const nlohmann::json* timestamp = state.saved_context.contains("timestamp") ? &state.saved_context["timestamp"] : nullptr;
  if (!timestamp || !timestamp->is_string()) throw InputError(where + ": its context.json has no timestamp");
  state.timestamp = timestamp->get<std::string>();
  ResumableCsv csv = read_resumable_csv(read_text_file(csv_path), csv_path);
  // The counter rows of finished sizes (core/counter_rows.hpp); a row cut
  // short there is one whose counters are lost, not a row to measure again.
  const std::string counters_path = dir + "/" + kCounterRowsFile;
  if (std::filesystem::exists(counters_path))
    merge_counter_rows(csv.rows, read_resumable_csv(read_text_file(counters_path), counters_path).rows);
  else
    merge_counter_rows(csv.rows, {});
  if (csv.torn_tail)
    std::fprintf(stderr, "dotsweep: warning: %s ended in a row cut short (the sweep was killed while writing it); "
                 "that row is measured again\n", csv_path.c_str());
  for (const auto& row : csv.rows)
    if (row.env.timestamp != state.timestamp)
      throw InputError(where + ": sweep.csv holds a row of another sweep (timestamp " + row.env.timestamp +
                       ", context.json says " + state.timestamp + ")");
  state.plan = plan_resume(csv.rows, modes);
  return state;
}

// ---- search strategies (core/search_strategy.hpp)

// --strategy random: the seeded sample of the device's valid configurations.
std::vector<VariantConfig> randomly_chosen(const std::vector<VariantConfig>& valid, const SweepOptions& options) {
  std::vector<VariantConfig> chosen;
  for (const std::size_t i : random_selection(valid.size(), options.strategy.budget, options.measure.seed))
    chosen.push_back(valid[i]);
  return chosen;
}

struct HalvingOutcome {
  nlohmann::json result;   // context.json's strategy_result: the survivors and what screening cost
  bool completed = true;   // false when Ctrl-C stopped the screening
};

// --strategy halving: screens every candidate with kScreenSamples samples at
// screen_sizes(sizes) (rows in screen.csv, not in sweep.csv: they answer a
// rougher question), then leaves in `operations` the baselines and the
// survivors. A resumed sweep takes the survivors its context.json recorded.
HalvingOutcome run_halving(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                           const Environment& env, const std::vector<std::int64_t>& sizes,
                           const nlohmann::json* saved_context, std::vector<MeasuredOperation>& operations,
                           const std::string& out_dir) {
  HalvingOutcome outcome;
  const std::size_t candidates =
      std::count_if(operations.begin(), operations.end(), [](const MeasuredOperation& op) { return op.config.has_value(); });
  std::vector<std::string> survivors;
  const nlohmann::json::json_pointer saved_survivors("/strategy_result/survivors");
  if (saved_context && saved_context->contains(saved_survivors)) {
    survivors = saved_context->at(saved_survivors).get<std::vector<std::string>>();
    outcome.result = saved_context->at("strategy_result");
  } else {
    const auto start = std::chrono::steady_clock::now();
    MeasureSettings screen = options.measure;
    screen.rule.min_samples = screen.rule.max_samples = kScreenSamples;
    SizeMeasurer screener(device, stream, screen, env);
    const std::vector<std::int64_t> screened_sizes = screen_sizes(sizes);
    const std::set<RowKey> nothing_finished;
    const LoopScope scope{screened_sizes, nothing_finished, env, options.measure.modes};
    std::vector<MeasurementRecord> rows;
    ProgressBar progress(rows_to_measure(scope, operations), options.progress);
    std::fprintf(stderr, "halving: screening %zu candidates with %zu samples at %zu sizes\n", candidates,
                 kScreenSamples, screened_sizes.size());
    outcome.completed = measure_sizes(screener, scope, operations, [&](const MeasurementRecord& row) {
      rows.push_back(row);
      progress.advance("screening " + row.variant + " n=" + size_label(row.n));
    });
    progress.finish();
    if (!outcome.completed) return outcome;
    survivors = halving_survivors(rows, options.strategy.keep_fraction);
    rank_records(rows);
    write_records(out_dir + "/screen.csv", rows);
    outcome.result = {{"survivors", survivors},
                      {"screened_candidates", candidates},
                      {"screen_sizes", screened_sizes},
                      {"screen_seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
  }
  const std::set<std::string> kept(survivors.begin(), survivors.end());
  operations.erase(std::remove_if(operations.begin(), operations.end(),
                                  [&](const MeasuredOperation& op) { return op.config && !kept.count(op.name); }),
                   operations.end());
  std::fprintf(stderr, "halving: measuring %zu of %zu candidates fully\n", survivors.size(), candidates);
  return outcome;
}

// ---- fault isolation: what a worker tells its supervisor

// The heartbeat: before each operation's passes at n, its rows-to-be and the
// watchdog's deadline.
void announce_operation(const WorkerChannel& channel, const MeasuredOperation& op, long long n,
                        const SweepOptions& options, const Environment& env, const DeviceInfo& device) {
  std::vector<MeasurementRecord> rows;
  for (const TimingMode mode : options.measure.modes) rows.push_back(record_skeleton(op, n, mode, env));
  const auto type = element_type_from_string(rows.front().type);
  const int bytes = type ? element_bytes(*type) : 8;
  const std::size_t launches = 3 + options.measure.rule.max_samples;  // the checks, then at most this many samples
  channel.send(start_line(watchdog_deadline(n, bytes, device.peak_gbps, launches, options.measure.rule,
                                            options.measure.modes.size()),
                          rows));
}

}  // namespace

int run_sweep(const SweepOptions& options_in) {
  if (options_in.isolate && !options_in.worker) return run_supervised_sweep(options_in);
  std::optional<WorkerChannel> channel;
  if (options_in.worker) {
    channel = WorkerChannel::from_environment();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a killed supervisor takes its worker along
    if (::getppid() == 1) return 4;      // it already went
  }
  const auto sweep_start = std::chrono::steady_clock::now();
  const std::time_t started_at = std::time(nullptr);
  SweepOptions options = options_in;
  if (options.cache_dir.empty()) options.cache_dir = default_cache_dir();

  // Plan. Whatever can be checked without a GPU is checked before looking for one.
  const SearchSpace space = load_space_or_default(options.space_path, options.max_configs);
  const std::vector<std::int64_t> sizes = options.sizes.empty() ? default_sizes() : options.sizes;
  require_host_memory(sizes, physical_memory_bytes());
  std::vector<std::string> mode_names;
  for (const TimingMode mode : options.measure.modes) mode_names.push_back(to_string(mode));
  std::optional<ResumeState> resumed;
  if (!options.resume_dir.empty())
    resumed = open_resume(options.resume_dir, sweep_identity(options, space, sizes), mode_names);
  else if (!options.out_dir.empty())
    ReportFolder::require_free(options.out_dir);
  const std::vector<std::string> include_dirs = nvrtc_include_dirs();
  require_valid_configs(space, plan_space(space, DeviceLimits{}), "within the limits every CUDA GPU shares", options.space_path);
  const DeviceInfo device = query_device(options.device);
  SpacePlan plan = plan_space(space, DeviceLimits{device.max_threads_per_block, device.max_shared_per_block, device.arch()});
  require_valid_configs(space, plan, "on " + device.name, options.space_path);
  const std::size_t valid_configs = plan.valid.size();
  if (options.strategy.strategy == Strategy::random) plan.valid = randomly_chosen(plan.valid, options);
  const bool hot = std::find(options.measure.modes.begin(), options.measure.modes.end(), TimingMode::hot) !=
                   options.measure.modes.end();
  require_device_memory(sizes, device, hot);
  Environment env = environment_of(device, started_at, options.measure.seed);
  if (resumed) {
    nlohmann::json device_now;
    device_now["device"] = {{"name", device.name}, {"cc", env.cc}};
    if (auto mismatch = resume_mismatch(resumed->saved_context, device_now, resume_device_fields()))
      throw InputError("--resume '" + options.resume_dir + "': " + *mismatch + "; resume on the same kind of GPU");
    env.timestamp = resumed->timestamp;
  }
  const std::string out_dir = resumed ? options.resume_dir
                              : options.out_dir.empty() ? options.results_root + "/" + gpu_slug(device.name) + "/" +
                                                            utc_timestamp_compact(started_at)
                                                      : options.out_dir;
  ReportFolder report = resumed ? ReportFolder(out_dir, resumed->plan.kept) : ReportFolder(out_dir);
  if (channel) channel->send(folder_line(out_dir));
  const unsigned host_threads = std::max(1u, std::thread::hardware_concurrency());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", device.arch(), options.cache_dir, include_dirs);
  CompileQueue compile_queue(compiler, plan.valid, host_threads);

  Stream stream;
  const ReadCeiling ceiling = measure_read_ceiling(device, stream.get());
  if (ceiling.gbps > 0) env.measured_peak_gbps = ceiling.gbps;
  SizeMeasurer measurer(device, stream.get(), options.measure, env);
  nlohmann::json context =
      sweep_context(options, space, plan, device, env, ceiling, sizes, measurer.nvml_status());
  if (resumed) {
    // The report stays the one started then; each resume is recorded.
    nlohmann::json resumes = resumed->saved_context.value("resumes", nlohmann::json::array());
    resumes.push_back({{"at", utc_timestamp_iso(started_at)},
                       {"kept_rows", resumed->plan.kept.size()},
                       {"dropped_rows", resumed->plan.dropped_rows}});
    context["resumes"] = resumes;
  }
  context["counters"] = counter_context_json(measurer.counters());
  report.write_context(context.dump(2) + "\n");

  std::fprintf(stderr, "dotsweep %s on %s (cc %s, %d SMs, peak %.0f GB/s theoretical, %.0f GB/s measured read)\n",
               DOTSWEEP_VERSION, device.name.c_str(), env.cc.c_str(), device.sms, device.peak_gbps, ceiling.gbps);
  std::fprintf(stderr, "space '%s': %zu configs, %zu rejected; %zu sizes; modes:", space.name.c_str(),
               space.configs.size(), plan.rejected.size(), sizes.size());
  for (const TimingMode mode : options.measure.modes) std::fprintf(stderr, " %s", to_string(mode).c_str());
  if (!measurer.nvml_status().empty()) std::fprintf(stderr, "; NVML clocks not recorded: %s", measurer.nvml_status().c_str());
  std::fprintf(stderr, "\nreports: %s\n", out_dir.c_str());

  // Run.
  std::vector<MeasuredOperation> operations = sweep_operations(device, plan.valid, compile_queue);
  plant_faults(operations);  // tests only: $DOTSWEEP_PLANT_FAULT
  std::map<RowKey, std::size_t> rows_per_key;  // for the worker's "done"
  if (channel) {
    measurer.set_operation_observer([&](const MeasuredOperation& op, long long n) {
      announce_operation(*channel, op, n, options, env, device);
    });
    channel->send(ready_line(std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count()));
  }
  std::vector<MeasurementRecord> records;
  std::vector<MeasurementRecord> counter_rows;  // this run's, merged into records at the end
  measurer.set_counter_sink([&](const MeasurementRecord& row) {
    report.append_counters(row);
    counter_rows.push_back(row);
  });
  std::set<RowKey> finished;
  if (resumed) {
    records = resumed->plan.kept;
    finished = resumed->plan.finished;
    std::fprintf(stderr, "resuming: %zu rows kept (%zu (variant, type, n) finished), %zu partial rows measured again\n",
                 records.size(), finished.size(), resumed->plan.dropped_rows);
  }
  int exit_status = 0;
  bool interrupted = false;
  const InterruptGuard interrupt_guard;
  try {
    if (options.strategy.strategy == Strategy::halving) {
      const HalvingOutcome halving =
          run_halving(device, stream.get(), options, env, sizes, resumed ? &resumed->saved_context : nullptr,
                      operations, out_dir);
      context["strategy_result"] = halving.result;
      report.write_context(context.dump(2) + "\n");  // a resume measures the same survivors
      interrupted = !halving.completed;
    }
    if (!interrupted) {
      const LoopScope scope{sizes, finished, env, options.measure.modes};
      ProgressBar progress(rows_to_measure(scope, operations), options.progress);
      interrupted = !measure_sizes(measurer, scope, operations, [&](const MeasurementRecord& row) {
        report.append(row);
        records.push_back(row);
        progress.advance(row.variant + " n=" + size_label(row.n));
        if (channel && ++rows_per_key[row_key(row)] == options.measure.modes.size()) channel->send(done_line());
      });
      progress.finish();
    }
    if (interrupted) exit_status = kInterruptedExit;
  } catch (const ContextLost& e) {
    if (channel) {  // the supervisor records the operation and starts a new worker, which finishes the report
      channel->send(failed_line(e.what()));
      return 4;
    }
    std::fprintf(stderr, "dotsweep: %s; rows measured so far are in %s/sweep.csv\n", e.what(), out_dir.c_str());
    exit_status = 4;
  }

  // Report.
  merge_counter_rows(records, counter_rows);
  const std::string summary = report.finish(records, options.top);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count();
  context["run"] = {{"wall_seconds", wall},
                    {"compile_seconds", compile_queue.compile_seconds()},
                    {"compile_wait_seconds", compile_queue.wait_seconds()},
                    {"compiled_variants", plan.valid.size()},
                    {"valid_configs", valid_configs},
                    {"cubins_from_cache", compile_queue.from_cache()},
                    {"peak_device_memory_bytes", measurer.peak_device_bytes()},
                    {"rows", records.size()},
                    {"completed", exit_status == 0},
                    {"interrupted", interrupted}};
  context["counters"] = counter_context_json(measurer.counters());  // a status that ended them during the run
  report.write_context(context.dump(2) + "\n");

  std::printf("%s\n", summary.c_str());
  std::printf(
      "sweep took %s; NVRTC compiled for %.1f s over %u threads (%zu of %zu cubins from cache), of which the sweep "
      "waited %.1f s; reports in %s\n",
      format_duration(wall).c_str(), compile_queue.compile_seconds(), host_threads, compile_queue.from_cache(),
      plan.valid.size(), compile_queue.wait_seconds(), out_dir.c_str());
  write_report_plots(out_dir);  // best effort: never changes the exit status
  if (interrupted) {
    std::vector<std::string> argv = options.command_line;
    if (argv.empty()) argv.push_back("dotsweep");
    std::fprintf(stderr, "dotsweep: interrupted after %zu rows; to continue where it stopped, run:\n  %s\n",
                 records.size(), resume_command(argv, out_dir).c_str());
  }
  return exit_status;
}

}  // namespace dotsweep
