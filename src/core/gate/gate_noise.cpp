// The measured noise floor: spreads of repeat sweeps per row and per class.
// The rule and its reasons are in gate_noise.hpp and docs/gate.md.
#include "core/gate/gate_noise.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "core/gate/sweep_extent.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

// The finish field of a variant id (type.bB.iI.vV.grid.layout.reduce.finish.hint.acc).
std::string finish_of_id(const std::string& id) {
  std::size_t start = 0;
  for (int field = 0; field < 7; ++field) {
    start = id.find('.', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  return id.substr(start, id.find('.', start) - start);
}

}  // namespace

KindClass kind_class_of(const MeasurementRecord& row) {
  if (row.kind == "baseline") return KindClass::library;
  const std::string finish = row.finish.empty() ? finish_of_id(row.variant) : row.finish;
  return finish == "two_pass" || finish == "2pass" ? KindClass::two_kernel : KindClass::one_kernel;
}

NoiseCalibration calibrate_noise(const std::vector<GateReport>& repeats) {
  if (repeats.size() < 2)
    throw InputError("--noise needs two or more repeat sweeps of the baseline's space on its GPU (got " +
                     std::to_string(repeats.size()) + ")");
  NoiseCalibration cal;
  cal.gpu = repeats.front().gpu;
  for (std::size_t i = 0; i < repeats.size(); ++i) {
    const auto& r = repeats[i];
    cal.paths.push_back(r.path);
    if (r.gpu != cal.gpu)
      throw InputError("--noise: '" + r.path + "' was measured on " + r.gpu + ", '" + repeats.front().path +
                       "' on " + cal.gpu + ": repeat sweeps must come from one GPU");
    for (std::size_t j = 0; j < i; ++j)
      if (same_report(repeats[j], r))
        throw InputError("--noise: '" + repeats[j].path + "' and '" + r.path +
                         "' are the same report: a report against itself shows no noise");
  }
  struct Seen {
    double lo = 0, hi = 0;
    std::size_t count = 0;
    KindClass kind = KindClass::one_kernel;
  };
  std::map<NoiseCalibration::RowKey, Seen> seen;
  // How many repeats swept each (type, n, mode) group: a repeat that did not
  // sweep a group (a cold-only run beside a hot one, fewer sizes) says
  // nothing about its rows, while one that swept it and lacks a row does.
  std::map<GroupKey, std::size_t> sweeps_of_group;
  for (const auto& report : repeats) {
    SweepExtent swept;
    swept.add(report.rows, report.declares_standing);
    for (const auto& g : swept.groups) ++sweeps_of_group[g];
  }
  for (const auto& report : repeats)
    for (const auto& r : report.rows) {
      if (!r.correct || !r.median_us || !ranks_in_group(r)) continue;
      auto& s = seen[{r.variant, r.type, r.n, r.mode}];
      s.lo = s.count ? std::min(s.lo, *r.median_us) : *r.median_us;
      s.hi = s.count ? std::max(s.hi, *r.median_us) : *r.median_us;
      s.kind = kind_class_of(r);
      ++s.count;
    }
  std::map<NoiseCalibration::ClassKey, std::vector<double>> by_class;
  for (const auto& [key, s] : seen) {
    const std::size_t sweeps = sweeps_of_group.at({std::get<1>(key), std::get<2>(key), std::get<3>(key)});
    if (sweeps < 2 || s.count != sweeps) continue;  // timed correctly by every repeat that swept its group
    const double spread = std::log(s.hi / s.lo);
    cal.row_spread[key] = spread;
    by_class[{std::get<2>(key), std::get<3>(key), s.kind}].push_back(spread);
  }
  for (auto& [key, spreads] : by_class) {
    std::sort(spreads.begin(), spreads.end());
    const std::size_t m = spreads.size();
    const std::size_t rank = static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(m)));  // nearest rank
    cal.class_spread[key] = ClassSpread{spreads[std::max<std::size_t>(rank, 1) - 1], spreads.back(), m};
  }
  return cal;
}

std::optional<FloorSpread> floor_spread(const NoiseCalibration& calibration, const MeasurementRecord& row) {
  const KindClass kind = kind_class_of(row);
  const auto cls = calibration.class_spread.find({row.n, row.mode, kind});
  if (cls == calibration.class_spread.end() || cls->second.rows < kMinClassRows) return std::nullopt;
  if (kind == KindClass::one_kernel) {
    const auto own = calibration.row_spread.find({row.variant, row.type, row.n, row.mode});
    if (own != calibration.row_spread.end()) return FloorSpread{std::max(own->second, cls->second.q90), true};
  }
  return FloorSpread{cls->second.max, false};
}

double calibrated_floor_us(double baseline_median, double spread) {
  return baseline_median * (std::exp(2.0 * spread) - 1.0);
}

}  // namespace dotsweep
