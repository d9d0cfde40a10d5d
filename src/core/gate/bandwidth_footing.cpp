#include "core/gate/bandwidth_footing.hpp"

#include <algorithm>

namespace dotsweep {

bool has_read_ceiling(const Environment& env) { return env.measured_peak_gbps && *env.measured_peak_gbps > 0; }

bool on_read_ceilings(const std::vector<const Environment*>& envs) {
  return !envs.empty() && std::all_of(envs.begin(), envs.end(), [](const Environment* e) { return has_read_ceiling(*e); });
}

double footing_gbps(const Environment& env, bool ceilings) {
  return ceilings && has_read_ceiling(env) ? *env.measured_peak_gbps : env.peak_gbps;
}

double pct_of_footing(double pct_peak, const Environment& env, bool ceilings) {
  const double footing = footing_gbps(env, ceilings);
  return footing > 0 ? pct_peak * env.peak_gbps / footing : pct_peak;
}

}  // namespace dotsweep
