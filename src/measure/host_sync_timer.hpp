// Timing for an operation whose enqueue waits for its result on the host
// (thrust::inner_product returns the dot product by value). Such a call can
// neither run behind the cold timer's blocker (it would wait for a kernel
// the blocker holds back until the call returns) nor be captured in a graph,
// so it is timed as a user runs it: host wall time from the call to its
// return with the stream drained, launch overhead and the device-to-host
// round trip included.
//  cold: per sample, evict the L2 with the read kernel and drain the stream,
//        then time one call.
//  hot:  per sample, time one call on the next rotating slot, no flush.
// Operations whose data starts on the host (measure/host_paths.hpp) are also
// cold on the host: each cold sample first writes a buffer of twice the CPU's
// last-level cache, so no input is read from a CPU cache. A CPU dot
// (measure/cpu_dot.hpp) is timed around its compute() alone.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "core/sampling/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/timers.hpp"

namespace dotsweep {

class HostSyncTimer {
 public:
  HostSyncTimer(const DeviceInfo& device, cudaStream_t stream);
  // Slot k of the samples reads slots[k % slots.size()]; cold selects the
  // flushes, host_data the host's.
  TimingSamples measure(DotOperation& operation, const std::vector<DotInputs>& slots, bool cold, bool host_data,
                        const StoppingRule& rule);

 private:
  void flush_host_caches();
  cudaStream_t stream_;
  L2Eviction eviction_;
  std::vector<unsigned char> host_flush_;  // sized on first use
  unsigned char flush_byte_ = 0;
};

}  // namespace dotsweep
