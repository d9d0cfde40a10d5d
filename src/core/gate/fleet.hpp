// `dotsweep fleet`: are these GPUs the same? Reports of one sweep run on each
// GPU of a host (one `--device N` each) are gated against each other, every
// ordered pair, with the gate's rule and scope (core/gate/gate.hpp): a
// difference the gate calls REGRESSED is beyond the two reports' noise.
//
// A GPU is flagged slower when its report fails the gate against every other
// report while the others pass against each other: it alone sits beyond the
// fleet's noise (a throttled or sick GPU). With two GPUs nothing tells which
// of them is off, so a failing pair is reported as a difference between them,
// and the slower one is flagged only when the faster one passes against it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/gate/gate.hpp"
#include "core/gate/gate_input.hpp"

namespace dotsweep {

struct FleetPair {
  std::size_t current = 0, baseline = 0;  // indices into the reports
  std::size_t compared = 0;               // rows timed and correct on both sides
  std::size_t regressed = 0, broken = 0, improved = 0;
  double median_ratio = 0;                // median over compared rows of current / baseline
  bool passed = true;                     // the gate's verdict for current against baseline
};

struct FleetResult {
  std::vector<std::string> labels;  // each report's path, in the order given
  std::vector<FleetPair> pairs;      // every ordered pair (current != baseline), by current then baseline
  std::vector<std::size_t> slower;   // GPUs that alone fail against every other
  bool all_passed() const;
  int exit_code() const { return all_passed() ? 0 : 1; }
  const FleetPair& pair(std::size_t current, std::size_t baseline) const;
};

// At least two reports of one GPU model and dotsweep version series (InputError
// otherwise, as check_comparable says).
FleetResult run_fleet(const std::vector<GateReport>& reports, const GateRule& rule, const GateScope& scope);

}  // namespace dotsweep
