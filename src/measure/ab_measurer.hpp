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

// One row to compare: `a` and `b` may be the same operation (an A/A control).
struct AbPair {
  MeasuredOperation* a = nullptr;
  MeasuredOperation* b = nullptr;
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
  // Times both sides alternately until the stopping rule, applied to the
  // paired ratios, says stop; fills both rows.
  void time_pair(AbOutcome& outcome, const CheckedOperation& a, const CheckedOperation& b, CheckedType& checked);

  const DeviceInfo& device_;
  cudaStream_t stream_;
  MeasureSettings settings_;
  SizeMeasurer checker_;
};

}  // namespace dotsweep
