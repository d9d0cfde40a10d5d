// What a sweep.csv row may hold beyond each field parsing as its type: the
// sizes a sweep measures, the words of each vocabulary (element types, timing
// modes, row kinds) and times that a timer could have read. The column table
// in record.cpp calls these for every row read, so every reader (gate,
// compare, fleet, export, report, merge, resume) refuses the same rows with
// the same words (docs/reports.md, "What a row may hold").
#pragma once

#include <cstddef>
#include <string>

#include "core/rows/record.hpp"

namespace dotsweep {

// The CUDA event timer's tick in us. It is gpu/timers.hpp's kEventTickUs,
// which core cannot include; a unit test holds the two equal.
inline constexpr double kTimerTickUs = 0.032;

// The shortest time per launch a row may hold: one tick over the sample's
// launches (hot mode times K launches and divides). A sample shorter than
// one tick read zero ticks: no time was measured.
double shortest_time_us(std::size_t launches);
// The longest: 100 x the time the slowest path a sweep runs (a host path,
// assumed at kHostPathWatchdogGbps) needs to read the largest inputs (n =
// 2^29 in the widest type), the watchdog's deadline for one such launch
// without a time budget. Past it the watchdog calls an operation hung.
double longest_time_us();

// Each returns why a row's value is refused, as the end of "column 'c'
// value 'v' <why>", or "" when it is accepted.
std::string size_refusal(const MeasurementRecord& row);          // n
std::string element_type_refusal(const MeasurementRecord& row);  // type
std::string timing_mode_refusal(const MeasurementRecord& row);   // mode
std::string row_kind_refusal(const MeasurementRecord& row);      // kind
// A per-launch time (median_us, min_us, p25_us, p75_us, ci_lo_us, ci_hi_us)
// of a row whose samples each timed `launches` launches (0: not recorded,
// taken as 1).
std::string time_refusal(double us, std::size_t launches);

}  // namespace dotsweep
