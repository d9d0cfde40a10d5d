// Order statistics of timing samples. Medians and quartiles, not means: GPU
// timings have a long right tail (preemption, clock changes) that a mean chases.
#include "core/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dotsweep {

// Type 7 of Hyndman & Fan (numpy's default), so numbers match a notebook.
double quantile(std::vector<double> values, double q) {
  if (values.empty()) throw std::invalid_argument("quantile of no values");
  if (!(q >= 0.0 && q <= 1.0)) throw std::invalid_argument("quantile q must be in [0, 1]");
  std::sort(values.begin(), values.end());
  const double h = (values.size() - 1) * q;
  const std::size_t lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= values.size()) return values.back();
  return values[lo] + (h - lo) * (values[lo + 1] - values[lo]);
}

SampleSummary summarize(const std::vector<double>& samples) {
  if (samples.empty()) throw std::invalid_argument("summary of no samples");
  SampleSummary s;
  s.samples = samples.size();
  s.median = quantile(samples, 0.5);
  s.min = *std::min_element(samples.begin(), samples.end());
  s.p25 = quantile(samples, 0.25);
  s.p75 = quantile(samples, 0.75);
  s.noise_pct = s.median == 0 ? 0 : (s.p75 - s.p25) / s.median * 100.0;
  return s;
}

bool StoppingRule::should_stop(const std::vector<double>& samples, double elapsed_seconds) const {
  // max_samples bounds the work even when min_samples is set higher.
  if (samples.size() >= max_samples) return true;
  // Below min_samples the quartiles mean little, so not even the budget stops us.
  if (samples.size() < min_samples || samples.empty()) return false;
  if (elapsed_seconds >= budget_seconds) return true;
  return summarize(samples).noise_pct < max_noise_pct;
}

std::vector<double> drop_throttled(const std::vector<double>& samples_us,
                                   const std::vector<double>& clocks_mhz, double fraction,
                                   std::size_t& dropped) {
  if (samples_us.size() != clocks_mhz.size())
    throw std::invalid_argument("drop_throttled: one clock reading per sample expected");
  dropped = 0;
  // The usual clock is the median of the known readings; unknown ones (<= 0,
  // the clock probe failed) would drag it down, and are kept since nothing
  // says they were throttled.
  std::vector<double> known;
  for (double c : clocks_mhz)
    if (c > 0) known.push_back(c);
  if (known.empty()) return samples_us;
  const double threshold = fraction * quantile(known, 0.5);
  std::vector<double> kept;
  for (std::size_t i = 0; i < samples_us.size(); ++i) {
    if (clocks_mhz[i] > 0 && clocks_mhz[i] < threshold)
      ++dropped;
    else
      kept.push_back(samples_us[i]);
  }
  return kept;
}

}  // namespace dotsweep
