// The two timing modes (see docs/measuring.md):
//  cold: before each sample the L2 is evicted by a read flush, and the work is
//        queued behind a blocking kernel so launch latency stays out of the events;
//  hot:  a CUDA graph of K back-to-back launches over rotating input slots whose
//        footprint exceeds the L2, replayed; a sample is the replay time / K.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "core/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/stream_blocker.hpp"

namespace dotsweep {

struct TimingSamples {
  std::vector<double> us;         // one per sample
  std::vector<double> clock_mhz;  // SM clock read next to each sample (0 = unknown)
};

// Start/stop events, destroyed with the owner.
class EventPair {
 public:
  EventPair();
  ~EventPair();
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;
  cudaEvent_t start = nullptr, stop = nullptr;
  double elapsed_us() const;  // synchronizes on stop
};

class ColdTimer {
 public:
  ColdTimer(const DeviceInfo& device, cudaStream_t stream);
  TimingSamples measure(DotOperation& operation, const DotInputs& inputs, const StoppingRule& rule);
  // Bytes the read flush streams through (at least twice the L2).
  std::size_t flush_bytes() const { return flush_.bytes(); }

 private:
  void flush_l2();
  cudaStream_t stream_;
  DeviceBuffer<unsigned char> flush_;
  DeviceBuffer<float> sink_;
  StreamBlocker blocker_;
  EventPair events_;
};

class HotTimer {
 public:
  explicit HotTimer(cudaStream_t stream);
  // `slots` are rotated in order inside one graph of slots.size() launches.
  TimingSamples measure(DotOperation& operation, const std::vector<DotInputs>& slots, const StoppingRule& rule);

 private:
  cudaStream_t stream_;
  StreamBlocker clock_probe_;
  EventPair events_;
};

}  // namespace dotsweep
