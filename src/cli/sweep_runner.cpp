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
  const ResumableCsv csv = read_resumable_csv(read_text_file(csv_path), csv_path);
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

// ---- fault isolation: what a worker tells its supervisor

// A worker's messages to its supervisor; every call does nothing when this
// run is not a worker. The heartbeat: before each operation's passes at n,
// its rows-to-be and the watchdog's deadline ("start"), and "done" once the
// operation in flight handed over its rows.
class SupervisorLink {
 public:
  explicit SupervisorLink(const SweepOptions& options) : options_(options) {
    if (!options.worker) return;
    channel_ = WorkerChannel::from_environment();
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a killed supervisor takes its worker along
  }
  void send(const std::string& line) const {
    if (channel_) channel_->send(line);
  }
  bool is_worker() const { return channel_.has_value(); }
  // The loop's hooks that send the heartbeat (none when not a worker).
  LoopHooks hooks(const Environment& env, const DeviceInfo& device) {
    if (!channel_) return {};
    return {[this, &env, &device](const MeasuredOperation& op, long long n) { announce(op, n, env, device); },
            [this](bool in_flight) {
              // Another operation's rows, held for the counter pass, finished
              // while the one in flight waits: it is alive, so its clock restarts.
              send(in_flight ? done_line() : last_start_);
            }};
  }

 private:
  void announce(const MeasuredOperation& op, long long n, const Environment& env, const DeviceInfo& device) {
    std::vector<MeasurementRecord> rows;
    for (const TimingMode mode : options_.measure.modes) rows.push_back(record_skeleton(op, n, mode, env));
    const auto type = element_type_from_string(rows.front().type);
    const int bytes = type ? element_bytes(*type) : 8;
    const std::size_t launches = 3 + options_.measure.rule.max_samples;  // the checks, then at most this many samples
    last_start_ = start_line(watchdog_deadline(n, bytes, device.peak_gbps, launches, options_.measure.rule,
                                               options_.measure.modes.size()),
                             rows);
    send(last_start_);
  }

  const SweepOptions& options_;
  std::optional<WorkerChannel> channel_;
  std::string last_start_;
};

// ---- the sweep's steps

// Everything decided before measuring: what to sweep, on which device, and
// where the report goes.
struct SweepSetup {
  SearchSpace space;
  std::vector<std::int64_t> sizes;
  std::vector<std::string> include_dirs;
  std::optional<ResumeState> resumed;
  DeviceInfo device;
  SpacePlan plan;
  std::size_t valid_configs = 0;  // before --strategy random draws from them
  Environment env;
  std::string out_dir;
};

// Whatever can be checked without a GPU is checked before looking for one;
// throws InputError (bad input, a --resume that does not match) or NoDeviceError.
SweepSetup plan_sweep(const SweepOptions& options, std::time_t started_at) {
  SweepSetup s;
  s.space = load_space_or_default(options.space_path, options.max_configs);
  s.sizes = options.sizes.empty() ? default_sizes() : options.sizes;
  require_host_memory(s.sizes, physical_memory_bytes());
  std::vector<std::string> mode_names;
  for (const TimingMode mode : options.measure.modes) mode_names.push_back(to_string(mode));
  if (!options.resume_dir.empty())
    s.resumed = open_resume(options.resume_dir, sweep_identity(options, s.space, s.sizes), mode_names);
  else if (!options.out_dir.empty())
    ReportFolder::require_free(options.out_dir);
  s.include_dirs = nvrtc_include_dirs();
  require_valid_configs(s.space, plan_space(s.space, DeviceLimits{}), "within the limits every CUDA GPU shares",
                        options.space_path);

  s.device = query_device(options.device);
  s.plan = plan_space(s.space, DeviceLimits{s.device.max_threads_per_block, s.device.max_shared_per_block,
                                            s.device.arch()});
  require_valid_configs(s.space, s.plan, "on " + s.device.name, options.space_path);
  s.valid_configs = s.plan.valid.size();
  if (options.strategy.strategy == Strategy::random) s.plan.valid = randomly_chosen(s.plan.valid, options);
  const bool hot = std::find(options.measure.modes.begin(), options.measure.modes.end(), TimingMode::hot) !=
                   options.measure.modes.end();
  require_device_memory(s.sizes, s.device, hot);
  s.env = environment_of(s.device, started_at, options.measure.seed);
  if (s.resumed) {
    nlohmann::json device_now;
    device_now["device"] = {{"name", s.device.name}, {"cc", s.env.cc}};
    if (auto mismatch = resume_mismatch(s.resumed->saved_context, device_now, resume_device_fields()))
      throw InputError("--resume '" + options.resume_dir + "': " + *mismatch + "; resume on the same kind of GPU");
    s.env.timestamp = s.resumed->timestamp;
  }
  s.out_dir = s.resumed ? options.resume_dir
              : options.out_dir.empty()
                  ? options.results_root + "/" + gpu_slug(s.device.name) + "/" + utc_timestamp_compact(started_at)
                  : options.out_dir;
  return s;
}

