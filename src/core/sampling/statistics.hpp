// Summaries of timing samples and the rule that says when to stop sampling.
#pragma once

#include <cstddef>
#include <vector>

namespace dotsweep {

struct SampleSummary {
  std::size_t samples = 0;
  double median = 0, min = 0, p25 = 0, p75 = 0;
  double noise_pct = 0;  // (p75 - p25) / median * 100: the relative IQR
  // Distribution-free 95% confidence interval of the median (see
  // median_ci_ranks); min and max when there are too few samples for one.
  double ci_lo = 0, ci_hi = 0;
};

// Quantile with linear interpolation between order statistics (q in [0, 1]).
double quantile(std::vector<double> values, double q);
SampleSummary summarize(const std::vector<double>& samples);

// The confidence the median's interval is built for.
inline constexpr double kMedianConfidence = 0.95;

// 1-based ranks of the order statistics x(lower) <= median <= x(upper) that
// bound a 95% interval of the median of n samples, whatever their
// distribution: each sample falls below the true median with probability 1/2,
// so the interval misses it only when fewer than `lower` or at least `upper`
// samples do. The interval is symmetric (upper = n + 1 - lower), with the
// narrowest such pair whose exact binomial coverage is still at least 95%.
struct MedianCiRanks {
  std::size_t lower = 0, upper = 0;
  bool reaches_confidence = false;  // false for n < 6: see median_ci_ranks
  double coverage = 0;              // P(lower <= B(n, 1/2) <= upper - 1)
};
MedianCiRanks median_ci_ranks(std::size_t n);

// P(B(n, 1/2) <= k), summed exactly term by term in log space, so it neither
// underflows for large n nor leans on a normal approximation at small n.
double binomial_half_cdf(std::size_t n, std::size_t k);

// Sampling stops once the median is pinned down: at least min_samples are in
// and the 95% interval's larger half-width, max(median - lo, hi - median), is
// at most ci_halfwidth_pct of the median or at most resolution_us (the timer
// cannot resolve finer; 0 = no such floor). It also stops when budget_seconds
// is spent (once min_samples are in) or at max_samples, whichever is first.
//
// These member initializers are the program's one source of defaults; the
// CLI reads them from here. resolution_us comes last so that aggregate
// initialisers written as {min, max, width, budget} keep their meaning.
struct StoppingRule {
  std::size_t min_samples = 10;
  std::size_t max_samples = 300;
  double ci_halfwidth_pct = 1.0;
  double budget_seconds = 0.25;
  double resolution_us = 0;
  bool should_stop(const std::vector<double>& samples, double elapsed_seconds) const;
};

// Which samples were taken while the SM clock ran under `fraction` of the
// usual (median) clock: a throttled sample answers a different question.
std::vector<bool> throttled_samples(const std::vector<double>& clocks_mhz, double fraction);
// The samples throttled_samples does not mark; `dropped` receives how many went.
std::vector<double> drop_throttled(const std::vector<double>& samples_us,
                                   const std::vector<double>& clocks_mhz, double fraction,
                                   std::size_t& dropped);

}  // namespace dotsweep
