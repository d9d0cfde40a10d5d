// The sweep as four steps with plain data between them:
//   setup   the space split into valid and rejected configs, the sizes, the
//           device, the report folder (cli/sweep_setup);
//   start   the compile queue, the read ceiling, context.json, the banner;
//   measure halving's screening (cli/halving_stage), then every size through
//           the SizeMeasurer (src/measure), each row appended to the report
//           as it is finished;
//   report  the ReportFolder ranks the rows and writes the final files.
// A worker of a supervised sweep runs the same steps and tells its
// supervisor what it measures (cli/supervisor_link).
#include "sweep/sweep_runner.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>
#include <thread>

#include "sweep/end_of_sweep.hpp"
#include "sweep/halving_stage.hpp"
#include "sweep/interrupt.hpp"
#include "sweep/planted_faults.hpp"
#include "sweep/progress.hpp"
#include "sweep/report_plots.hpp"
#include "sweep/supervised_sweep.hpp"
#include "sweep/supervisor_link.hpp"
#include "sweep/sweep_context.hpp"
#include "sweep/sweep_loop.hpp"
#include "sweep/sweep_setup.hpp"
#include "core/report/counter_rows.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_naming.hpp"
#include "core/report/resume_plan.hpp"
#include "core/space/search_strategy.hpp"
#include "core/space/sm_partition.hpp"
#include "core/space/size_list.hpp"
#include "core/report/summary_context.hpp"
#include "core/rows/worker_protocol.hpp"
#include "dot_kernel_source.hpp"
#include "dotsweep_version.hpp"
#include "gpu/cuda_stream.hpp"
#include "gpu/read_ceiling.hpp"
#include "measure/compile_queue.hpp"
#include "measure/cpu_dot.hpp"
#include "gpu/baseline_table.hpp"
#include "measure/host_paths.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

