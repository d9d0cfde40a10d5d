// The C++ header `dotsweep export --header` writes: the tuned tables as
// specialisations of dotsweep::DotTable<T>, which include/dotsweep/dot.cuh
// consults for the device a program runs on.
#pragma once

#include <string>

#include "core/export/tuned_tables.hpp"

namespace dotsweep {

// The header's text. It depends only on the tables (no clock, no path), so
// exporting the same report again writes the same bytes.
std::string dispatch_header_text(const TunedTables& tables);

}  // namespace dotsweep
