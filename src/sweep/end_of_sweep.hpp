// What a finished sweep prints about its report folder. By default what a
// person reads: the context, the "what to use" table (with the host-path
// crossover, and what the planner left out), then where summary.md is; its
// per-group tables are a thousand lines for the default space and stay in
// the folder. With --print-summary: the whole summary.md, as written.
// `dotsweep merge` ends with the same text through end_of_report_text.
#pragma once

#include <string>

#include "core/report/report_folder.hpp"

namespace dotsweep {

// After report.finish; the text ends in a newline. Throws InputError when
// the whole summary is asked for and summary.md cannot be read.
std::string end_of_sweep_text(const ReportFolder& report, bool whole_summary);

// The same for a report finished under a temporary name and then moved to
// `folder` (merge): `shown` is that ReportFolder's terminal_summary(), and
// summary.md is read from, and named under, `folder`.
std::string end_of_report_text(const std::string& shown, const std::string& folder, bool whole_summary);

}  // namespace dotsweep
