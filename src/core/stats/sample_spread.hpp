// Rows whose samples ran in two states. A row's median is the state that held
// most of its samples; when the middle half of the samples spans a large
// share of the median, that says more about the machine during the row than
// about the code. The gate's reasons and summary.md name such rows.
#pragma once

#include <optional>

#include "core/rows/record.hpp"

namespace dotsweep {

// The interquartile range, as % of the median, past which a row ran in two
// states. In the committed H200 baseline and in four default sweeps on two
// H100s no device-timed row passed 20.2%; on a third H100, 16 atomic-finish
// rows reached 28-197%, their samples split between about 5 and 7-14 us
// (results/2026-12-05-h100s/README.md).
inline constexpr double kTwoStateSpreadPct = 25;

// (p75 - p25) / median in %: the noise_pct column, else computed from the
// quartiles; nullopt when the report carries neither.
std::optional<double> sample_spread_pct(const MeasurementRecord& row);

// A device-timed row spread past kTwoStateSpreadPct. Host-timed rows (thrust,
// host paths) are never called so: their spread reached 29% in quiet runs.
bool ran_in_two_states(const MeasurementRecord& row);

}  // namespace dotsweep
