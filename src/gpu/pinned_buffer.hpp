// Page-locked host memory owned by RAII: what a program allocates with
// cudaHostAlloc so that copies to the GPU run at the link's speed.
#pragma once

#include <cstddef>
#include <utility>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes > 0) check_cuda(cudaHostAlloc(&data_, bytes, cudaHostAllocDefault), "cudaHostAlloc");
  }
  ~PinnedBuffer() { if (data_) cudaFreeHost(data_); }
  PinnedBuffer(PinnedBuffer&& other) noexcept { swap(other); }
  PinnedBuffer& operator=(PinnedBuffer&& other) noexcept { PinnedBuffer(std::move(other)).swap(*this); return *this; }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  void* get() const { return data_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void swap(PinnedBuffer& other) noexcept { std::swap(data_, other.data_); std::swap(bytes_, other.bytes_); }
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace dotsweep
