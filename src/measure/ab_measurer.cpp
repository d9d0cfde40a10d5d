#include "measure/ab_measurer.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

MeasureSettings checking_settings(MeasureSettings settings) {
  settings.counters.scope = CounterScope::off;
  settings.counters.required = false;
  return settings;
}

// Copies of one operation are timed in a shuffled order each round: which
// copy follows which moves a launch-bound time by a few percent (docs/ab.md).
// A fixed seed keeps a run's order reproducible.
constexpr unsigned kCopyOrderSeed = 1;

// The side's row: copy 0's, unless a copy failed its check, whose row it is then.
MeasurementRecord side_row(const std::vector<const CheckedOperation*>& copies) {
  for (std::size_t j = 0; j < copies.size(); ++j) {
    if (copies[j]->row.correct) continue;
    MeasurementRecord row = copies[j]->row;
    if (copies.size() > 1)
      row.reason = "copy " + std::to_string(j + 1) + " of " + std::to_string(copies.size()) + ": " + row.reason;
    return row;
  }
  return copies.front()->row;
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
    for (const std::vector<MeasuredOperation*>* side : {&pair.a, &pair.b})
      for (MeasuredOperation* op : *side)
        if (std::find(operations.begin(), operations.end(), op) == operations.end()) operations.push_back(op);
  std::vector<AbOutcome> outcomes;
  checker_.check_size(n, operations, [&](CheckedType& checked) {
    const auto checked_of = [&](const std::vector<MeasuredOperation*>& copies) {
      std::vector<const CheckedOperation*> found;
      for (const MeasuredOperation* op : copies)
        found.push_back(&*std::find_if(checked.operations.begin(), checked.operations.end(),
                                       [op](const CheckedOperation& c) { return c.op == op; }));
      return found;
    };
    for (const AbPair& pair : pairs) {
      if (pair.a.front()->type != checked.buffers.type()) continue;
      const std::vector<const CheckedOperation*> a = checked_of(pair.a), b = checked_of(pair.b);
      AbOutcome outcome{side_row(a), side_row(b), std::nullopt};
      if (outcome.a.correct && outcome.b.correct) time_pair(outcome, a, b, checked);
      outcomes.push_back(std::move(outcome));
    }
  });
  return outcomes;
}

void AbMeasurer::time_pair(AbOutcome& outcome, const std::vector<const CheckedOperation*>& a,
                           const std::vector<const CheckedOperation*>& b, CheckedType& checked) {
  const std::size_t copies = a.size();
  // A second result slot, so the two sides of a pair never share one (an
  // A/A control runs one operation on both sides); every timed launch's
  // result is read and checked whichever slot it used.
  DeviceBuffer<double> b_result(1);
  // The sampling stops on the ratios' interval; a ratio has no timer tick.
  StoppingRule rule = settings_.rule;
  rule.resolution_us = 0;
  TimingSamples samples_a, samples_b;  // each side's, over its copies: its row
  std::vector<double> ratios;
  std::vector<std::size_t> copy_of_pair;
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
    struct CopyGraphs {
      LaunchGraph a_own, a_traded, b_own, b_traded;
      bool traded = false;  // this copy's next pair: B first, slots traded
    };
    // Each copy's scratch as its launches expect it (other rows were checked since).
    for (std::size_t j = 0; j < copies; ++j) {
      a[j]->op->operation->prepare(checked.buffers.main().n);
      b[j]->op->operation->prepare(checked.buffers.main().n);
    }
    std::vector<CopyGraphs> graphs;
    for (std::size_t j = 0; j < copies; ++j) {
      DotOperation& op_a = *a[j]->op->operation;
      DotOperation& op_b = *b[j]->op->operation;
      graphs.push_back({prepare(op_a, nullptr), prepare(op_a, b_result.get()), prepare(op_b, b_result.get()),
                        prepare(op_b, nullptr)});
    }
    samples_a.launches = graphs.front().a_own.launches();
    samples_b.launches = graphs.front().b_own.launches();
    std::vector<std::size_t> order(copies);
    std::iota(order.begin(), order.end(), 0);
    std::mt19937 shuffler(kCopyOrderSeed);
    const std::size_t min_rounds = copies > 1 ? kMinPairsPerCopy : 0;
    for (std::size_t round = 0; round < min_rounds || !rule.should_stop(ratios, elapsed()); ++round) {
      if (copies > 1) std::shuffle(order.begin(), order.end(), shuffler);
      for (const std::size_t j : order) {
        CopyGraphs& g = graphs[j];
        if (g.traded) samples_b.add(sample(g.b_traded));
        samples_a.add(sample(g.traded ? g.a_traded : g.a_own));
        if (!g.traded) samples_b.add(sample(g.b_own));
        g.traded = !g.traded;
        ratios.push_back(samples_b.us.back() / samples_a.us.back());
        copy_of_pair.push_back(j);
      }
    }
  } catch (const GpuError& e) {
    require_healthy_context("timing " + a.front()->op->name + " against " + b.front()->op->name + " at n=" +
                            std::to_string(checked.buffers.main().n));
    const std::string failure = e.what();
    for (MeasurementRecord* row : {&outcome.a, &outcome.b}) {
      row->correct = false;
      row->reason = failure.substr(0, failure.find('\n'));
    }
    return;
  }
  checker_.finish_row(outcome.a, samples_a, *a.front()->op, checked, a.front()->verdict);
  checker_.finish_row(outcome.b, samples_b, *b.front()->op, checked, b.front()->verdict);
  if (!outcome.a.correct || !outcome.b.correct) return;
  // A pair in which either side ran under the usual clock (the row's, over
  // every copy) is dropped, as the sweep drops such a sample.
  std::vector<double> pair_clocks(ratios.size());
  for (std::size_t i = 0; i < ratios.size(); ++i)
    pair_clocks[i] = std::min(samples_a.clock_mhz[i], samples_b.clock_mhz[i]);
  const std::vector<bool> throttled = throttled_samples(pair_clocks, kThrottleFraction);
  std::vector<std::vector<double>> a_us(copies), b_us(copies);
  for (std::size_t i = 0; i < ratios.size(); ++i) {
    if (throttled[i]) continue;
    a_us[copy_of_pair[i]].push_back(samples_a.us[i]);
    b_us[copy_of_pair[i]].push_back(samples_b.us[i]);
  }
  outcome.ratio = copies_ratio(a_us, b_us);
}

}  // namespace dotsweep
