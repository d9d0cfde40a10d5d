// counters.csv: the counter pass's rows, kept beside sweep.csv so that rows
// reach sweep.csv as they are timed (a crash loses at most the row in
// flight) while the counters of a size, collected in one batch when the size
// is done, follow. A row goes to sweep.csv with cupti_status `pending`; its
// size's batch appends the same row, counters filled and status final, to
// counters.csv; the final ranked sweep.csv (and --resume) merge the two.
#pragma once

#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

inline constexpr const char* kCounterRowsFile = "counters.csv";

// Each `pending` row of `rows` whose (variant, type, n, mode) has a row in
// `counter_rows` becomes that row (the last one when there are several);
// rows still pending after that become `interrupted`: the sweep stopped
// before their size's counter pass. Rows with a final status are untouched.
void merge_counter_rows(std::vector<MeasurementRecord>& rows, const std::vector<MeasurementRecord>& counter_rows);

}  // namespace dotsweep
