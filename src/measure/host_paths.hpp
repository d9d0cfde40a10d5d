// The seed program's whole question, as rows of a sweep (--host-paths): the
// seed copies two arrays to the GPU, computes the dot there, copies the
// result back, and checks it against the CPU. Per type and n these rows time
//   gpu-from-pageable  both inputs copied from pageable memory, the tuned dot,
//                      the result copied back (gpu/host_path_dot.hpp);
//   gpu-from-pinned    the same from page-locked memory;
//   gpu-resident       the inputs already on the GPU: the tuned dot, the
//                      result copied back;
//   cpu-blas           an optimised BLAS on every core (measure/cpu_dot.hpp);
//   cpu-loop           a plain loop on one thread;
// all by the host clock (measure/host_sync_timer.hpp) with the sweep's
// stopping rule, checked on the sweep's input sets. Only f32 and f64: the
// types a CPU BLAS has a dot for. core/stats/crossover.hpp reads the rows.
#pragma once

#include <vector>

#include "gpu/device_info.hpp"
#include "measure/measured_operation.hpp"

namespace dotsweep {

// The types of `types` that have host paths (f32, f64), in that order.
std::vector<ElementType> host_path_types(const std::vector<ElementType>& types);

// Every host path of every such type, each type's in the order above. A path
// that cannot be built (no CBLAS library) carries its reason in `failure`.
std::vector<MeasuredOperation> host_path_operations(const DeviceInfo& device, const std::vector<ElementType>& types);

}  // namespace dotsweep
