#include "measure/ab_measurer.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

MeasureSettings checking_settings(MeasureSettings settings) {
  settings.counters.scope = CounterScope::off;
  settings.counters.required = false;
  return settings;
}


// The samples of the pairs whose slower-clocked side ran at the usual SM
// clock (a throttled sample answers another question, as in the sweep).
std::vector<double> unthrottled(const std::vector<double>& us, const std::vector<double>& pair_clocks) {
  std::size_t dropped = 0;
  return drop_throttled(us, pair_clocks, kThrottleFraction, dropped);
}

}  // namespace

AbMeasurer::AbMeasurer(const DeviceInfo& device, cudaStream_t stream, MeasureSettings settings, Environment env)
    : device_(device),
      stream_(stream),
      settings_(checking_settings(std::move(settings))),
      checker_(device, stream, settings_, std::move(env)) {
  if (settings_.modes.size() != 1) throw GpuError("dotsweep ab times in one mode at a time");
}

std::vector<AbOutcome> AbMeasurer::measure_size(long long n, const std::vector<AbPair>& pairs) {
  std::vector<MeasuredOperation*> operations;
  for (const AbPair& pair : pairs)
    for (MeasuredOperation* op : {pair.a, pair.b})
      if (std::find(operations.begin(), operations.end(), op) == operations.end()) operations.push_back(op);
  std::vector<AbOutcome> outcomes;
  checker_.check_size(n, operations, [&](CheckedType& checked) {
    const auto checked_of = [&](const MeasuredOperation* op) -> const CheckedOperation& {
      return *std::find_if(checked.operations.begin(), checked.operations.end(),
                           [op](const CheckedOperation& c) { return c.op == op; });
    };
    for (const AbPair& pair : pairs) {
      if (pair.a->type != checked.buffers.type()) continue;
      const CheckedOperation& a = checked_of(pair.a);
      const CheckedOperation& b = checked_of(pair.b);
      AbOutcome outcome{a.row, b.row, std::nullopt};
      if (a.row.correct && b.row.correct) time_pair(outcome, a, b, checked);
      outcomes.push_back(std::move(outcome));
    }
  });
  return outcomes;
}

void AbMeasurer::time_pair(AbOutcome& outcome, const CheckedOperation& a, const CheckedOperation& b,
                           CheckedType& checked) {
  DotOperation& op_a = *a.op->operation;
  DotOperation& op_b = *b.op->operation;
  // A second result slot, so the two sides of a pair never share one (an
  // A/A control runs one operation on both sides); every timed launch's
  // result is read and checked whichever slot it used.
  DeviceBuffer<double> b_result(1);
  // The sampling stops on the ratios' interval; a ratio has no timer tick.
  StoppingRule rule = settings_.rule;
  rule.resolution_us = 0;
  TimingSamples samples_a, samples_b;
  std::vector<double> ratios;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  try {
    // Both timers replay graphs (gpu/timers.hpp): cold ones of one launch on
    // the main inputs, hot ones over the rotating slots. Each side has a
    // graph per result slot, and every other pair B goes first and the two
    // sides trade slots: where the result lands and which side follows the
    // other move an operation by a few percent at small n (an A/A control of
    // the seed kernel at 2^12 read 1.035 with fixed slots on the H200), and
    // alternating both cancels them in the paired ratios.
    const bool cold = settings_.modes.front() == TimingMode::cold;
    ColdTimer* cold_timer = checker_.cold_timer();
    HotTimer* hot_timer = checker_.hot_timer();
    // result null: A's slots (the main inputs' result, or each hot slot's own).
    const auto prepare = [&](DotOperation& op, void* result) {
      if (cold) {
        DotInputs inputs = checked.buffers.main();
        if (result) inputs.result = result;
        return cold_timer->prepare(op, inputs);
      }
      std::vector<DotInputs> slots = checked.hot_slots;
      if (result)
        for (DotInputs& slot : slots) slot.result = result;
      return hot_timer->prepare(op, slots);
    };
    const auto sample = [&](const LaunchGraph& graph) {
      return cold ? cold_timer->take_sample(graph) : hot_timer->take_sample(graph);
    };
    // Each side's scratch as its launches expect it (other rows were checked since).
    op_a.prepare(checked.buffers.main().n);
    op_b.prepare(checked.buffers.main().n);
    const LaunchGraph a_own = prepare(op_a, nullptr), a_traded = prepare(op_a, b_result.get());
    const LaunchGraph b_own = prepare(op_b, b_result.get()), b_traded = prepare(op_b, nullptr);
    samples_a.launches = a_own.launches();
    samples_b.launches = b_own.launches();
    for (bool traded = false; !rule.should_stop(ratios, elapsed()); traded = !traded) {
      if (traded) samples_b.add(sample(b_traded));
      samples_a.add(sample(traded ? a_traded : a_own));
      if (!traded) samples_b.add(sample(b_own));
      ratios.push_back(samples_b.us.back() / samples_a.us.back());
    }
  } catch (const GpuError& e) {
    require_healthy_context("timing " + a.op->name + " against " + b.op->name + " at n=" +
                            std::to_string(checked.buffers.main().n));
    const std::string failure = e.what();
    for (MeasurementRecord* row : {&outcome.a, &outcome.b}) {
      row->correct = false;
      row->reason = failure.substr(0, failure.find('\n'));
    }
    return;
  }
  checker_.finish_row(outcome.a, samples_a, *a.op, checked, a.verdict);
  checker_.finish_row(outcome.b, samples_b, *b.op, checked, b.verdict);
  if (!outcome.a.correct || !outcome.b.correct) return;
  std::vector<double> pair_clocks(ratios.size());
  for (std::size_t i = 0; i < ratios.size(); ++i)
    pair_clocks[i] = std::min(samples_a.clock_mhz[i], samples_b.clock_mhz[i]);
  outcome.ratio = paired_ratio(unthrottled(samples_a.us, pair_clocks), unthrottled(samples_b.us, pair_clocks));
}

}  // namespace dotsweep
