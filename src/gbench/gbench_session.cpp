#include "gbench/gbench_session.hpp"

#include <algorithm>
#include <optional>
#include <thread>

#include "core/space/element_type.hpp"
#include "core/input_error.hpp"
#include "core/rows/record.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/cuda_stream.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvrtc_compiler.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "gpu/result_probe.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/timers.hpp"
#include "measure/compile_queue.hpp"
#include "measure/host_sync_timer.hpp"
#include "measure/size_inputs.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"

namespace dotsweep {

namespace {

// One cold sample per Google Benchmark iteration: Google Benchmark decides
// how many iterations and repetitions there are, not the stopping rule.
constexpr StoppingRule kOneSample{1, 1, 100.0, 1e9};

// The check's own timing (the sweep checks the result its timed launches
// leave): a handful of samples is enough for that and costs little.
constexpr StoppingRule kCheckTiming{3, 3, 100.0, 1e9};

// What the sweep's check said of one operation at one size.
struct CheckOutcome {
  bool correct = false;
  std::string reason;          // why not, when not correct
  CorrectnessVerdict verdict;  // as judged, for the check after timing
  ObservedResults observed;    // what it returned at n (the operation keeps only its latest size's)
};

MeasureSettings check_settings() {
  MeasureSettings settings;
  settings.modes = {TimingMode::cold};
  settings.rule = kCheckTiming;
  return settings;
}

}  // namespace

// Members in construction order; destroyed in reverse, so the operations go
// before the compile queue they were built from, and the stream goes last.
struct GbenchSession::Gpu {
  DeviceInfo device;
  Stream stream;
  NvrtcCompiler compiler;
  CompileQueue queue;
  ScratchArena scratch;
  std::vector<MeasuredOperation> operations;
  SizeMeasurer checker;
  ColdTimer timer;
  std::optional<HostSyncTimer> host_timer;  // made on first use: only thrust needs it
  std::map<std::pair<std::size_t, std::int64_t>, CheckOutcome> checked;
  // The timing inputs of the size benchmarked last (one size at a time).
  std::int64_t inputs_n = 0;
  ElementType inputs_type = ElementType::f32;
  std::optional<SizeBuffers> buffers;
  ExpectedResults expected;
  std::string lost;  // set once the CUDA context is lost: nothing after it can be trusted

  Gpu(DeviceInfo info, const GbenchOptions& options, const GbenchPlan& plan)
      : device(std::move(info)),
        compiler(kDotKernelSource, "dot_kernel.cuh", nvrtc_target_for_device(device.arch()),
                 options.cache_dir.empty() ? default_cache_dir() : options.cache_dir,
                 nvrtc_include_dirs()),  // cub and cooperative_groups for those reductions
        queue(compiler, plan.variants, std::max(1u, std::thread::hardware_concurrency())),
        scratch(plan.variants, plan.sizes),
        operations(sweep_operations(device, plan.variants, queue, scratch)),
        checker(device, stream.get(), check_settings()),
        timer(device, stream.get()) {}

