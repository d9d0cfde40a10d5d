#include "measure/host_sync_timer.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"
#include "measure/cpu_dot.hpp"

namespace dotsweep {

namespace {
double seconds_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Twice the last-level cache, at least 64 MiB (also where the C library
// cannot say how large the cache is).
std::size_t host_flush_bytes() {
  const long llc = ::sysconf(_SC_LEVEL3_CACHE_SIZE);
  return std::max<std::size_t>(std::size_t{64} << 20, llc > 0 ? 2 * static_cast<std::size_t>(llc) : 0);
}
}  // namespace

HostSyncTimer::HostSyncTimer(const DeviceInfo& device, cudaStream_t stream)
    : stream_(stream), eviction_(device.l2_bytes, stream) {}

void HostSyncTimer::flush_host_caches() {
  if (host_flush_.empty()) host_flush_.resize(host_flush_bytes());
  std::memset(host_flush_.data(), ++flush_byte_, host_flush_.size());
}

TimingSamples HostSyncTimer::measure(DotOperation& operation, const std::vector<DotInputs>& slots, bool cold,
                                     bool host_data, const StoppingRule& rule_in) {
  if (slots.empty()) throw GpuError("host-synchronous timing needs at least one input slot");
  StoppingRule rule = rule_in;
  rule.resolution_us = std::max(rule.resolution_us, 1.0);  // host clock and call jitter: finer is noise
  // Warm-up: loads modules and lets the library allocate what it caches.
  operation.enqueue(slots.front(), stream_);
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(warm-up)");
  CpuDot* on_cpu = dynamic_cast<CpuDot*>(&operation);

  TimingSamples samples;
  samples.held_until_enqueued = false;  // no blocker: the call's own host work is in the time, as for a user
  const auto start = std::chrono::steady_clock::now();
  std::size_t k = 0;
  while (!rule.should_stop(samples.us, seconds_between(start, std::chrono::steady_clock::now()))) {
    const DotInputs& inputs = slots[k++ % slots.size()];
    if (cold && !on_cpu) eviction_.evict(stream_);
    check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(before sample)");
    if (cold && host_data) flush_host_caches();
    double result = 0;
    const auto t0 = std::chrono::steady_clock::now();
    if (on_cpu) {
      result = on_cpu->compute(inputs);
    } else {
      operation.enqueue(inputs, stream_);
      check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(sample)");
    }
    const auto t1 = std::chrono::steady_clock::now();
    samples.us.push_back(seconds_between(t0, t1) * 1e6);
    samples.clock_mhz.push_back(0);  // no blocker, no SM clock probe: unknown, never dropped
    samples.launch_results.push_back(on_cpu ? result : read_result(inputs.result, inputs.type, stream_));
  }
  return samples;
}

}  // namespace dotsweep
