#include "measure/host_sync_timer.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"

namespace dotsweep {

namespace {
double seconds_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}
}  // namespace

HostSyncTimer::HostSyncTimer(const DeviceInfo& device, cudaStream_t stream)
    : stream_(stream), eviction_(device.l2_bytes, stream) {}

TimingSamples HostSyncTimer::measure(DotOperation& operation, const std::vector<DotInputs>& slots, bool flush_l2,
                                     const StoppingRule& rule_in) {
  if (slots.empty()) throw GpuError("host-synchronous timing needs at least one input slot");
  StoppingRule rule = rule_in;
  rule.resolution_us = std::max(rule.resolution_us, 1.0);  // host clock and call jitter: finer is noise
  // Warm-up: loads modules and lets the library allocate what it caches.
  operation.enqueue(slots.front(), stream_);
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(warm-up)");

  TimingSamples samples;
  samples.held_until_enqueued = false;  // no blocker: the call's own host work is in the time, as for a user
  const auto start = std::chrono::steady_clock::now();
  std::size_t k = 0;
  while (!rule.should_stop(samples.us, seconds_between(start, std::chrono::steady_clock::now()))) {
    const DotInputs& inputs = slots[k++ % slots.size()];
    if (flush_l2) eviction_.evict(stream_);
    check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(before sample)");
    const auto t0 = std::chrono::steady_clock::now();
    operation.enqueue(inputs, stream_);
    check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(sample)");
    const auto t1 = std::chrono::steady_clock::now();
    samples.us.push_back(seconds_between(t0, t1) * 1e6);
    samples.clock_mhz.push_back(0);  // no blocker, no SM clock probe: unknown, never dropped
    samples.launch_results.push_back(read_result(inputs.result, inputs.type, stream_));
  }
  return samples;
}

}  // namespace dotsweep
