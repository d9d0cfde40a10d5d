// Ranking within (type, n, mode) by median time, and the derived columns.
#pragma once

#include <vector>

#include "core/record.hpp"

namespace dotsweep {

inline constexpr const char* kCublasName = "cublas";
inline constexpr const char* kCubName = "cub";

// Sets rank (1 = fastest, correct rows with a median only; others get none),
// speedup_vs_cublas and speedup_vs_cub (baseline median / row median) for
// every row of each (type, n, mode) group.
void rank_records(std::vector<MeasurementRecord>& records);

// The fastest correct candidate per (type, n, mode), in ascending (type, n, mode) order.
std::vector<MeasurementRecord> best_per_group(const std::vector<MeasurementRecord>& ranked);

}  // namespace dotsweep
