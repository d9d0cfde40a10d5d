#include "core/stats/sample_spread.hpp"

#include "core/stats/ranking.hpp"

namespace dotsweep {

std::optional<double> sample_spread_pct(const MeasurementRecord& row) {
  if (row.noise_pct) return row.noise_pct;
  if (row.p25_us && row.p75_us && row.median_us && *row.median_us > 0)
    return (*row.p75_us - *row.p25_us) / *row.median_us * 100.0;
  return std::nullopt;
}

bool ran_in_two_states(const MeasurementRecord& row) {
  const auto spread = sample_spread_pct(row);
  return spread && *spread > kTwoStateSpreadPct && !host_timed_row(row);
}

}  // namespace dotsweep
