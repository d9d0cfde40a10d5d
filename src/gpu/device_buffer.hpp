// Device memory owned by RAII: allocated once per (type, n), never inside a timed region.
#pragma once

#include <cstddef>
#include <utility>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    if (count > 0) check_cuda(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)), "cudaMalloc");
  }
  ~DeviceBuffer() { if (data_) cudaFree(data_); }
  DeviceBuffer(DeviceBuffer&& other) noexcept { swap(other); }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept { DeviceBuffer(std::move(other)).swap(*this); return *this; }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return data_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

 private:
  void swap(DeviceBuffer& other) noexcept { std::swap(data_, other.data_); std::swap(count_, other.count_); }
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace dotsweep
