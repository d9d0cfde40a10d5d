// The one stream a measuring command queues everything on: a non-blocking
// stream of the whole GPU, made here and destroyed with its owner, or a
// borrowed one (an SM partition's, which the partition destroys).
#pragma once

#include <cuda_runtime_api.h>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

class Stream {
 public:
  explicit Stream(cudaStream_t borrowed = nullptr) : stream_(borrowed) {
    if (!borrowed) {
      check_cuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
      owned_ = true;
    }
  }
  ~Stream() {
    if (owned_) cudaStreamDestroy(stream_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
  bool owned_ = false;
};

}  // namespace dotsweep
