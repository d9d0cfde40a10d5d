#include "measure/counter_pass.hpp"

#include <cstdio>

#include "core/element_type.hpp"
#include "core/input_error.hpp"
#include "gpu/harness_kernels.hpp"
#include "gpu/cupti_range_profiler.hpp"

namespace dotsweep {

namespace {

void warn_once(const std::string& status, const std::string& detail) {
  static bool warned = false;
  if (warned) return;
  warned = true;
  std::fprintf(stderr, "dotsweep: warning: hardware counters unavailable (%s): %s; counter columns left empty\n",
               status.c_str(), detail.c_str());
}

bool timed(const MeasurementRecord& row) { return row.correct && row.median_us.has_value(); }

}  // namespace

CounterPass::CounterPass(const CuptiLoad& library, const DeviceInfo& device, cudaStream_t stream,
                         CounterSettings settings)
    : stream_(stream), settings_(std::move(settings)), l2_bytes_(device.l2_bytes) {
  if (settings_.scope == CounterScope::off) return;
  CuptiRangeProfiler::Unavailable why;
  profiler_ = CuptiRangeProfiler::open(library, device.index, settings_.metrics, why);  // InputError: unknown metric
  if (profiler_) {
    flush_ = DeviceBuffer<unsigned char>((2 * l2_bytes_ + (1 << 20)) / 16 * 16);  // as the cold timer's
    sink_ = DeviceBuffer<float>(1);
    return;
  }
  unavailable_status_ = why.status;
  unavailable_detail_ = why.detail;
  if (settings_.required)
    throw InputError("--counters " + to_string(settings_.scope) + ": hardware counters unavailable (" + why.status +
                     "): " + why.detail);
  warn_once(why.status, why.detail);
}

CounterPass::~CounterPass() = default;

void CounterPass::profile(MeasurementRecord& row, MeasuredOperation& op, const CounterInputs& inputs) {
  if (!timed(row) || !op.operation) {
    row.cupti_status = cupti_status::not_timed;
    return;
  }
  const bool hot = row.mode == to_string(TimingMode::hot);
  const DotInputs& in = hot && !inputs.hot.empty() ? inputs.hot.front() : inputs.cold;
  // A hot launch follows the launch on the slot before it: that one runs
  // first, unprofiled, so the L2 holds what the hot timer's launch finds there.
  // A cold one follows the cold timer's L2 eviction. Both run before the
  // profiler is enabled (profile() waits for the stream first).
  if (hot && inputs.hot.size() > 1) op.operation->enqueue(inputs.hot.back(), stream_);
  if (!hot) launch_read_through(flush_.get(), flush_.bytes(), sink_.get(), stream_);
  try {
    const auto ranges = profiler_->profile([&](cudaStream_t s) { op.operation->enqueue(in, s); }, stream_);
    fill_counter_columns(row, sum_ranges(profiler_->metrics(), ranges));
  } catch (const CuptiError& e) {
    // One row's failure (a CUPTI error mid-sweep) leaves its columns empty
    // and says so; the timings it already has stand.
    row.cupti_status = e.status();
    if (!failure_reported_)
      std::fprintf(stderr, "dotsweep: warning: counter pass of %s at n=%lld failed: %s (later failures: cupti_status only)\n",
                   row.variant.c_str(), static_cast<long long>(row.n), e.what());
    failure_reported_ = true;
  }
}

void CounterPass::add(MeasurementRecord row, MeasuredOperation& op, const CounterInputs& inputs,
                      const CounterRowSink& on_row) {
  if (settings_.scope == CounterScope::off) {
    row.cupti_status = cupti_status::off;
  } else if (!profiler_) {
    row.cupti_status = unavailable_status_;
  } else if (settings_.scope == CounterScope::all) {
    profile(row, op, inputs);
  } else {
    held_.push_back({std::move(row), &op});
    return;
  }
  on_row(row);
}

void CounterPass::finish_size(const CounterInputs& inputs, const CounterRowSink& on_row) {
  if (held_.empty()) return;
  std::vector<MeasurementRecord> rows;
  for (const auto& h : held_) rows.push_back(h.row);
  const std::vector<bool> chosen = rows_to_profile(settings_.scope, rows);
  for (std::size_t i = 0; i < held_.size(); ++i) {
    MeasurementRecord& row = held_[i].row;
    if (chosen[i]) profile(row, *held_[i].op, inputs);
    else row.cupti_status = timed(row) ? cupti_status::not_selected : cupti_status::not_timed;
    on_row(row);
  }
  held_.clear();
}

}  // namespace dotsweep
