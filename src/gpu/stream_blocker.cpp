#include "gpu/stream_blocker.hpp"

#include <atomic>
#include <cstdlib>
#include <string>

#include "core/input_error.hpp"
#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {
constexpr unsigned kDefaultTimeoutS = 20;
constexpr unsigned kLongestTimeoutS = 86400;

unsigned long long nanoseconds(unsigned seconds) { return seconds * 1000ull * 1000 * 1000; }
}  // namespace

unsigned blocker_timeout_seconds(const char* env) {
  if (env == nullptr || *env == '\0') return kDefaultTimeoutS;
  const std::string text = env;
  const bool digits = text.size() <= 5 && text.find_first_not_of("0123456789") == std::string::npos;
  const unsigned long seconds = digits ? std::stoul(text) : 0;
  if (seconds < 1 || seconds > kLongestTimeoutS)
    throw InputError("DOTSWEEP_BLOCKER_TIMEOUT_S '" + text + "' is not whole seconds in 1.." +
                     std::to_string(kLongestTimeoutS) + "; unset it for the default of " +
                     std::to_string(kDefaultTimeoutS) + " s");
  return static_cast<unsigned>(seconds);
}

unsigned blocker_timeout_from_environment() {
  return blocker_timeout_seconds(std::getenv("DOTSWEEP_BLOCKER_TIMEOUT_S"));
}

StreamBlocker::StreamBlocker() : timeout_s_(blocker_timeout_from_environment()) {
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
  launch_blocking_kernel(release_device_, reading_device_, min_spin_ns, nanoseconds(timeout_s_), stream);
}

void StreamBlocker::hold_for(cudaStream_t stream, unsigned long long min_spin_ns) {
  *release_host_ = 1;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  launch_blocking_kernel(release_device_, reading_device_, min_spin_ns, nanoseconds(timeout_s_), stream);
}

void StreamBlocker::release() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  *release_host_ = 1;
}

const SpinReading& StreamBlocker::reading() const {
  if (reading_host_->timed_out)
    throw GpuError("the blocking kernel timed out after " + std::to_string(timeout_s_) +
                   " s: the host could not enqueue the timed work in time (DOTSWEEP_BLOCKER_TIMEOUT_S sets the limit)");
  return *reading_host_;
}

}  // namespace dotsweep