// context.json as the sweep starts; a resume keeps the report's start and
// records itself.
nlohmann::json starting_context(const SweepOptions& options, const SweepSetup& s, const ReadCeiling& ceiling,
                                const std::string& nvml_status, std::time_t started_at) {
  nlohmann::json context = sweep_context(options, s.space, s.plan, s.device, s.env, ceiling, s.sizes, nvml_status);
  if (s.resumed) {
    nlohmann::json resumes = s.resumed->saved_context.value("resumes", nlohmann::json::array());
    resumes.push_back({{"at", utc_timestamp_iso(started_at)},
                       {"kept_rows", s.resumed->plan.kept.size()},
                       {"dropped_rows", s.resumed->plan.dropped_rows}});
    context["resumes"] = resumes;
  }
  return context;
}

void print_banner(const SweepOptions& options, const SweepSetup& s, const ReadCeiling& ceiling,
                  const std::string& nvml_status) {
  std::fprintf(stderr, "dotsweep %s on %s (cc %s, %d SMs, peak %.0f GB/s theoretical, %.0f GB/s measured read)\n",
               DOTSWEEP_VERSION, s.device.name.c_str(), s.env.cc.c_str(), s.device.sms, s.device.peak_gbps,
               ceiling.gbps);
  std::fprintf(stderr, "space '%s': %zu configs, %zu rejected; %zu sizes; modes:", s.space.name.c_str(),
               s.space.configs.size(), s.plan.rejected.size(), s.sizes.size());
  for (const TimingMode mode : options.measure.modes) std::fprintf(stderr, " %s", to_string(mode).c_str());
  if (!nvml_status.empty()) std::fprintf(stderr, "; NVML clocks not recorded: %s", nvml_status.c_str());
  std::fprintf(stderr, "\nreports: %s\n", s.out_dir.c_str());
}

// ---- --strategy halving

struct HalvingOutcome {
  nlohmann::json result;   // context.json's strategy_result: the survivors and what screening cost
  bool completed = true;   // false when Ctrl-C stopped the screening
};

// The screening rows a resumed halving sweep keeps: those of finished
// operations in its screen.csv, which is rewritten with just them (a row
// whose other modes are missing is measured again, not repeated).
ResumePlan resume_screening(const std::string& screen_path, const std::vector<TimingMode>& modes) {
  if (!std::filesystem::exists(screen_path)) return {};
  std::vector<std::string> mode_names;
  for (const TimingMode mode : modes) mode_names.push_back(to_string(mode));
  ResumePlan plan = plan_resume(read_resumable_csv(read_text_file(screen_path), screen_path).rows, mode_names);
  write_records(screen_path, plan.kept);
  return plan;
}

