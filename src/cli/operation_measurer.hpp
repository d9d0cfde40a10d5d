// Checks and times one operation at one size, producing its rows (one per
// timing mode). Owns the timers, so the sweep loop only plans and records.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/measured_operation.hpp"
#include "core/input_data.hpp"
#include "core/record.hpp"
#include "core/statistics.hpp"
#include "gpu/device_info.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/timers.hpp"

namespace dotsweep {

inline constexpr double kThrottleFraction = 0.75;   // samples under 75% of the usual SM clock are dropped
inline constexpr std::size_t kHotFootprintL2s = 4;  // hot slots span at least 4x the L2
inline constexpr std::size_t kMaxHotSlots = 8192;   // graph size cap; tiny n then stays under the footprint

// A kernel fault poisons the CUDA context: nothing after it can be trusted.
class ContextLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws ContextLost when the device no longer answers after `during`.
void require_healthy_context(const std::string& during);

// What one size's inputs are checked against.
struct SizeReferences {
  std::int64_t exact_integer = 0;   // small-integer pass
  DotReference uniform;             // float64 pass
};

class OperationMeasurer {
 public:
  OperationMeasurer(const DeviceInfo& device, cudaStream_t stream, std::vector<std::string> modes,
                    const StoppingRule& rule);

  // Hot-mode input slots for the current inputs (empty when hot is not asked for).
  std::vector<DotInputs> hot_slots(SizeBuffers& buffers) const;

  // The exact pass: sizes the operation for n and runs it on the small-integer
  // inputs. A GPU error is kept in op.size_failure.
  void run_integer_pass(MeasuredOperation& op, const SizeBuffers& buffers) const;

  // The float64 pass, determinism, then timing in every mode if correct.
  std::vector<MeasurementRecord> measure(MeasuredOperation& op, const SizeBuffers& buffers,
                                         const std::vector<DotInputs>& hot_slots, const SizeReferences& references,
                                         const Environment& env);

 private:
  const DeviceInfo& device_;
  cudaStream_t stream_;
  std::vector<std::string> modes_;
  StoppingRule rule_;
  std::optional<ColdTimer> cold_;
  std::optional<HotTimer> hot_;
};

}  // namespace dotsweep
