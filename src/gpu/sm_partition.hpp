// An N-SM partition of the GPU and the stream whose work runs on it: a CUDA
// green context (driver API) made without changing any device setting.
// Memory stays in the primary context, which the green context shares; what
// is enqueued on stream() runs on the partition's SMs only.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

#include "gpu/device_info.hpp"

namespace dotsweep {

class SmPartition {
 public:
  // A partition of at least `requested` SMs of `device` (query_device's; the
  // current device), rounded up to what the GPU makes; `device` then
  // describes the partition (sms, partition). Throws InputError when the GPU
  // has fewer SMs than asked or cannot make such a partition (exit 2), and
  // NoDeviceError when the driver or GPU has no green contexts (exit 3).
  static std::unique_ptr<SmPartition> create(DeviceInfo& device, int requested);
  ~SmPartition();
  SmPartition(const SmPartition&) = delete;
  SmPartition& operator=(const SmPartition&) = delete;

  cudaStream_t stream() const { return stream_; }

 private:
  struct Driver;
  SmPartition() = default;
  std::unique_ptr<Driver> driver_;
  void* green_context_ = nullptr;  // CUgreenCtx
  cudaStream_t stream_ = nullptr;
};

}  // namespace dotsweep
