// How every cold measurement empties the L2 before its operation: one read
// of a buffer at least twice the L2's size (launch_read_through; a read, not
// a memset, so no dirty lines write back during the next kernel). The cold
// timer, the host-synchronised timer and the cold counter pass share it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "gpu/device_buffer.hpp"

namespace dotsweep {

class L2Eviction {
 public:
  // Allocates the buffer and maps its pages (one memset on `stream`, waited
  // for), so the first eviction costs what every later one does.
  L2Eviction(std::size_t l2_bytes, cudaStream_t stream);
  // Queues the read on `stream`.
  void evict(cudaStream_t stream) const;

 private:
  DeviceBuffer<unsigned char> buffer_;
  DeviceBuffer<float> sink_;
};

}  // namespace dotsweep
