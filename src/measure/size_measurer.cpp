#include "measure/size_measurer.hpp"

#include <algorithm>
#include <thread>

#include "core/stats/clock_events.hpp"
#include "core/check/correctness_verdict.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"

namespace dotsweep {

namespace {

void fill_witness(MeasurementRecord& record, const std::optional<ClockSnapshot>& before,
                  const std::optional<ClockSnapshot>& after) {
  const ClockWitness witness = witness_clocks(before, after);
  record.nvml_sm_clock_before_mhz = witness.before_mhz;
  record.nvml_sm_clock_after_mhz = witness.after_mhz;
  record.clock_events = witness.events;
  if (before || after) record.capped = witness.capped;
}

double& observed_slot(ObservedResults& observed, InputKind kind) {
  return kind == InputKind::random_integers ? observed.random_integers : observed.periodic_integers;
}

}  // namespace

void require_healthy_context(const std::string& during) {
  const cudaError_t status = cudaDeviceSynchronize();
  if (status != cudaSuccess)
    throw ContextLost("the CUDA context was lost while " + during + ": " + cudaGetErrorName(status));
}

void fill_timing(MeasurementRecord& record, const TimingSamples& timing, ElementType type, double peak_gbps) {
  std::size_t dropped = 0;
  const std::vector<double> kept = drop_throttled(timing.us, timing.clock_mhz, kThrottleFraction, dropped);
  const SampleSummary s = summarize(kept);
  record.samples = s.samples;
  record.launches = timing.launches;
  record.dropped_samples = dropped;
  const std::vector<bool> throttled = throttled_samples(timing.clock_mhz, kThrottleFraction);
  record.raw_samples.clear();
  for (std::size_t i = 0; i < timing.us.size(); ++i)
    record.raw_samples.push_back({timing.us[i], timing.clock_mhz[i], throttled[i]});
  record.median_us = s.median;
  record.ci_lo_us = s.ci_lo;
  record.ci_hi_us = s.ci_hi;
  record.min_us = s.min;
  record.p25_us = s.p25;
  record.p75_us = s.p75;
  record.noise_pct = s.noise_pct;
  if (record.kind != kFloorKind) {  // an empty kernel reads nothing
    record.gbps = effective_gbps(record.n, element_bytes(type), s.median);
    // The GPU's peak says nothing of a copy over the host link or of the CPU.
    if (peak_gbps > 0 && record.kind != kHostPathKind) record.pct_peak = *record.gbps / peak_gbps * 100.0;
  }
  std::vector<double> clocks;
  for (double c : timing.clock_mhz)
    if (c > 0) clocks.push_back(c);
  if (!clocks.empty()) record.sm_clock_mhz = quantile(clocks, 0.5);
}

SizeMeasurer::SizeMeasurer(const DeviceInfo& device, cudaStream_t stream, MeasureSettings settings, Environment env)
    : device_(device), stream_(stream), settings_(std::move(settings)), env_(std::move(env)) {
  if (settings_.host_threads == 0) settings_.host_threads = std::max(1u, std::thread::hardware_concurrency());
  for (const TimingMode mode : settings_.modes) {
    if (mode == TimingMode::cold && !cold_) cold_.emplace(device, stream);
    if (mode == TimingMode::hot && !hot_) hot_.emplace(stream);
  }
  nvml_ = NvmlClocks::open(device.index, nvml_status_);
  counters_ = std::make_unique<CounterPass>(cupti_library(), device, stream, settings_.counters);
}

void SizeMeasurer::measure_size(long long n, std::vector<MeasuredOperation>& operations, const RowSink& on_row) {
  std::vector<MeasuredOperation*> all;
  for (auto& op : operations) all.push_back(&op);
  for_each_type(n, all, [&](CheckedType& checked) {
    // Each row's counter pass runs after its timing, never during it.
    const CounterInputs counter_inputs{checked.buffers.main(), checked.hot_slots};
    try {
      for (MeasuredOperation* op : all)
        if (op->type == checked.buffers.type())
          for (auto& row : check_and_time(*op, checked)) counters_->add(std::move(row), *op, counter_inputs, on_row);
      counters_->finish_size(counter_inputs, on_row);
    } catch (...) {
      // A stop between operations (the observer or the row sink throws) or a
      // lost context: the rows timed so far must not go with the batch that
      // would have handed them on.
      counters_->abandon_size(on_row);
      throw;
    }
  });
}

void SizeMeasurer::check_size(long long n, const std::vector<MeasuredOperation*>& operations,
                              const std::function<void(CheckedType&)>& then) {
  for_each_type(n, operations, [&](CheckedType& checked) {
    for (MeasuredOperation* op : operations) {
      if (op->type != checked.buffers.type()) continue;
      CheckedOperation c;
      c.op = op;
      c.row = check_operation(*op, checked.buffers, checked.expected, c.verdict).front();
      checked.operations.push_back(std::move(c));
    }
    then(checked);
  });
}

void SizeMeasurer::for_each_type(long long n, const std::vector<MeasuredOperation*>& all,
                                 const std::function<void(CheckedType&)>& body) {
  for (const ElementType type : all_element_types()) {
    std::vector<MeasuredOperation*> operations;
    for (MeasuredOperation* op : all)
      if (op->type == type) operations.push_back(op);
    if (operations.empty()) continue;
    // One type's buffers are freed before the next type's are allocated.
    SizeBuffers buffers(n, type, settings_.host_paths);
    SizeInputs inputs(n, type, settings_.seed, settings_.host_threads);
    for (MeasuredOperation* op : operations) {
      op->size_failure.clear();
      op->observed = ObservedResults{};
    }
    run_exact_pass(InputKind::random_integers, operations, inputs, buffers);
    run_exact_pass(InputKind::periodic_integers, operations, inputs, buffers);

    inputs.load(InputKind::positive_uniform, buffers, stream_);
    std::vector<DotInputs> hot_slots;
    if (hot_) hot_slots = buffers.rotating_slots(kHotFootprintL2s * device_.l2_bytes, kMaxHotSlots, stream_);
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
      peak_device_bytes_ = std::max(peak_device_bytes_, total_bytes - free_bytes);
    CheckedType checked{buffers, hot_slots, inputs.expected(), {}};
    body(checked);
  }
}

// One exact input set, every operation: the operation is sized for n here,
// and a GPU error is kept in op.size_failure.
void SizeMeasurer::run_exact_pass(InputKind kind, const std::vector<MeasuredOperation*>& operations,
                                  SizeInputs& inputs, SizeBuffers& buffers) {
  inputs.load(kind, buffers, stream_);
  const long long n = buffers.main().n;
  for (MeasuredOperation* op_pointer : operations) {
    MeasuredOperation& op = *op_pointer;
    if (op.timed_only || !op.size_failure.empty() || !op.ensure_built()) continue;
    if (observer_) observer_(op, n);
    try {
      // The group was formed from op.type; the built operation must agree, or
      // it would read inputs of another type as its own.
      if (op.operation->element_type() != buffers.type())
        throw GpuError("operation reads " + to_string(op.operation->element_type()) + " but was listed as " +
                       to_string(buffers.type()));
      op.operation->prepare(n);
      observed_slot(op.observed, kind) = run_and_read(*op.operation, buffers.main(), stream_);
    } catch (const GpuError& e) {
      op.size_failure = e.what();
      require_healthy_context("checking " + op.name + " at n=" + std::to_string(n));
    }
  }
}

std::vector<MeasurementRecord> SizeMeasurer::check_operation(MeasuredOperation& op, const SizeBuffers& buffers,
                                                             const ExpectedResults& expected,
                                                             CorrectnessVerdict& verdict) {
  const long long n = buffers.main().n;
  std::vector<MeasurementRecord> rows;
  for (const TimingMode mode : settings_.modes) rows.push_back(record_skeleton(op, n, mode, env_));
  std::string failure = !op.failure.empty() ? op.failure : op.size_failure;
  if (observer_ && failure.empty()) observer_(op, n);
  try {
    if (failure.empty() && op.timed_only && !op.ensure_built()) failure = op.failure;
    if (failure.empty() && op.timed_only) {
      op.operation->prepare(n);
      for (auto& row : rows) row.reason = kFloorReason;
    } else if (failure.empty()) {
      op.operation->prepare(n);  // other operations ran since the exact passes: their scratch is its again
      op.observed.float_first = run_and_read(*op.operation, buffers.main(), stream_);
      op.observed.float_second = run_and_read(*op.operation, buffers.main(), stream_);
      const bool promised = op.operation->promises_determinism();
      verdict = judge_results(op.observed, expected, op.operation->summation_shape(), promised);
      for (auto& row : rows) {
        row.rel_err = verdict.rel_err;
        row.err_bound = verdict.err_bound;
        row.correct = verdict.correct;
        row.deterministic = verdict.deterministic;
        row.reason = verdict.reason;
      }
    }
  } catch (const GpuError& e) {
    failure = e.what();
    require_healthy_context("checking " + op.name + " at n=" + std::to_string(n));
  }
  if (!failure.empty()) {
    for (auto& row : rows) {
      row.correct = false;
      row.reason = failure.substr(0, failure.find('\n'));
    }
  }
  return rows;
}

std::vector<MeasurementRecord> SizeMeasurer::check_and_time(MeasuredOperation& op, const CheckedType& checked) {
  CorrectnessVerdict verdict;
  std::vector<MeasurementRecord> rows = check_operation(op, checked.buffers, checked.expected, verdict);
  try {
    // Incorrect operations are not timed or ranked; the floor is timed only.
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (rows[i].correct || (op.timed_only && rows[i].reason == kFloorReason))
        time_row(rows[i], settings_.modes[i], op, checked, verdict);
  } catch (const GpuError& e) {
    require_healthy_context("measuring " + op.name + " at n=" + std::to_string(checked.buffers.main().n));
    const std::string failure = e.what();
    for (auto& row : rows) {
      row.correct = false;
      row.reason = failure.substr(0, failure.find('\n'));
    }
  }
  return rows;
}

// Times one mode, witnessed by NVML's clocks before and after, then checks
// that the timed launches computed what the checked launch did: a kernel that
// is only right on its first launch must not win.
void SizeMeasurer::time_row(MeasurementRecord& row, TimingMode mode, MeasuredOperation& op,
                            const CheckedType& checked, const CorrectnessVerdict& verdict) {
  const SizeBuffers& buffers = checked.buffers;
  const std::optional<ClockSnapshot> before = nvml_ ? nvml_->read() : std::nullopt;
  TimingSamples timing;
  if (op.host_synchronous) {
    if (!host_sync_) host_sync_.emplace(device_, stream_);
    const bool cold = mode == TimingMode::cold;
    timing = host_sync_->measure(*op.operation, cold ? std::vector<DotInputs>{buffers.main()} : checked.hot_slots,
                                 cold, op.host_path, settings_.rule);
  } else {
    timing = mode == TimingMode::cold ? cold_->measure(*op.operation, buffers.main(), settings_.rule)
                                      : hot_->measure(*op.operation, checked.hot_slots, settings_.rule);
  }
  const std::optional<ClockSnapshot> after = nvml_ ? nvml_->read() : std::nullopt;
  fill_witness(row, before, after);
  finish_row(row, timing, op, checked, verdict);
}

void SizeMeasurer::finish_row(MeasurementRecord& row, const TimingSamples& timing, const MeasuredOperation& op,
                              const CheckedType& checked, const CorrectnessVerdict& verdict) {
  const ElementType type = checked.buffers.type();
  // The peak the row's peak_gbps column names: the GPU's theoretical one, or
  // on a partition its measured read ceiling (core/space/sm_partition.hpp).
  fill_timing(row, timing, type, env_.peak_gbps);
  if (op.timed_only) return;  // nothing was computed, so there is nothing to compare
  if (auto mismatch = timed_results_mismatch(timing.launch_results, op.observed, verdict, checked.expected,
                                             op.operation->promises_determinism())) {
    row.correct = false;
    row.reason = *mismatch;
  }
}

}  // namespace dotsweep
