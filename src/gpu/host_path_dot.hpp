// The GPU side of the seed program's whole question (measure/host_paths.hpp):
// a dot product whose inputs start in host memory, or are already on the GPU,
// and whose result the host waits for. Each runs the tuned dot as a program
// would, dotsweep::dot with the table exported from the committed H200
// baseline (examples/tuned_dot/h200_dot_table.cuh; a GPU the table does not
// name runs its stated default kernel).
#pragma once

#include <memory>

#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

enum class HostPath {
  pageable,  // copy both inputs from the generator's (pageable) arrays, dot, result back
  pinned,    // the same from page-locked copies of them
  resident,  // the inputs are on the GPU already: dot, result back
};

// f32 or f64 (the types a CPU BLAS has a dot for). Its enqueue ends with the
// result copied back into host memory, so it is timed by the host clock
// (measure/host_sync_timer.hpp) with the stream drained.
std::unique_ptr<DotOperation> make_host_path_dot(const DeviceInfo& device, HostPath path, ElementType type);

// The same tuned dot with its inputs and result on the GPU, as a program that
// goes on using the result there calls it (the distributed dot's local step).
std::unique_ptr<DotOperation> make_tuned_dot(const DeviceInfo& device, ElementType type);

}  // namespace dotsweep
