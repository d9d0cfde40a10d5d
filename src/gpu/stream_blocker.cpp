#include "gpu/stream_blocker.hpp"

#include <atomic>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {
constexpr unsigned long long kTimeoutNs = 20ull * 1000 * 1000 * 1000;  // 20 s
}

StreamBlocker::StreamBlocker() {
  void* flag = nullptr;
  void* reading = nullptr;
  check_cuda(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped), "cudaHostAlloc(release flag)");
  release_host_ = static_cast<volatile int*>(flag);
  *release_host_ = 0;
  if (cudaHostAlloc(&reading, sizeof(SpinReading), cudaHostAllocMapped) != cudaSuccess) {
    cudaFreeHost(flag);
    throw GpuError("cudaHostAlloc(spin reading) failed");
  }
  reading_host_ = static_cast<SpinReading*>(reading);
  check_cuda(cudaHostGetDevicePointer(reinterpret_cast<void**>(&release_device_), flag, 0), "cudaHostGetDevicePointer");
  check_cuda(cudaHostGetDevicePointer(reinterpret_cast<void**>(&reading_device_), reading, 0), "cudaHostGetDevicePointer");
}

StreamBlocker::~StreamBlocker() {
  cudaFreeHost(const_cast<int*>(release_host_));
  cudaFreeHost(reading_host_);
}

void StreamBlocker::block(cudaStream_t stream, unsigned long long min_spin_ns) {
  *release_host_ = 0;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  launch_blocking_kernel(release_device_, reading_device_, min_spin_ns, kTimeoutNs, stream);
}

void StreamBlocker::hold_for(cudaStream_t stream, unsigned long long min_spin_ns) {
  *release_host_ = 1;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  launch_blocking_kernel(release_device_, reading_device_, min_spin_ns, kTimeoutNs, stream);
}

void StreamBlocker::release() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  *release_host_ = 1;
}

const SpinReading& StreamBlocker::reading() const {
  if (reading_host_->timed_out)
    throw GpuError("the blocking kernel timed out after 20 s: the host could not enqueue the timed work in time");
  return *reading_host_;
}

}  // namespace dotsweep
