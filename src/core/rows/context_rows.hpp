// A context.json must describe the rows it comes with: `report` titles the
// summary with its GPU, labels its modes and dates it, and the gate counts
// the processes it names; a context from another report would say so of rows
// it never saw.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rows/record.hpp"

namespace dotsweep {

// Throws InputError, naming the context file, the entry, the first row that
// disagrees and both values, when a row's gpu is not the context's
// device.name, its dotsweep_version or timestamp not the context's, or its
// mode not among options.modes. An entry the context lacks (an older
// context.json) or a column the rows lack (a report cut to some columns) is
// not compared.
void require_context_matches_rows(const nlohmann::json& context, const std::string& context_path,
                                  const std::vector<MeasurementRecord>& rows, const std::string& csv_path);

}  // namespace dotsweep
