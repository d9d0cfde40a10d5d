// The two timing protocols (docs/measuring.md), each one sentence:
//  cold: for each sample, evict the L2 with a read, hold the stream behind a
//        blocking kernel, queue start event + one CUDA graph of one launch of
//        the operation + stop event, release; the events time only the GPU
//        work of one launch.
//  hot:  for each sample, hold the stream behind the blocking kernel, queue
//        start event + one CUDA graph of K >= 8 back-to-back launches over
//        rotating inputs + stop event, release; a sample is the time / K.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "core/sampling/statistics.hpp"
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
  bool held_until_enqueued = true; // false: a graph with non-kernel nodes, held for a fixed spin only
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


// One operation's captured graph of K launches, ready to replay; made by a
// timer's prepare, destroyed with it. Both timers launch graphs, not the
// operation's own stream launches, because of how a stream launch reaches
// the GPU: on the H200 the second of two kernels launched into a stream
// started about 1 us late or not depending on how many launches the stream
// had seen before (a state that holds for a whole row and changes between
// rows and processes), while the same two kernels replayed as a graph were
// never late (docs/measuring.md).
class LaunchGraph {
 public:
  LaunchGraph() = default;
  ~LaunchGraph();
  LaunchGraph(LaunchGraph&& other) noexcept;
  LaunchGraph& operator=(LaunchGraph&&) = delete;
  LaunchGraph(const LaunchGraph&) = delete;
  LaunchGraph& operator=(const LaunchGraph&) = delete;
  std::size_t launches() const { return launches_; }
  bool held_until_enqueued() const { return held_until_enqueued_; }

 private:
  friend LaunchGraph capture_launches(DotOperation&, const std::vector<DotInputs>&, std::size_t, cudaStream_t);
  friend class ColdTimer;
  friend class HotTimer;
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
  std::size_t launches_ = 1;
  bool held_until_enqueued_ = true;
  std::unique_ptr<LaunchResultReader> results_;  // the slots the graph's launches write
};

// Runs the operation once (loading its modules: with lazy loading a first
// launch behind a spinning blocker can wait forever), captures `launches`
// launches of it, launch k reading slots[k % size], instantiates the graph
// and replays it once untimed (uploading it and warming the instruction
// caches). Needs a created stream, not the default one.
LaunchGraph capture_launches(DotOperation& operation, const std::vector<DotInputs>& slots, std::size_t launches,
                             cudaStream_t stream);

class ColdTimer {
 public:
  ColdTimer(const DeviceInfo& device, cudaStream_t stream);
  // prepare, then take_sample until the rule stops.
  TimingSamples measure(DotOperation& operation, const DotInputs& inputs, const StoppingRule& rule);
  // The two steps of measure(), for callers that interleave operations
  // sample by sample (`dotsweep ab`): the graph of one launch on `inputs`;
  // then one sample: evict the L2, hold the stream, events around one
  // replay, release.
  LaunchGraph prepare(DotOperation& operation, const DotInputs& inputs);
  TimedSample take_sample(const LaunchGraph& graph);

 private:
  cudaStream_t stream_;
  L2Eviction eviction_;
  StreamBlocker blocker_;
  EventPair events_;
};

class HotTimer {
 public:
  explicit HotTimer(cudaStream_t stream);
  // Launch k of the graph reads slots[k % slots.size()]; K = max(kMinHotLaunches,
  // slots.size()), reduced to keep the graph within kMaxHeldGraphNodes.
  // prepare, then take_sample until the rule stops.
  TimingSamples measure(DotOperation& operation, const std::vector<DotInputs>& slots, const StoppingRule& rule);
  // The two steps of measure(), for callers that interleave operations:
  // the graph (capture_launches); then one sample: hold the stream, events around one replay, release
  // (us per launch).
  LaunchGraph prepare(DotOperation& operation, const std::vector<DotInputs>& slots);
  TimedSample take_sample(const LaunchGraph& graph);

 private:
  cudaStream_t stream_;
  StreamBlocker blocker_;
  EventPair events_;
};

}  // namespace dotsweep