// Screens every candidate with kScreenSamples samples at screen_sizes(sizes).
// Rows go to screen.csv as they finish (not sweep.csv: they answer a rougher
// question), so a fault while screening is recorded there by the supervisor
// and a resume screens only what is left.
HalvingOutcome screen_candidates(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                                 const Environment& env, const std::vector<std::int64_t>& sizes, bool resumed,
                                 std::vector<MeasuredOperation>& operations, const std::string& out_dir,
                                 SupervisorLink& supervisor, std::size_t candidates) {
  HalvingOutcome outcome;
  const auto start = std::chrono::steady_clock::now();
  const std::string screen_path = out_dir + "/screen.csv";
  ResumePlan earlier = resumed ? resume_screening(screen_path, options.measure.modes) : ResumePlan{};
  std::vector<MeasurementRecord> rows = earlier.kept;
  MeasureSettings screen = options.measure;
  screen.rule.min_samples = screen.rule.max_samples = kScreenSamples;
  SizeMeasurer screener(device, stream, screen, env);
  const std::vector<std::int64_t> screened_sizes = screen_sizes(sizes);
  const LoopScope scope{screened_sizes, earlier.finished, env, options.measure.modes};
  std::fprintf(stderr, "halving: screening %zu candidates with %zu samples at %zu sizes\n", candidates,
               kScreenSamples, screened_sizes.size());
  {
    SweepCsvWriter screen_csv(screen_path);
    supervisor.send(into_line("screen.csv"));
    ProgressBar progress(rows_to_measure(scope, operations), options.progress);
    outcome.completed = measure_sizes(
        screener, scope, operations,
        [&](const MeasurementRecord& row) {
          screen_csv.append(row);
          rows.push_back(row);
          progress.advance("screening " + row.variant + " n=" + size_label(row.n));
        },
        supervisor.hooks(env, device));
    progress.finish();
    supervisor.send(into_line("sweep.csv"));
  }
  if (!outcome.completed) return outcome;
  const std::vector<std::string> survivors = halving_survivors(rows, options.strategy.keep_fraction);
  rank_records(rows);
  write_records(screen_path, rows);
  outcome.result = {{"survivors", survivors},
                    {"screened_candidates", candidates},
                    {"screen_sizes", screened_sizes},
                    {"screen_seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
  return outcome;
}

// --strategy halving: screens (or, resumed after screening, takes the
// survivors context.json recorded), then leaves in `operations` the
// baselines and the survivors.
HalvingOutcome run_halving(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                           const Environment& env, const std::vector<std::int64_t>& sizes,
                           const nlohmann::json* saved_context, std::vector<MeasuredOperation>& operations,
                           const std::string& out_dir, SupervisorLink& supervisor) {
  const std::size_t candidates =
      std::count_if(operations.begin(), operations.end(), [](const MeasuredOperation& op) { return op.config.has_value(); });
  const nlohmann::json::json_pointer saved_survivors("/strategy_result/survivors");
  HalvingOutcome outcome;
  if (saved_context && saved_context->contains(saved_survivors))
    outcome.result = saved_context->at("strategy_result");
  else
    outcome = screen_candidates(device, stream, options, env, sizes, saved_context != nullptr, operations, out_dir,
                                supervisor, candidates);
  if (!outcome.completed) return outcome;
  const auto survivors = outcome.result.at("survivors").get<std::vector<std::string>>();
  const std::set<std::string> kept(survivors.begin(), survivors.end());
  operations.erase(std::remove_if(operations.begin(), operations.end(),
                                  [&](const MeasuredOperation& op) { return op.config && !kept.count(op.name); }),
                   operations.end());
  std::fprintf(stderr, "halving: measuring %zu of %zu candidates fully\n", survivors.size(), candidates);
  return outcome;
}

// The rows of the sweep, as far as it got.
struct Measured {
  std::vector<MeasurementRecord> records;  // every row of the report, kept ones first
  bool interrupted = false;
  int exit_status = 0;                     // 0, 4 (context lost, in-process) or 130
};

// Screens (halving), then measures every unfinished operation at every size,
// each row appended to the report as it is finished. A worker that loses its
// CUDA context tells its supervisor and exits 4 at once: the supervisor
// records the operation and a new worker finishes the report.
Measured measure_sweep(const SweepOptions& options, const SweepSetup& s, cudaStream_t stream, SizeMeasurer& measurer,
                       std::vector<MeasuredOperation>& operations, ReportFolder& report, nlohmann::json& context,
                       SupervisorLink& supervisor) {
  Measured m;
  std::set<RowKey> finished;
  if (s.resumed) {
    m.records = s.resumed->plan.kept;
    finished = s.resumed->plan.finished;
    std::fprintf(stderr, "resuming: %zu rows kept (%zu (variant, type, n) finished), %zu partial rows measured again\n",
                 m.records.size(), finished.size(), s.resumed->plan.dropped_rows);
  }
  try {
    if (options.strategy.strategy == Strategy::halving) {
      const HalvingOutcome halving = run_halving(s.device, stream, options, s.env, s.sizes,
                                                 s.resumed ? &s.resumed->saved_context : nullptr, operations,
                                                 s.out_dir, supervisor);
      m.interrupted = !halving.completed;
      if (halving.completed) {
        context["strategy_result"] = halving.result;
        report.write_context(context.dump(2) + "\n");  // a resume measures the same survivors
      }
    }
    if (!m.interrupted) {
      const LoopScope scope{s.sizes, finished, s.env, options.measure.modes};
      ProgressBar progress(rows_to_measure(scope, operations), options.progress);
      m.interrupted = !measure_sizes(
          measurer, scope, operations,
          [&](const MeasurementRecord& row) {
            report.append(row);
            m.records.push_back(row);
            progress.advance(row.variant + " n=" + size_label(row.n));
          },
          supervisor.hooks(s.env, s.device));
      progress.finish();
    }
    if (m.interrupted) m.exit_status = kInterruptedExit;
  } catch (const ContextLost& e) {
    if (supervisor.is_worker()) {
      supervisor.send(failed_line(e.what()));
      throw;
    }
    std::fprintf(stderr, "dotsweep: %s; rows measured so far are in %s/sweep.csv\n", e.what(), s.out_dir.c_str());
    m.exit_status = 4;
  }
  return m;
}

// Ranks and writes the final report, prints the summary and, after an
// interrupt, the command that resumes.
void finish_report(const SweepOptions& options, const SweepSetup& s, Measured& m, ReportFolder& report,
                   nlohmann::json& context, const CompileQueue& compile_queue, const SizeMeasurer& measurer,
                   std::chrono::steady_clock::time_point sweep_start, unsigned host_threads) {
  const std::string summary = report.finish(m.records, options.top);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count();
  context["run"] = {{"wall_seconds", wall},
                    {"compile_seconds", compile_queue.compile_seconds()},
                    {"compile_wait_seconds", compile_queue.wait_seconds()},
                    {"compiled_variants", s.plan.valid.size()},
                    {"valid_configs", s.valid_configs},
                    {"cubins_from_cache", compile_queue.from_cache()},
                    {"peak_device_memory_bytes", measurer.peak_device_bytes()},
                    {"rows", m.records.size()},
                    {"completed", m.exit_status == 0},
                    {"interrupted", m.interrupted}};
  report.write_context(context.dump(2) + "\n");

  std::printf("%s\n", summary.c_str());
  std::printf(
      "sweep took %s; NVRTC compiled for %.1f s over %u threads (%zu of %zu cubins from cache), of which the sweep "
      "waited %.1f s; reports in %s\n",
      format_duration(wall).c_str(), compile_queue.compile_seconds(), host_threads, compile_queue.from_cache(),
      s.plan.valid.size(), compile_queue.wait_seconds(), s.out_dir.c_str());
  write_report_plots(s.out_dir);  // best effort: never changes the exit status
  if (m.interrupted) {
    std::vector<std::string> argv = options.command_line;
    if (argv.empty()) argv.push_back("dotsweep");
    std::fprintf(stderr, "dotsweep: interrupted after %zu rows; to continue where it stopped, run:\n  %s\n",
                 m.records.size(), resume_command(argv, s.out_dir).c_str());
  }
}

}  // namespace

int run_sweep(const SweepOptions& options_in) {
  if (options_in.isolate && !options_in.worker) return run_supervised_sweep(options_in);
  SweepOptions options = options_in;
  if (options.cache_dir.empty()) options.cache_dir = default_cache_dir();
  const auto sweep_start = std::chrono::steady_clock::now();
  const std::time_t started_at = std::time(nullptr);
  SupervisorLink supervisor(options);
  if (supervisor.is_worker() && ::getppid() == 1) return 4;  // the supervisor already went

  SweepSetup setup = plan_sweep(options, started_at);
  ReportFolder report = setup.resumed ? ReportFolder(setup.out_dir, setup.resumed->plan.kept)
                                      : ReportFolder(setup.out_dir);
  supervisor.send(folder_line(setup.out_dir));
  const unsigned host_threads = std::max(1u, std::thread::hardware_concurrency());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", setup.device.arch(), options.cache_dir,
                               setup.include_dirs);
  CompileQueue compile_queue(compiler, setup.plan.valid, host_threads);

  Stream stream;
  const ReadCeiling ceiling = measure_read_ceiling(setup.device, stream.get());
  if (ceiling.gbps > 0) setup.env.measured_peak_gbps = ceiling.gbps;
  SizeMeasurer measurer(setup.device, stream.get(), options.measure, setup.env);
  nlohmann::json context = starting_context(options, setup, ceiling, measurer.nvml_status(), started_at);
  report.write_context(context.dump(2) + "\n");
  print_banner(options, setup, ceiling, measurer.nvml_status());

  std::vector<MeasuredOperation> operations = sweep_operations(setup.device, setup.plan.valid, compile_queue);
  plant_faults(operations);  // tests only: $DOTSWEEP_PLANT_FAULT
  supervisor.send(ready_line(std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count()));
  const InterruptGuard interrupt_guard;
  Measured measured;
  try {
    measured = measure_sweep(options, setup, stream.get(), measurer, operations, report, context, supervisor);
  } catch (const ContextLost&) {
    return 4;  // a worker: the supervisor records the operation; a new worker finishes the report
  }
  finish_report(options, setup, measured, report, context, compile_queue, measurer, sweep_start, host_threads);
  return measured.exit_status;
}

}  // namespace dotsweep
