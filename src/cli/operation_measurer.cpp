#include "cli/operation_measurer.hpp"

#include <algorithm>

#include "core/correctness_verdict.hpp"
#include "gpu/result_probe.hpp"

namespace dotsweep {

namespace {

void fill_timing(MeasurementRecord& record, const TimingSamples& timing, double peak_gbps) {
  std::size_t dropped = 0;
  const std::vector<double> kept = drop_throttled(timing.us, timing.clock_mhz, kThrottleFraction, dropped);
  const SampleSummary s = summarize(kept);
  record.samples = s.samples;
  record.dropped_samples = dropped;
  record.median_us = s.median;
  record.min_us = s.min;
  record.p25_us = s.p25;
  record.p75_us = s.p75;
  record.noise_pct = s.noise_pct;
  record.gbps = effective_gbps(record.n, element_bytes(ElementType::f32), s.median);
  if (peak_gbps > 0) record.pct_peak = *record.gbps / peak_gbps * 100.0;
  std::vector<double> clocks;
  for (double c : timing.clock_mhz)
    if (c > 0) clocks.push_back(c);
  if (!clocks.empty()) record.sm_clock_mhz = quantile(clocks, 0.5);
}

bool has_mode(const std::vector<std::string>& modes, const char* mode) {
  return std::find(modes.begin(), modes.end(), mode) != modes.end();
}

}  // namespace

void require_healthy_context(const std::string& during) {
  const cudaError_t status = cudaDeviceSynchronize();
  if (status != cudaSuccess)
    throw ContextLost("the CUDA context was lost while " + during + ": " + cudaGetErrorName(status));
}

OperationMeasurer::OperationMeasurer(const DeviceInfo& device, cudaStream_t stream, std::vector<std::string> modes,
                                     const StoppingRule& rule)
    : device_(device), stream_(stream), modes_(std::move(modes)), rule_(rule) {
  if (has_mode(modes_, "cold")) cold_.emplace(device, stream);
  if (has_mode(modes_, "hot")) hot_.emplace(stream);
}

std::vector<DotInputs> OperationMeasurer::hot_slots(SizeBuffers& buffers) const {
  if (!hot_) return {};
  return buffers.rotating_slots(kHotFootprintL2s * device_.l2_bytes, kMaxHotSlots, stream_);
}

void OperationMeasurer::run_integer_pass(MeasuredOperation& op, const SizeBuffers& buffers) const {
  op.size_failure.clear();
  if (!op.operation) return;
  const long long n = buffers.main().n;
  try {
    op.operation->prepare(n);
    op.integer_result = run_and_read(*op.operation, buffers.main(), stream_);
  } catch (const GpuError& e) {
    op.size_failure = e.what();
    require_healthy_context("checking " + op.name + " at n=" + std::to_string(n));
  }
}

std::vector<MeasurementRecord> OperationMeasurer::measure(MeasuredOperation& op, const SizeBuffers& buffers,
                                                          const std::vector<DotInputs>& hot_slots,
                                                          const SizeReferences& references, const Environment& env) {
  const long long n = buffers.main().n;
  std::vector<MeasurementRecord> rows;
  for (const auto& mode : modes_) rows.push_back(record_skeleton(op, n, mode, env));
  std::string failure = !op.failure.empty() ? op.failure : op.size_failure;
  try {
    if (failure.empty()) {
      ObservedResults observed;
      observed.integer_result = op.integer_result;
      observed.random_first = run_and_read(*op.operation, buffers.main(), stream_);
      observed.random_second = run_and_read(*op.operation, buffers.main(), stream_);
      const CorrectnessVerdict verdict =
          judge_results(observed, references.exact_integer, references.uniform, op.operation->summation_shape());
      for (auto& row : rows) {
        row.rel_err = verdict.rel_err;
        row.err_bound = verdict.err_bound;
        row.correct = verdict.correct;
        row.deterministic = verdict.deterministic;
        row.reason = verdict.reason;
        if (!verdict.correct) continue;  // incorrect variants are not timed or ranked
        const TimingSamples timing = row.mode == "cold" ? cold_->measure(*op.operation, buffers.main(), rule_)
                                                        : hot_->measure(*op.operation, hot_slots, rule_);
        fill_timing(row, timing, device_.peak_gbps);
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

}  // namespace dotsweep
