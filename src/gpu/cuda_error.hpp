// CUDA failures become exceptions carrying the call that failed; the sweep
// records them against the variant (or stops, when the context is gone).
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace dotsweep {

class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// No CUDA device can be used (no driver, no GPU, or the device index is out of range).
class NoDeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline void check_cuda(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw GpuError(std::string(what) + ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
}

}  // namespace dotsweep
