// The device's measured read bandwidth ceiling: a large buffer streamed by
// the same read kernel that flushes the L2, cold, median of several runs.
#pragma once

#include <cuda_runtime_api.h>

#include "gpu/device_info.hpp"

namespace dotsweep {

// GB/s (1e9 bytes per second) read from device memory, or 0 when there was
// not enough free memory to measure.
double measure_read_ceiling_gbps(const DeviceInfo& device, cudaStream_t stream);

}  // namespace dotsweep