  CheckOutcome check(std::size_t index, std::int64_t n);
  void load_timing_inputs(std::int64_t n, ElementType type);
};

CheckOutcome GbenchSession::Gpu::check(std::size_t index, std::int64_t n) {
  const auto key = std::make_pair(index, n);
  if (auto found = checked.find(key); found != checked.end()) return found->second;
  // The check allocates its own buffers for n: the timing ones of another
  // size go first, those of n stay (the next benchmark at n times on them).
  if (inputs_n != n) {
    buffers.reset();
    inputs_n = 0;
  }
  std::vector<MeasuredOperation> one;
  one.push_back(std::move(operations[index]));
  std::optional<MeasurementRecord> row;
  try {
    checker.measure_size(n, one, [&](const MeasurementRecord& r) { row = r; });
  } catch (...) {
    operations[index] = std::move(one.front());
    throw;
  }
  operations[index] = std::move(one.front());
  CheckOutcome outcome;
  if (!row) {
    outcome.reason = "the check produced no row";
  } else {
    outcome.correct = row->correct;
    outcome.reason = row->reason;
    outcome.verdict.correct = row->correct;
    outcome.verdict.reason = row->reason;
    outcome.verdict.rel_err = row->rel_err.value_or(0);
    outcome.verdict.err_bound = row->err_bound.value_or(0);
    outcome.verdict.deterministic = row->deterministic.value_or(false);
    outcome.observed = operations[index].observed;
  }
  return checked[key] = outcome;
}

void GbenchSession::Gpu::load_timing_inputs(std::int64_t n, ElementType type) {
  if (buffers && inputs_n == n && inputs_type == type) return;
  buffers.reset();
  buffers.emplace(n, type);
  // The sweep's timing data for n (same seed): its float64 reference is what
  // the result after timing is held to. The host copies go with `inputs`.
  SizeInputs inputs(n, type, kDefaultSeed, std::max(1u, std::thread::hardware_concurrency()));
  inputs.load(InputKind::positive_uniform, *buffers, stream.get());
  check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize(timing inputs)");
  expected = inputs.expected();
  inputs_n = n;
  inputs_type = type;
}

GbenchSession::GbenchSession(GbenchOptions options, GbenchPlan plan)
    : options_(std::move(options)), plan_(std::move(plan)) {}

GbenchSession::~GbenchSession() = default;

GbenchSession::Gpu* GbenchSession::gpu(std::string& why_not) {
  if (!started_) {
    started_ = true;
    try {
      DeviceInfo device = query_device(options_.device);
      gpu_ = std::make_unique<Gpu>(std::move(device), options_, plan_);
      // Registration read the baseline table without a device; the sweep's
      // operations were built from the same table and must match it row for row.
      const std::vector<BaselineEntry>& registered = plan_.baselines;
      bool same = gpu_->operations.size() == registered.size() + plan_.variants.size();
      for (std::size_t i = 0; same && i < registered.size(); ++i) {
        const MeasuredOperation& op = gpu_->operations[i];
        same = op.name == registered[i].name && op.type == registered[i].type &&
               op.timed_only == registered[i].timed_only && op.host_synchronous == registered[i].host_synchronous;
      }
      if (!same) throw GpuError("the operations built differ from those registered (baseline_table out of step)");
    } catch (const NoDeviceError& e) {
      gpu_.reset();
      start_failure_ = e.what();
      start_exit_status_ = 3;
    } catch (const InputError& e) {
      gpu_.reset();
      start_failure_ = e.what();
      start_exit_status_ = 2;
    } catch (const std::exception& e) {
      gpu_.reset();
      start_failure_ = e.what();
      start_exit_status_ = 4;
    }
  }
  why_not = start_failure_;
  return gpu_.get();
}

bool GbenchSession::start() {
  std::string why_not;
  return gpu(why_not) != nullptr;
}

void GbenchSession::run(benchmark::State& state, std::size_t index, std::int64_t n) {
  std::string why_not;
  Gpu* g = gpu(why_not);
  if (!g) return state.SkipWithError(why_not.c_str());
  if (!g->lost.empty()) return state.SkipWithError(g->lost.c_str());
  MeasuredOperation& op = g->operations[index];
  // Registration planned without a device; what this GPU lacks (the cluster
  // finish below sm_90, ...) is skipped with its reason, never launched.
  if (op.config)
    if (auto reason = rejection_reason(*op.config, device_limits(g->device)))
      return state.SkipWithError(("not run on this GPU: " + *reason).c_str());
  try {
    CheckOutcome outcome;
    if (op.timed_only) {
      // The floor computes nothing: a timing reference, never checked (as in a sweep).
      if (!op.ensure_built()) return state.SkipWithError(op.failure.c_str());
    } else {
      outcome = g->check(index, n);
      if (!outcome.correct) return state.SkipWithError(("incorrect, not timed: " + outcome.reason).c_str());
    }
    g->load_timing_inputs(n, op.type);
    op.operation->prepare(n);
    const DotInputs inputs = g->buffers->main();
    if (op.host_synchronous && !g->host_timer) g->host_timer.emplace(g->device, g->stream.get());
    double clock_sum = 0;
    std::vector<double> launch_results;
    for (auto _ : state) {
      // thrust waits on the host inside its call: the sweep's host-synchronous
      // timer (L2 evicted, host wall time of one call), never the blocker.
      const TimingSamples sample = op.host_synchronous
                                       ? g->host_timer->measure(*op.operation, {inputs}, true, false, kOneSample)
                                       : g->timer.measure(*op.operation, inputs, kOneSample);
      state.SetIterationTime(sample.us.front() * 1e-6);
      clock_sum += sample.clock_mhz.front();
      launch_results.insert(launch_results.end(), sample.launch_results.begin(), sample.launch_results.end());
    }
    // Every timed launch must have computed the checked result (as in a sweep's timing).
    if (!op.timed_only) {
      if (auto mismatch = timed_results_mismatch(launch_results, outcome.observed, outcome.verdict, g->expected,
                                                 op.operation->promises_determinism()))
        return state.SkipWithError(mismatch->c_str());
    }

    const double iterations = static_cast<double>(state.iterations());
    using benchmark::Counter;
    // The floor moves no data: no bandwidth to report.
    if (!op.timed_only) {
      const double bytes = dot_bytes(n, element_bytes(op.type));
      state.SetBytesProcessed(static_cast<std::int64_t>(iterations * bytes));
      state.SetItemsProcessed(static_cast<std::int64_t>(iterations) * n);
      state.counters["GB/s"] = Counter(iterations * bytes / 1e9, Counter::kIsRate);
      if (g->device.peak_gbps > 0)
        state.counters["pct_peak"] =
            Counter(iterations * bytes / (g->device.peak_gbps * 1e9) * 100.0, Counter::kIsRate);
    }
    // The host-synchronous timer has no blocker to read the SM clock from.
    if (!op.host_synchronous) state.counters["sm_clock_mhz"] = Counter(clock_sum, Counter::kAvgIterations);
    std::string label = g->device.name + ", cold";
    if (op.host_synchronous) label += ", host wall time";
    if (op.timed_only) label += ", floor: empty kernel, not checked";
    state.SetLabel(label);
    ++measured_;
  } catch (const ContextLost& e) {
    g->lost = e.what();
    state.SkipWithError(g->lost.c_str());
  } catch (const std::exception& e) {
    // A GPU error mid-benchmark may have poisoned the context: check before going on.
    const cudaError_t status = cudaDeviceSynchronize();
    if (status != cudaSuccess)
      g->lost = std::string("the CUDA context was lost: ") + cudaGetErrorName(status) + " after " + e.what();
    state.SkipWithError(e.what());
  }
}

}  // namespace dotsweep
