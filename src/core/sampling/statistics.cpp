// Order statistics of timing samples. Medians and quartiles, not means: GPU
// timings have a long right tail (preemption, clock changes) that a mean chases.
#include "core/sampling/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dotsweep {

namespace {

// Walks the B(n, 1/2) probabilities k = 0, 1, ... in log space:
// log P(k + 1) = log P(k) + log(n - k) - log(k + 1), from log P(0) = -n log 2.
// Plain doubles would underflow at P(0) = 2^-n once n passes about 1074.
class HalfBinomialTerms {
 public:
  explicit HalfBinomialTerms(std::size_t n) : n_(n), log_p_(-static_cast<double>(n) * std::log(2.0)) {}
  double probability() const { return std::exp(log_p_); }  // P(B = k)
  void next() {                                              // k -> k + 1
    log_p_ += std::log(static_cast<double>(n_ - k_)) - std::log(static_cast<double>(k_ + 1));
    ++k_;
  }
  std::size_t k() const { return k_; }

 private:
  std::size_t n_, k_ = 0;
  double log_p_;
};

double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double h = (sorted.size() - 1) * q;
  const std::size_t lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted.back();
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

}  // namespace

// Type 7 of Hyndman & Fan (numpy's default), so numbers match a notebook.
double quantile(std::vector<double> values, double q) {
  if (values.empty()) throw std::invalid_argument("quantile of no values");
  if (!(q >= 0.0 && q <= 1.0)) throw std::invalid_argument("quantile q must be in [0, 1]");
  std::sort(values.begin(), values.end());
  return sorted_quantile(values, q);
}

double binomial_half_cdf(std::size_t n, std::size_t k) {
  if (k >= n) return 1.0;
  HalfBinomialTerms term(n);
  double sum = term.probability();
  while (term.k() < k) {
    term.next();
    sum += term.probability();
  }
  return std::min(sum, 1.0);
}

MedianCiRanks median_ci_ranks(std::size_t n) {
  if (n == 0) return {};
  // The interval [x(l), x(u)] with u = n + 1 - l misses the median when
  // B <= l - 1 or B >= u, each with probability P(B <= l - 1) by symmetry.
  // Grow l while that tail stays within (1 - confidence) / 2.
  const double tail_allowed = (1.0 - kMedianConfidence) / 2.0;
  HalfBinomialTerms term(n);
  double tail = term.probability();  // P(B <= l - 1) for l = 1
  if (tail > tail_allowed) {
    // n < 6: even [min, max] covers the median with less than 95%
    // (1 - 2^(1-n): 94% at n = 5); min and max is the widest there is.
    return {1, n, false, 1.0 - 2.0 * tail};
  }
  std::size_t lower = 1;
  for (;;) {
    term.next();
    const double wider_tail = tail + term.probability();  // P(B <= lower)
    if (wider_tail > tail_allowed) break;
    tail = wider_tail;
    ++lower;
  }
  return {lower, n + 1 - lower, true, 1.0 - 2.0 * tail};
}

SampleSummary summarize(const std::vector<double>& samples) {
  if (samples.empty()) throw std::invalid_argument("summary of no samples");
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  SampleSummary s;
  s.samples = sorted.size();
  s.median = sorted_quantile(sorted, 0.5);
  s.min = sorted.front();
  s.p25 = sorted_quantile(sorted, 0.25);
  s.p75 = sorted_quantile(sorted, 0.75);
  s.noise_pct = s.median == 0 ? 0 : (s.p75 - s.p25) / s.median * 100.0;
  const MedianCiRanks ranks = median_ci_ranks(sorted.size());
  s.ci_lo = sorted[ranks.lower - 1];
  s.ci_hi = sorted[ranks.upper - 1];
  return s;
}

bool StoppingRule::should_stop(const std::vector<double>& samples, double elapsed_seconds) const {
  // max_samples bounds the work even when min_samples is set higher.
  if (samples.size() >= max_samples) return true;
  // Below min_samples the interval means little, so not even the budget stops us.
  if (samples.size() < min_samples || samples.empty()) return false;
  if (elapsed_seconds >= budget_seconds) return true;
  const SampleSummary s = summarize(samples);
  // The larger side: a skewed sample's interval is lopsided, and the
  // promise is about how far the true median can be on either side.
  const double half_width = std::max(s.median - s.ci_lo, s.ci_hi - s.median);
  if (half_width <= ci_halfwidth_pct / 100.0 * std::fabs(s.median)) return true;
  // At tiny medians a percentage asks for more than the timer can tell apart.
  return resolution_us > 0 && half_width <= resolution_us;
}

std::vector<bool> throttled_samples(const std::vector<double>& clocks_mhz, double fraction) {
  // The usual clock is the median of the known readings; unknown ones (<= 0,
  // the clock probe failed) would drag it down, and are kept since nothing
  // says they were throttled.
  std::vector<double> known;
  for (double c : clocks_mhz)
    if (c > 0) known.push_back(c);
  std::vector<bool> throttled(clocks_mhz.size(), false);
  if (known.empty()) return throttled;
  const double threshold = fraction * quantile(known, 0.5);
  for (std::size_t i = 0; i < clocks_mhz.size(); ++i) throttled[i] = clocks_mhz[i] > 0 && clocks_mhz[i] < threshold;
  return throttled;
}

std::vector<double> drop_throttled(const std::vector<double>& samples_us,
                                   const std::vector<double>& clocks_mhz, double fraction,
                                   std::size_t& dropped) {
  if (samples_us.size() != clocks_mhz.size())
    throw std::invalid_argument("drop_throttled: one clock reading per sample expected");
  const std::vector<bool> throttled = throttled_samples(clocks_mhz, fraction);
  dropped = 0;
  std::vector<double> kept;
  for (std::size_t i = 0; i < samples_us.size(); ++i) {
    if (throttled[i])
      ++dropped;
    else
      kept.push_back(samples_us[i]);
  }
  return kept;
}

}  // namespace dotsweep
