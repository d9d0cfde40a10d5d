// Text helpers shared by the Markdown writers (summary.md, compare, gate), so
// a number and a table cell read the same in every report.
#pragma once

#include <optional>
#include <string>

namespace dotsweep {

// `v` with `decimals` places and a suffix; "—" when there is no finite value.
std::string fixed_or_dash(const std::optional<double>& v, int decimals, const char* suffix = "");
// Free text made safe for one table cell: '|' escaped, line breaks folded.
std::string markdown_cell(const std::string& text);

}  // namespace dotsweep
