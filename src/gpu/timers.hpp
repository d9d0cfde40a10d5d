// The two timing protocols (docs/measuring.md), each one sentence:
//  cold: for each sample, evict the L2 with a read, hold the stream behind a
//        blocking kernel, queue start event + one operation + stop event,
//        release; the events time only the GPU work of one launch.
//  hot:  for each sample, hold the stream behind the blocking kernel, queue
//        start event + one CUDA graph of K >= 8 back-to-back launches over
//        rotating inputs + stop event, release; a sample is the time / K.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "core/stats/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/result_probe.hpp"
#include "gpu/stream_blocker.hpp"

namespace dotsweep {

// CUDA event timestamps tick in 32 ns (measured on the H200): a median can be
// known no better than that, which floors the stopping rule's interval target.
inline constexpr double kEventTickUs = 0.032;
// Hot mode replays at least this many launches per sample at every n: one or
// two launches on an idle GPU show their ramp-up and tail, which back-to-back
// neighbours overlap (measured on the H200 at 2^24: 38.1 us per launch at
// K = 1, 35.6 at K = 8, 35.4 at K = 20).
inline constexpr std::size_t kMinHotLaunches = 8;
// A graph queued behind the blocking kernel must be enqueueable while the
// stream is held. On the H200, graphs of 1024 kernel nodes replayed behind
// it, but graphs holding memset nodes (the atomic finish's zeroing: 512 or
// 8192 memset + kernel launches) deadlocked until the blocker's 20 s timeout.
// So K is cut to keep a graph within this many nodes (never below 8), and a
// graph with any node that is not a kernel is held for the blocker's fixed
// spin only (StreamBlocker::hold_for), not until the host releases it.
inline constexpr std::size_t kMaxHeldGraphNodes = 1024;

// One timed sample and the SM clock the blocker read next to it.
struct TimedSample {
  double us = 0;
  double clock_mhz = 0;  // 0 = unknown
  // What the sample's launches computed, read after its stop event: cold,
  // the one result; hot, each slot the graph wrote. Empty for an operation
  // that computes nothing (no result slot).
  std::vector<double> results;
};

struct TimingSamples {
  std::vector<double> us;         // one per sample, per launch
  std::vector<double> clock_mhz;  // SM clock read by the blocker next to each sample (0 = unknown)
  std::size_t launches = 1;       // launches per sample
  bool held_until_enqueued = true; // false: hot graph with non-kernel nodes, held for a fixed spin only
  // The result of every timed launch that was read back after its sample,
  // outside the events: cold, one per sample; hot, each slot the graph
  // wrote, per sample (a slot written twice in one replay shows its later launch).
  std::vector<double> launch_results;
  void add(const TimedSample& sample) {
    us.push_back(sample.us);
    clock_mhz.push_back(sample.clock_mhz);
    launch_results.insert(launch_results.end(), sample.results.begin(), sample.results.end());
  }
};

// Start/stop events, destroyed with the owner.
class EventPair {
 public:
  EventPair();
  ~EventPair();
  EventPair(const EventPair&) = delete;
  EventPair& operator=(const EventPair&) = delete;
  void record_start(cudaStream_t stream);
  void record_stop(cudaStream_t stream);
  double elapsed_us() const;  // synchronizes on stop
 private:
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};


class ColdTimer {
 public:
  ColdTimer(const DeviceInfo& device, cudaStream_t stream);
  // warm_up, then take_sample until the rule stops.
  TimingSamples measure(DotOperation& operation, const DotInputs& inputs, const StoppingRule& rule);
  // The two steps of measure(), for callers that interleave operations
  // sample by sample (`dotsweep ab`). warm_up runs the operation once
  // untimed: it loads its modules before any blocker spins.
  void warm_up(DotOperation& operation, const DotInputs& inputs);
  // One sample of the cold protocol: evict the L2, hold the stream, events
  // around one operation, release.
  TimedSample take_sample(DotOperation& operation, const DotInputs& inputs);

 private:
  cudaStream_t stream_;
  L2Eviction eviction_;
  StreamBlocker blocker_;
  EventPair events_;
};

// One operation's captured graph of K launches, ready to replay; made by
// HotTimer::prepare, destroyed with it.
class HotGraph {
 public:
  HotGraph() = default;
  ~HotGraph();
  HotGraph(HotGraph&& other) noexcept;
  HotGraph& operator=(HotGraph&&) = delete;
  HotGraph(const HotGraph&) = delete;
  HotGraph& operator=(const HotGraph&) = delete;
  std::size_t launches() const { return launches_; }
  bool held_until_enqueued() const { return held_until_enqueued_; }

 private:
  friend class HotTimer;
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
  std::size_t launches_ = 1;
  bool held_until_enqueued_ = true;
  std::unique_ptr<LaunchResultReader> results_;  // the slots the graph's launches write
};

class HotTimer {
 public:
  explicit HotTimer(cudaStream_t stream);
  // Launch k of the graph reads slots[k % slots.size()]; K = max(kMinHotLaunches,
  // slots.size()), reduced to keep the graph within kMaxHeldGraphNodes.
  // prepare, then take_sample until the rule stops.
  TimingSamples measure(DotOperation& operation, const std::vector<DotInputs>& slots, const StoppingRule& rule);
  // The two steps of measure(), for callers that interleave operations:
  // capture the graph (after one untimed launch) and replay it once untimed;
  // then one sample: hold the stream, events around one replay, release
  // (us per launch).
  HotGraph prepare(DotOperation& operation, const std::vector<DotInputs>& slots);
  TimedSample take_sample(const HotGraph& graph);

 private:
  cudaStream_t stream_;
  StreamBlocker blocker_;
  EventPair events_;
};

}  // namespace dotsweep
