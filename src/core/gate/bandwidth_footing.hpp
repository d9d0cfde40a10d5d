// The bandwidth a comparison across hardware divides by. A GPU's
// theoretical peak is a bound no kernel reaches, and how far below it the
// reachable ceiling lies differs between GPUs; a partition of SMs has no
// theoretical peak of its own, so its report's peak is its measured read
// ceiling already. Reports that all carry a measured ceiling are therefore
// compared on their ceilings, and on their theoretical peaks otherwise.
#pragma once

#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

bool has_read_ceiling(const Environment& env);
// True when every environment carries a measured read ceiling.
bool on_read_ceilings(const std::vector<const Environment*>& envs);
// The ceiling when `ceilings`, else the theoretical peak.
double footing_gbps(const Environment& env, bool ceilings);
// A row's pct_peak (of env.peak_gbps) as a share of its footing instead.
double pct_of_footing(double pct_peak, const Environment& env, bool ceilings);

}  // namespace dotsweep
