#include "core/gate/fleet.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/input_error.hpp"
#include "core/sampling/statistics.hpp"

namespace dotsweep {

bool FleetResult::all_passed() const {
  return std::all_of(pairs.begin(), pairs.end(), [](const FleetPair& p) { return p.passed; });
}

const FleetPair& FleetResult::pair(std::size_t current, std::size_t baseline) const {
  for (const auto& p : pairs)
    if (p.current == current && p.baseline == baseline) return p;
  throw std::logic_error("fleet: no pair " + std::to_string(current) + " against " + std::to_string(baseline));
}

FleetResult run_fleet(const std::vector<GateReport>& reports, const GateRule& rule, const GateScope& scope) {
  if (reports.size() < 2) throw InputError("fleet: give at least two reports, one per GPU");
  FleetResult result;
  for (const auto& report : reports) {
    result.labels.push_back(report.path);
    if (report.gpu != reports.front().gpu)
      throw InputError("fleet: '" + reports.front().path + "' was measured on " + reports.front().gpu + ", '" +
                       report.path + "' on " + report.gpu + ": a fleet compares GPUs of one model");
  }
  for (std::size_t g = 0; g < reports.size(); ++g)
    for (std::size_t h = g + 1; h < reports.size(); ++h)
      if (same_report(reports[g], reports[h]))
        throw InputError("fleet: '" + reports[g].path + "' and '" + reports[h].path +
                         "' are the same report: give one report per GPU");
  for (std::size_t g = 0; g < reports.size(); ++g)
    for (std::size_t h = 0; h < reports.size(); ++h) {
      if (g == h) continue;
      check_comparable(reports[h], {reports[g]}, false);
      const GateResult gate = run_gate(reports[h], {reports[g]}, rule, scope, false);
      FleetPair p;
      p.current = g;
      p.baseline = h;
      std::vector<double> ratios;
      for (const auto& row : gate.rows)
        if (row.base && row.cur) ratios.push_back(row.ratio);
      p.compared = ratios.size();
      if (!ratios.empty()) p.median_ratio = quantile(ratios, 0.5);
      p.regressed = gate.count(GateVerdict::regressed);
      p.broken = gate.count(GateVerdict::broken);
      p.improved = gate.count(GateVerdict::improved);
      p.passed = gate.passed();
      result.pairs.push_back(p);
    }
  for (std::size_t g = 0; g < reports.size(); ++g) {
    bool fails_against_all = true, others_agree = true;
    for (const auto& p : result.pairs) {
      if (p.current == g && p.passed) fails_against_all = false;
      if (p.current != g && p.baseline != g && !p.passed) others_agree = false;
      // With two GPUs: the other one must pass against this one.
      if (reports.size() == 2 && p.current != g && !p.passed) others_agree = false;
    }
    if (fails_against_all && others_agree) result.slower.push_back(g);
  }
  return result;
}

}  // namespace dotsweep
