#include "measure/host_sync_timer.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"
#include "measure/cpu_cache_eviction.hpp"
#include "measure/cpu_dot.hpp"

namespace dotsweep {

namespace {
double seconds_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// Every host copy of the inputs out of the CPU's caches: pageable and pinned.
void evict_host_inputs(const DotInputs& in, std::size_t cap) {
  const std::size_t bytes = static_cast<std::size_t>(in.n) * static_cast<std::size_t>(element_bytes(in.type));
  for (const void* array : {in.host_a, in.host_b, in.pinned_a, in.pinned_b}) evict_from_cpu_caches(array, bytes, cap);
}
}  // namespace

HostSyncTimer::HostSyncTimer(const DeviceInfo& device, cudaStream_t stream)
    : stream_(stream), eviction_(device.l2_bytes, stream) {}

TimingSamples HostSyncTimer::measure(DotOperation& operation, const std::vector<DotInputs>& slots, bool cold,
                                     bool host_data, const StoppingRule& rule_in) {
  if (slots.empty()) throw GpuError("host-synchronous timing needs at least one input slot");
  StoppingRule rule = rule_in;
  rule.resolution_us = std::max(rule.resolution_us, 1.0);  // host clock and call jitter: finer is noise
  // Warm-up: loads modules and lets the library allocate what it caches.
  operation.enqueue(slots.front(), stream_);
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(warm-up)");
  CpuDot* on_cpu = dynamic_cast<CpuDot*>(&operation);
  const std::size_t llc = llc_bytes();

  TimingSamples samples;
  samples.held_until_enqueued = false;  // no blocker: the call's own host work is in the time, as for a user
  const auto start = std::chrono::steady_clock::now();
  std::size_t k = 0;
  while (!rule.should_stop(samples.us, seconds_between(start, std::chrono::steady_clock::now()))) {
    const DotInputs& inputs = slots[k++ % slots.size()];
    if (cold && !on_cpu) eviction_.evict(stream_);
    check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(before sample)");
    if (cold && host_data) evict_host_inputs(inputs, llc);
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
