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
    if (settings_.modes.front() == TimingMode::cold) {
      ColdTimer& timer = *checker_.cold_timer();
      const DotInputs in_a = checked.buffers.main();
      DotInputs in_b = in_a;
      in_b.result = b_result.get();
      timer.warm_up(op_a, in_a);
      timer.warm_up(op_b, in_b);
      // Every other pair B goes first and the two sides trade result slots:
      // where the result lands and which side follows the other move a
      // two-kernel operation by a few percent at small n (an A/A control of
      // cuBLAS at 2^12 read 1.027 without the trade on the H200), and
      // alternating them cancels both in the paired ratios.
      for (bool traded = false; !rule.should_stop(ratios, elapsed()); traded = !traded) {
        DotInputs on_a = in_a, on_b = in_b;
        if (traded) std::swap(on_a.result, on_b.result);
        if (traded) samples_b.add(timer.take_sample(op_b, on_b));
        samples_a.add(timer.take_sample(op_a, on_a));
        if (!traded) samples_b.add(timer.take_sample(op_b, on_b));
        ratios.push_back(samples_b.us.back() / samples_a.us.back());
      }
    } else {
      HotTimer& timer = *checker_.hot_timer();
      std::vector<DotInputs> slots_b = checked.hot_slots;
      for (DotInputs& slot : slots_b) slot.result = b_result.get();
      const HotGraph graph_a = timer.prepare(op_a, checked.hot_slots);
      const HotGraph graph_b = timer.prepare(op_b, slots_b);
      samples_a.launches = graph_a.launches();
      samples_b.launches = graph_b.launches();
      // Every other pair B goes first, so neither side always follows the other.
      for (bool b_first = false; !rule.should_stop(ratios, elapsed()); b_first = !b_first) {
        if (b_first) samples_b.add(timer.take_sample(graph_b));
        samples_a.add(timer.take_sample(graph_a));
        if (!b_first) samples_b.add(timer.take_sample(graph_b));
        ratios.push_back(samples_b.us.back() / samples_a.us.back());
      }
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
