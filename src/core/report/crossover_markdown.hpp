// summary.md's section on the seed's whole question (core/stats/crossover.hpp):
// from which n each GPU path beats the CPU, and every host path's time per n.
#pragma once

#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// Empty when the report has no host-path rows (a sweep without --host-paths).
std::string crossover_markdown(const std::vector<MeasurementRecord>& records);

}  // namespace dotsweep
