// One row source of a sweep: a candidate variant (built on first use from its
// compiled cubin) or a baseline, and what it gave at the current size.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/check/correctness_verdict.hpp"
#include "core/rows/record.hpp"
#include "core/space/timing_mode.hpp"
#include "core/space/variant_config.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

struct MeasuredOperation {
  std::string name;                          // variant id or baseline name
  std::optional<VariantConfig> config;       // candidates only
  // Known before building (candidates are built lazily): the measurer gives
  // each operation inputs of this type only.
  ElementType type = ElementType::f32;
  // The launch floor: timed like every row, never checked, ranked or called
  // a winner (its rows have kind "floor", correct = false and kFloorReason).
  bool timed_only = false;
  // Its enqueue waits on the host (thrust): timed by HostSyncTimer.
  bool host_synchronous = false;
  // A host path or CPU row (measure/host_paths.hpp): its data starts on the
  // host; its rows have kind kHostPathKind and are never ranked.
  bool host_path = false;
  // Builds the operation on first use (candidates wait for their cubin here);
  // throws with the reason when it cannot be built.
  std::function<std::unique_ptr<DotOperation>()> make;
  std::unique_ptr<DotOperation> operation;   // null until built, or when building failed
  std::string failure;                       // why it cannot run at all (compile/load)
  // At the current size:
  std::string size_failure;                  // why it failed at this size
  ObservedResults observed;                  // its results on each input set

  // Builds the operation if it has not been built or failed yet; false when it cannot run.
  bool ensure_built();
  // Unloads a built candidate (its cubin's module leaves the context) until
  // the next ensure_built() loads it again from the compile queue's cubin,
  // which is kept in memory. Baselines, and operations without `make`, stay.
  // The counter pass needs this: each enable of CUPTI's range profiler costs
  // time in proportion to the modules loaded (counter_pass.cpp).
  void release();
};

inline constexpr const char* kFloorReason = "floor: an empty kernel, timed only (no dot product to check)";

// The row's identity and parameters, before any measurement.
MeasurementRecord record_skeleton(const MeasuredOperation& op, long long n, TimingMode mode,
                                  const Environment& env);

}  // namespace dotsweep
