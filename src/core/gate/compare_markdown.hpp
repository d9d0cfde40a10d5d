// Prints a comparison (core/gate/compare.hpp) as Markdown.
#pragma once

#include <string>

#include "core/gate/compare.hpp"

namespace dotsweep {

// The reports, then per (type, mode) the best candidate per size with ratios,
// the baselines, and portability, with one summary line per pair of reports.
// Ratios are against report A.
std::string compare_markdown(const ReportComparison& comparison);

}  // namespace dotsweep
