// What a gate verdict adds when a side's samples ran in two states
// (core/stats/sample_spread.hpp): the verdict stands, the reason says so.
#pragma once

#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// e.g. "samples in two states in the current report (IQR 81% of the median):
// re-run to confirm"; empty when neither side's samples split.
std::string two_state_note(const MeasurementRecord& baseline, const std::vector<const MeasurementRecord*>& current);

}  // namespace dotsweep
