#include "measure/distributed_measurer.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "core/check/correctness_verdict.hpp"
#include "core/check/input_data.hpp"
#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {

using Clock = std::chrono::steady_clock;

// One (type, n)'s input sets, generated once for every GPU count and method.
struct SizeSets {
  ElementArray a[3], b[3];
  ExpectedResults expected;
};

SizeSets make_sets(ElementType type, std::int64_t n, std::uint64_t seed, unsigned threads) {
  SizeSets sets;
  sets.expected.type = type;
  const InputKind kinds[3] = {InputKind::random_integers, InputKind::periodic_integers, InputKind::positive_uniform};
  for (int k = 0; k < 3; ++k) {
    sets.a[k] = ElementArray(type, static_cast<std::size_t>(n));
    sets.b[k] = ElementArray(type, static_cast<std::size_t>(n));
    fill_input_pair(sets.a[k], sets.b[k], kinds[k], seed + static_cast<std::uint64_t>(n), threads);
  }
  sets.expected.random_integers = exact_integer_dot(sets.a[0], sets.b[0], threads);
  sets.expected.periodic_integers = exact_integer_dot(sets.a[1], sets.b[1], threads);
  sets.expected.floats = reference_dot(sets.a[2], sets.b[2], threads);
  return sets;
}

DistributedRow measure_one(DistributedDot& dot, const SizeSets& sets, const StoppingRule& rule) {
  DistributedRow row;
  ObservedResults observed;
  dot.load(sets.a[0], sets.b[0]);
  dot.time_once();
  observed.random_integers = dot.result();
  dot.load(sets.a[1], sets.b[1]);
  dot.time_once();
  observed.periodic_integers = dot.result();
  dot.load(sets.a[2], sets.b[2]);
  dot.time_once();
  observed.float_first = dot.result();
  dot.time_once();
  observed.float_second = dot.result();
  const CorrectnessVerdict verdict =
      judge_results(observed, sets.expected, dot.summation_shape(), dot.promises_determinism());
  row.correct = verdict.correct;
  row.reason = verdict.reason;
  row.rel_err = verdict.rel_err;
  row.err_bound = verdict.err_bound;
  if (!row.correct) return row;
  std::vector<double> samples, results;
  const auto start = Clock::now();
  do {
    samples.push_back(dot.time_once());
    results.push_back(dot.result());
  } while (!rule.should_stop(samples, std::chrono::duration<double>(Clock::now() - start).count()));
  if (const auto mismatch = timed_results_mismatch(results, observed, verdict, sets.expected, false)) {
    row.correct = false;
    row.reason = *mismatch;
    return row;
  }
  const SampleSummary summary = summarize(samples);
  row.samples = summary.samples;
  row.median_us = summary.median;
  row.ci_lo_us = summary.ci_lo;
  row.ci_hi_us = summary.ci_hi;
  return row;
}

}  // namespace

std::vector<int> default_gpu_counts(int gpus) {
  std::vector<int> counts;
  for (int g = 1; g < gpus; g *= 2) counts.push_back(g);
  counts.push_back(std::max(gpus, 1));
  return counts;
}

std::vector<DistributedRow> measure_distributed(const NcclLibrary& nccl, const DistributedSettings& settings,
                                                const std::function<void(const DistributedRow&)>& on_row) {
  const unsigned threads = settings.host_threads ? settings.host_threads : std::max(1u, std::thread::hardware_concurrency());
  std::vector<DistributedRow> rows;
  for (ElementType type : settings.types) {
    // Every (GPU count, local method) at once, so each size's inputs are made once.
    struct Candidate {
      int gpus;
      LocalDot local;
      std::unique_ptr<DistributedDot> dot;
    };
    std::vector<Candidate> candidates;
    for (int g : settings.gpu_counts) {
      const std::vector<int> devices(settings.devices.begin(), settings.devices.begin() + g);
      for (LocalDot local : {LocalDot::tuned, LocalDot::cublas})
        candidates.push_back({g, local, std::make_unique<DistributedDot>(nccl, devices, type, local)});
    }
    for (std::int64_t n : settings.sizes) {
      const SizeSets sets = make_sets(type, n, settings.seed, threads);
      for (Candidate& c : candidates) {
        DistributedRow row = measure_one(*c.dot, sets, settings.rule);
        row.local = to_string(c.local);
        row.type = type;
        row.gpus = c.gpus;
        row.n = n;
        on_row(row);
        rows.push_back(row);
      }
    }
  }
  return rows;
}

}  // namespace dotsweep
