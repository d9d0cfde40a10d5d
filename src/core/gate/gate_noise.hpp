// The gate's noise floor measured from repeat sweeps (A/A runs) rather than
// fixed: how far a row's median moves between runs with no code change.
//
// From K >= 2 sweeps of the baseline's space (the baseline may be one), on its
// GPU or, to gate a report from another GPU, on other GPUs of its model:
//   spread of a row     s = ln(max median / min median) over the reports
//                           that swept its (type, n, mode) group, for rows
//                           correct and timed in every one of them (two or more)
//   class of a row      (n, mode, kind class): one-kernel candidate,
//                           two-kernel candidate (two_pass), library baseline
//   class spreads       the 90th percentile (nearest rank) and the largest s
// A row's floor spread f:
//   one-kernel candidate in the calibration   max(s, the class's 90th percentile)
//   otherwise                                 the class's largest s
// and its floor in us is  baseline median x (exp(2 f) - 1).
// Why these choices (docs/gate.md has the measurements): two-kernel rows and
// the libraries step by about 1 us between runs in some runs and not others,
// so one pair of runs says little about a single such row and the class's
// largest move stands for all of them; one-kernel rows do not step, so their
// own spread counts, with the class's 90th percentile under it because one
// pair of runs can land close together by chance. One pair of runs gives one
// draw of the between-run spread, hence the factor 2.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/gate/gate_input.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

enum class KindClass { one_kernel, two_kernel, library };
// library for kind = baseline; two-kernel for the two_pass finish (its
// `finish` column, or the id's finish field in reports cut to fewer columns).
KindClass kind_class_of(const MeasurementRecord& row);

struct ClassSpread {
  double q90 = 0, max = 0;
  std::size_t rows = 0;
};

struct NoiseCalibration {
  using RowKey = std::tuple<std::string, std::string, std::int64_t, std::string>;  // variant, type, n, mode
  using ClassKey = std::tuple<std::int64_t, std::string, KindClass>;                 // n, mode, kind class
  std::vector<std::string> paths;  // the repeat reports
  std::string gpu;
  std::map<RowKey, double> row_spread;
  std::map<ClassKey, ClassSpread> class_spread;
};

// Throws InputError for fewer than two reports, reports from two GPUs, or the
// same report twice (same_report).
NoiseCalibration calibrate_noise(const std::vector<GateReport>& repeats);

// A class's largest move is a statement about the class only when it holds
// enough rows: gating two back-to-back runs cut to 43 rows against a
// calibration from the same cut (one or two library rows per class) failed on
// cuBLAS and the seed kernel at 2^20, moved +13% and +10%.
constexpr std::size_t kMinClassRows = 10;

// The floor spread f of a row and where it came from ("row", "class"); empty
// when the calibration holds fewer than kMinClassRows rows of the row's class.
struct FloorSpread {
  double spread = 0;
  bool from_row = false;
};
std::optional<FloorSpread> floor_spread(const NoiseCalibration& calibration, const MeasurementRecord& row);
// baseline median x (exp(2 f) - 1)
double calibrated_floor_us(double baseline_median, double spread);

}  // namespace dotsweep
