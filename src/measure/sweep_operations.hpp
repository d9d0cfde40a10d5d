// What a sweep measures at every size: the baselines, then each valid variant
// of the space, built on first use from the compile queue's cubin.
#pragma once

#include <vector>

#include "core/space/variant_config.hpp"
#include "gpu/device_info.hpp"
#include "gpu/scratch_arena.hpp"
#include "measure/compile_queue.hpp"
#include "measure/measured_operation.hpp"

namespace dotsweep {

// `queue` compiles `variants` in this order; it and `scratch`, which every
// candidate writes its partials to, must outlive the operations.
std::vector<MeasuredOperation> sweep_operations(const DeviceInfo& device, const std::vector<VariantConfig>& variants,
                                                CompileQueue& queue, const ScratchArena& scratch);
// The baselines of `types` (gpu/baseline_table.hpp); one that could not be
// built carries its failure, which its rows report.
std::vector<MeasuredOperation> baseline_operations(const DeviceInfo& device, const std::vector<ElementType>& types);
// The variants alone, in order (no baselines): what a second kernel tree adds.
std::vector<MeasuredOperation> variant_operations(const DeviceInfo& device, const std::vector<VariantConfig>& variants,
                                                  CompileQueue& queue, const ScratchArena& scratch);

}  // namespace dotsweep
