// The device's measured read bandwidth ceiling: a large buffer streamed by a
// few shapes of the read kernel that also flushes the L2, each timed by the
// cold protocol like any operation; the fastest shape is the ceiling.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "gpu/device_info.hpp"

namespace dotsweep {

struct ReadCeiling {
  double gbps = 0;           // 1e9 bytes per second read; 0 when not measured
  double ci_lo_gbps = 0, ci_hi_gbps = 0;  // from the median time's interval
  std::string shape;         // the read kernel shape that set it
  std::size_t bytes = 0;     // buffer streamed
};

// Not measured (gbps = 0) when free memory cannot hold a buffer of 16 x L2.
ReadCeiling measure_read_ceiling(const DeviceInfo& device, cudaStream_t stream);

}  // namespace dotsweep
