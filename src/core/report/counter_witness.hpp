// The counters as a second witness for the timer, per (type, n, mode) group:
// how far each profiled row's gpu__time_duration is from its event-timed
// median, and how many bytes per element it read from DRAM against the
// inputs' size. summary.md prints it under each group that was profiled
// (docs/counters.md, "The second witness").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// Within this share of gpu_time the two clocks agree (docs/counters.md, "Second witness").
inline constexpr double kWitnessTolerance = 0.03;
// The DRAM ratio is shown from this input size up: below it a launch's own
// traffic (kilobytes) dominates, e.g. 1600-4700 x the inputs at n = 1.
inline constexpr double kWitnessMinInputBytes = 1 << 20;

struct WitnessSummary {
  std::size_t rows = 0;    // profiled, correct, device-timed rows
  std::size_t agree = 0;   // |median / gpu_time - 1| <= kWitnessTolerance
  double median_gap_us = 0, min_gap_us = 0, max_gap_us = 0;  // gpu_time - median
  // dram bytes read / (2 n element bytes): 1 reads each input once, cold;
  // only for inputs of kWitnessMinInputBytes or more.
  std::optional<double> min_read_ratio, max_read_ratio;
};

// Rows a witness can judge: correct, with a median and a gpu_time, timed by
// CUDA events (not a host-timed baseline such as thrust, not the floor).
// nullopt when none is.
std::optional<WitnessSummary> witness_of(const std::vector<const MeasurementRecord*>& rows);

// One line for summary.md, e.g. "counters (12 rows): gpu_time - median
// +4.66 us (+0.40 .. +8.08), 10 of 12 within 3%; DRAM bytes read 1.000-1.001
// x the inputs".
std::string witness_line(const WitnessSummary& summary);

}  // namespace dotsweep
