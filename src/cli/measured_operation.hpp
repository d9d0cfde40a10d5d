// One row source of a sweep: a candidate variant (built lazily from its
// compiled cubin) or a baseline, and the fate it met at the current size.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/record.hpp"
#include "core/variant_config.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

struct MeasuredOperation {
  std::string name;                          // variant id or baseline name
  std::optional<VariantConfig> config;       // candidates only
  std::size_t compile_index = 0;             // position in the compile queue
  std::unique_ptr<DotOperation> operation;   // null until built, or when building failed
  std::string failure;                       // why it cannot run at all (compile/load)
  std::string size_failure;                  // why it failed at the current size
  float integer_result = 0;                  // the small-integer check's result at this size
};

// The row's identity and parameters, before any measurement.
MeasurementRecord record_skeleton(const MeasuredOperation& op, long long n, const std::string& mode,
                                  const Environment& env);

}  // namespace dotsweep