namespace {

// The peak pct_peak is a fraction of (core/space/sm_partition.hpp): on a partition
// its measured read ceiling, which a resume takes from the report's
// context.json so that one report keeps one peak.
double peak_of_report(const SweepSetup& s, const ReadCeiling& ceiling) {
  if (s.device.partition && s.resumed) {
    const nlohmann::json& saved = s.resumed->saved_context;
    const nlohmann::json::json_pointer& at = context_key::partition_peak_gbps;
    if (saved.contains(at) && saved[at].is_number()) return saved[at].get<double>();
  }
  return peak_for_pct(s.device.peak_gbps, ceiling.gbps, s.device.partition.has_value());
}

// context.json as the sweep starts; a resume keeps the report's start and
// records itself.
nlohmann::json starting_context(const SweepOptions& options, const SweepSetup& s, const ReadCeiling& ceiling,
                                const std::string& nvml_status, std::time_t started_at) {
  nlohmann::json context = sweep_context(options, s.space, s.plan, s.device, s.env, ceiling, s.sizes, nvml_status);
  if (s.resumed) {
    nlohmann::json resumes = s.resumed->saved_context.value(context_key::resumes, nlohmann::json::array());
    resumes.push_back({{"at", utc_timestamp_iso(started_at)},
                       {"kept_rows", s.resumed->plan.kept.size()},
                       {"dropped_rows", s.resumed->plan.dropped_rows}});
    context[context_key::resumes] = resumes;
  }
  return context;
}

void print_banner(const SweepOptions& options, const SweepSetup& s, const ReadCeiling& ceiling,
                  const std::string& nvml_status, const nlohmann::json& context) {
  std::fprintf(stderr, "dotsweep %s on %s (cc %s, %d SMs, peak %.0f GB/s theoretical, %.0f GB/s measured read)\n",
               DOTSWEEP_VERSION, s.device.report_name().c_str(), s.env.cc.c_str(), s.device.sms, s.device.peak_gbps,
               ceiling.gbps);
  if (s.device.partition)
    std::fprintf(stderr, "partition: %d of %d SMs (--sms %d); %% peak is of its measured read ceiling, %.0f GB/s\n",
                 s.device.partition->sms, s.device.partition->gpu_sms, s.device.partition->requested,
                 s.env.peak_gbps);
  if (!options.kernels_dir.empty())
    std::fprintf(stderr, "kernels: the tree in %s (digest %s), not the built-in one\n", options.kernels_dir.c_str(),
                 context.value(context_key::kernels_digest, std::string()).c_str());
  std::fprintf(stderr, "space '%s': %zu configs, %zu rejected; %zu sizes; modes:", s.space.name.c_str(),
               s.space.configs.size(), s.plan.rejected.size(), s.sizes.size());
  for (const TimingMode mode : options.measure.modes) std::fprintf(stderr, " %s", to_string(mode).c_str());
  if (!nvml_status.empty()) std::fprintf(stderr, "; NVML clocks not recorded: %s", nvml_status.c_str());
  std::fprintf(stderr, "\nreports: %s\n", s.out_dir.c_str());
}

// The rows of the sweep, as far as it got.
struct Measured {
  std::vector<MeasurementRecord> records;  // every row of the report, kept ones first
  std::vector<MeasurementRecord> counter_rows;  // this run's counter values, merged into records at the end
  CandidateCounts planned;                 // candidates per type measured at every size (after halving)
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
  measurer.set_counter_sink([&](const MeasurementRecord& row) {
    report.append_counters(row);
    m.counter_rows.push_back(row);
  });
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
        context[context_key::strategy_result] = halving.result;
        report.write_context(context.dump(2) + "\n");  // a resume measures the same survivors
      }
    }
    for (const MeasuredOperation& op : operations)
      if (op.config) ++m.planned[to_string(op.type)];
    if (!m.interrupted) {
      const LoopScope scope{s.sizes, finished, s.env, options.measure.modes, s.slice ? &*s.slice : nullptr};
      ProgressBar progress(rows_to_measure(scope, operations), options.progress);
      m.interrupted = !measure_sizes(
          measurer, scope, operations,
          [&](const MeasurementRecord& row) {
            report.append(row);
            m.records.push_back(row);
            m.records.back().raw_samples = {};  // on disk now; a long sweep need not hold them all
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
  measurer.set_counter_sink({});  // it wrote into `m`, which the caller gets as a copy
  return m;
}

// Ranks and writes the final report, prints the context, what to use and
// where the report is (all of summary.md with --print-summary) and, after an
// interrupt, the command that resumes.
void finish_report(const SweepOptions& options, const SweepSetup& s, Measured& m, ReportFolder& report,
                   nlohmann::json& context, const CompileQueue& compile_queue, const SizeMeasurer& measurer,
                   std::chrono::steady_clock::time_point sweep_start, unsigned host_threads) {
  merge_counter_rows(m.records, m.counter_rows);
  // summary.md's opening and closing come from context.json, as `dotsweep report` renders them.
  context[context_key::command] = options.command_line;
  report.finish(m.records, options.top, m.planned, summary_opening(context), summary_closing(context));
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - sweep_start).count();
  context[context_key::run] = {{"compile_seconds", compile_queue.compile_seconds()},
                               {"compile_wait_seconds", compile_queue.wait_seconds()},
                               {"compiled_variants", s.plan.valid.size()},
                               {"valid_configs", s.valid_configs},
                               {"cubins_from_cache", compile_queue.from_cache()},
                               {"peak_device_memory_bytes", measurer.peak_device_bytes()},
                               {"rows", m.records.size()},
                               {"interrupted", m.interrupted}};
  context[context_key::run_wall_seconds] = wall;
  context[context_key::run_planned_candidates] = m.planned;
  context[context_key::run_completed] = m.exit_status == 0;
  context["counters"] = counter_context_json(measurer.counters());  // a status that ended them during the run
  report.write_context(context.dump(2) + "\n");

  std::fputs(end_of_sweep_text(report, options.print_summary).c_str(), stdout);
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
  const NvrtcCompiler compiler(options.kernels_dir.empty() ? std::string(kDotKernelSource) : options.kernel_source,
                               "dot_kernel.cuh",
                               nvrtc_target_for_device(setup.device.arch()), options.cache_dir,
                               setup.include_dirs);
  CompileQueue compile_queue(compiler, setup.plan.valid, host_threads);

  const Stream stream(setup.partition ? setup.partition->stream() : nullptr);
  const ReadCeiling ceiling = measure_read_ceiling(setup.device, stream.get());
  if (ceiling.gbps > 0) setup.env.measured_peak_gbps = ceiling.gbps;
  setup.env.peak_gbps = peak_of_report(setup, ceiling);
  SizeMeasurer measurer(setup.device, stream.get(), options.measure, setup.env);
  nlohmann::json context = starting_context(options, setup, ceiling, measurer.nvml_status(), started_at);
  context["counters"] = counter_context_json(measurer.counters());
  context["nvrtc_target"] = compiler.target().name();
  if (options.measure.host_paths) context[context_key::cpu_blas] = cpu_blas_identity();
  report.write_context(context.dump(2) + "\n");
  print_banner(options, setup, ceiling, measurer.nvml_status(), context);
  if (compiler.target().ptx && compiler.arch() == setup.device.arch())
    std::fprintf(stderr, "CUDA_FORCE_PTX_JIT is set: variants are compiled for %s (PTX, JIT-compiled by the driver)\n",
                 compiler.target().name().c_str());
  else if (compiler.target().ptx || compiler.arch() != setup.device.arch())
    std::fprintf(stderr, "NVRTC %s has no sm_%d: variants are compiled for %s%s\n", nvrtc_version().c_str(),
                 setup.device.arch(), compiler.target().name().c_str(),
                 compiler.target().ptx ? " (PTX, JIT-compiled by the driver)" : " (binary-compatible SASS)");

  const ScratchArena scratch(setup.plan.valid, setup.sizes);
  std::vector<MeasuredOperation> operations = sweep_operations(setup.device, setup.plan.valid, compile_queue, scratch);
  // Last at every size: the CPU rows' threads then disturb no GPU row's time.
  if (options.measure.host_paths)
    for (auto& op : host_path_operations(setup.device, baseline_types(setup.plan.valid)))
      operations.push_back(std::move(op));
  plant_faults(operations);  // tests only: $DOTSWEEP_PLANT_FAULT
  // Every kernel is compiled before the first is measured: a worker's
  // watchdog times each operation from its start, and a wait for NVRTC in
  // between was taken for a hang (H200, empty cache: three variants killed
  // at n=1). Measuring hid little of the compiling anyway (35 of 36 s waited).
  if (!setup.plan.valid.empty())
    std::fprintf(stderr, "compiling %zu variants before measuring...\n", setup.plan.valid.size());
  for (MeasuredOperation& op : operations) op.ensure_built();
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
