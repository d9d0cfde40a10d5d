// `dotsweep ab`'s measuring: each pair of operations (a variant compiled from
// kernel tree A and the same variant from tree B, or a baseline and itself)
// is checked by the sweep's check path and, when both sides are correct,
// timed alternately, A, B, A, B, ..., on the same inputs and stream under
// one timer (cold or hot, gpu/timers.hpp), so each pair of samples shares
// the machine's state (core/gate/ab_rule.hpp, docs/ab.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/gate/ab_rule.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

// Each copy's own median ratio needs a few pairs before the copies are
// compared: ab takes at least this many of each copy.
inline constexpr std::size_t kMinPairsPerCopy = 5;

// One row to compare: each side's loaded copies of one operation (`ab
// --copies K`: K each, every copy its own modules and scratch), timed in
// turn. A baseline is its own A/A control: one copy, the same on both sides.
struct AbPair {
  std::vector<MeasuredOperation*> a, b;
};

struct AbOutcome {
  MeasurementRecord a, b;              // each side's row (B's result checked in its own slot)
  std::optional<RatioEstimate> ratio;  // set when both were correct and timed
};

class AbMeasurer {
 public:
  // settings.modes holds the one mode to time in; its counter pass is off.
  AbMeasurer(const DeviceInfo& device, cudaStream_t stream, MeasureSettings settings, Environment env);

  // Every pair at size n, in the pairs' order within each element type.
  // Throws ContextLost when the device stops answering.
  std::vector<AbOutcome> measure_size(long long n, const std::vector<AbPair>& pairs);

 private:
  // Times both sides alternately, copy j of A against copy j of B, until the
  // stopping rule, applied to the paired ratios, says stop; fills both rows.
  void time_pair(AbOutcome& outcome, const std::vector<const CheckedOperation*>& a,
                 const std::vector<const CheckedOperation*>& b, CheckedType& checked);

  const DeviceInfo& device_;
  cudaStream_t stream_;
  MeasureSettings settings_;
  SizeMeasurer checker_;
};

}  // namespace dotsweep
