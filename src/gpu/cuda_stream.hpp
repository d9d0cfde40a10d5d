// A non-blocking CUDA stream, destroyed with its owner: the one stream a
// measuring command queues everything on.
#pragma once

#include <cuda_runtime_api.h>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

class Stream {
 public:
  Stream() { check_cuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate"); }
  ~Stream() { cudaStreamDestroy(stream_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

}  // namespace dotsweep
