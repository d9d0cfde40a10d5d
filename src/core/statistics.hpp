// Summaries of timing samples and the rule that says when to stop sampling.
#pragma once

#include <cstddef>
#include <vector>

namespace dotsweep {

struct SampleSummary {
  std::size_t samples = 0;
  double median = 0, min = 0, p25 = 0, p75 = 0;
  double noise_pct = 0;  // (p75 - p25) / median * 100: the relative IQR
};

// Quantile with linear interpolation between order statistics (q in [0, 1]).
double quantile(std::vector<double> values, double q);
SampleSummary summarize(const std::vector<double>& samples);

// Stop when at least min_samples are in and the relative IQR is under
// max_noise_pct, or when the time budget or max_samples is spent.
struct StoppingRule {
  std::size_t min_samples = 10;
  std::size_t max_samples = 1000;
  double max_noise_pct = 1.0;
  double budget_seconds = 0.5;
  bool should_stop(const std::vector<double>& samples, double elapsed_seconds) const;
};

// Drops samples taken while the SM clock ran under `fraction` of the usual
// (median) clock: a throttled sample answers a different question.
// Returns the kept samples; `dropped` receives how many went.
std::vector<double> drop_throttled(const std::vector<double>& samples_us,
                                   const std::vector<double>& clocks_mhz, double fraction,
                                   std::size_t& dropped);

}  // namespace dotsweep
