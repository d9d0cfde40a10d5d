#include "measure/size_measurer.hpp"

#include <algorithm>
#include <thread>

#include "core/clock_events.hpp"
#include "core/correctness_verdict.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"

namespace dotsweep {

namespace {

// Throws ContextLost when the device no longer answers after `during`.
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
  record.median_us = s.median;
  record.ci_lo_us = s.ci_lo;
  record.ci_hi_us = s.ci_hi;
  record.min_us = s.min;
  record.p25_us = s.p25;
  record.p75_us = s.p75;
  record.noise_pct = s.noise_pct;
  record.gbps = effective_gbps(record.n, element_bytes(type), s.median);
  if (peak_gbps > 0) record.pct_peak = *record.gbps / peak_gbps * 100.0;
  std::vector<double> clocks;
  for (double c : timing.clock_mhz)
    if (c > 0) clocks.push_back(c);
  if (!clocks.empty()) record.sm_clock_mhz = quantile(clocks, 0.5);
}

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
  for (const ElementType type : all_element_types()) {
    std::vector<MeasuredOperation*> of_type;
    for (auto& op : operations)
      if (op.type == type) of_type.push_back(&op);
    if (!of_type.empty()) measure_type(n, type, of_type, on_row);
  }
}

void SizeMeasurer::measure_type(long long n, ElementType type, const std::vector<MeasuredOperation*>& operations,
                                const RowSink& on_row) {
  SizeBuffers buffers(n, type);
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

  // Each row's counter pass runs after its timing, never during it.
  const CounterInputs counter_inputs{buffers.main(), hot_slots};
  try {
    for (MeasuredOperation* op : operations)
      for (auto& row : check_and_time(*op, buffers, hot_slots, inputs.expected()))
        counters_->add(std::move(row), *op, counter_inputs, on_row);
    counters_->finish_size(counter_inputs, on_row);
  } catch (...) {
    // A stop between operations (the observer or the row sink throws) or a
    // lost context: the rows timed so far must not go with the batch that
    // would have handed them on.
    counters_->abandon_size(on_row);
    throw;
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

std::vector<MeasurementRecord> SizeMeasurer::check_and_time(MeasuredOperation& op, const SizeBuffers& buffers,
                                                            const std::vector<DotInputs>& hot_slots,
                                                            const ExpectedResults& expected) {
  const long long n = buffers.main().n;
  std::vector<MeasurementRecord> rows;
  for (const TimingMode mode : settings_.modes) rows.push_back(record_skeleton(op, n, mode, env_));
  std::string failure = !op.failure.empty() ? op.failure : op.size_failure;
  if (observer_ && failure.empty()) observer_(op, n);
  try {
    if (failure.empty() && op.timed_only && !op.ensure_built()) failure = op.failure;
    if (failure.empty() && op.timed_only) {
      op.operation->prepare(n);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].reason = kFloorReason;
        time_row(rows[i], settings_.modes[i], op, buffers, hot_slots, expected, CorrectnessVerdict{});
      }
    } else if (failure.empty()) {
      op.observed.float_first = run_and_read(*op.operation, buffers.main(), stream_);
      op.observed.float_second = run_and_read(*op.operation, buffers.main(), stream_);
      const bool promised = op.operation->promises_determinism();
      const CorrectnessVerdict verdict = judge_results(op.observed, expected, op.operation->summation_shape(), promised);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        MeasurementRecord& row = rows[i];
        row.rel_err = verdict.rel_err;
        row.err_bound = verdict.err_bound;
        row.correct = verdict.correct;
        row.deterministic = verdict.deterministic;
        row.reason = verdict.reason;
        // Incorrect operations are not timed or ranked.
        if (verdict.correct) time_row(row, settings_.modes[i], op, buffers, hot_slots, expected, verdict);
      }
    }
  } catch (const GpuError& e) {
    failure = e.what();
    require_healthy_context("measuring " + op.name + " at n=" + std::to_string(n));
  }
  if (!failure.empty()) {
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
void SizeMeasurer::time_row(MeasurementRecord& row, TimingMode mode, MeasuredOperation& op, const SizeBuffers& buffers,
                            const std::vector<DotInputs>& hot_slots, const ExpectedResults& expected,
                            const CorrectnessVerdict& verdict) {
  const std::optional<ClockSnapshot> before = nvml_ ? nvml_->read() : std::nullopt;
  TimingSamples timing;
  if (op.host_synchronous) {
    if (!host_sync_) host_sync_.emplace(device_, stream_);
    const bool cold = mode == TimingMode::cold;
    timing = host_sync_->measure(*op.operation, cold ? std::vector<DotInputs>{buffers.main()} : hot_slots, cold,
                                 settings_.rule);
  } else {
    timing = mode == TimingMode::cold ? cold_->measure(*op.operation, buffers.main(), settings_.rule)
                                      : hot_->measure(*op.operation, hot_slots, settings_.rule);
  }
  const std::optional<ClockSnapshot> after = nvml_ ? nvml_->read() : std::nullopt;
  // The peak the row's peak_gbps column names: the GPU's theoretical one, or
  // on a partition its measured read ceiling (core/sm_partition.hpp).
  fill_timing(row, timing, buffers.type(), env_.peak_gbps);
  fill_witness(row, before, after);
  if (op.timed_only) return;  // nothing was computed, so there is nothing to compare
  const double timed = read_result(timing.last_output, buffers.type(), stream_);
  if (auto mismatch = timed_result_mismatch(timed, op.observed, verdict, expected, op.operation->promises_determinism())) {
    row.correct = false;
    row.reason = *mismatch;
  }
}

}  // namespace dotsweep
