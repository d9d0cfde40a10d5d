#include "gpu/timers.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/cuda_error.hpp"
#include "gpu/result_probe.hpp"

namespace dotsweep {

namespace {
// Long enough for %globaltimer to resolve the SM clock to well under 1%.
constexpr unsigned long long kClockSpinNs = 20'000;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The stream waits behind the blocker from construction until the guard goes
// out of scope, on every path: an enqueue that throws cannot leave the blocker
// spinning until its timeout.
class HeldStream {
 public:
  // until_released = false: the blocker spins its fixed time only (see kMaxHeldGraphNodes).
  HeldStream(StreamBlocker& blocker, cudaStream_t stream, bool until_released = true) : blocker_(blocker) {
    if (until_released) blocker_.block(stream, kClockSpinNs);
    else blocker_.hold_for(stream, kClockSpinNs);
  }
  ~HeldStream() { blocker_.release(); }
  HeldStream(const HeldStream&) = delete;
  HeldStream& operator=(const HeldStream&) = delete;

 private:
  StreamBlocker& blocker_;
};

// The stopping rule with the timer's resolution per launch as its floor.
StoppingRule with_resolution(StoppingRule rule, std::size_t launches) {
  rule.resolution_us = std::max(rule.resolution_us, kEventTickUs / static_cast<double>(launches));
  return rule;
}

// A captured graph and its executable, destroyed on every path out of HotTimer::measure.
struct GraphGuard {
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  GraphGuard() = default;
  GraphGuard(const GraphGuard&) = delete;
  GraphGuard& operator=(const GraphGuard&) = delete;
  ~GraphGuard() {
    if (exec) cudaGraphExecDestroy(exec);
    if (graph) cudaGraphDestroy(graph);
  }
  std::size_t nodes() const {
    std::size_t count = 0;
    check_cuda(cudaGraphGetNodes(graph, nullptr, &count), "cudaGraphGetNodes");
    return count;
  }
  bool kernels_only() const {
    std::size_t count = nodes();
    std::vector<cudaGraphNode_t> all(count);
    check_cuda(cudaGraphGetNodes(graph, all.data(), &count), "cudaGraphGetNodes");
    for (std::size_t i = 0; i < count; ++i) {
      cudaGraphNodeType type;
      check_cuda(cudaGraphNodeGetType(all[i], &type), "cudaGraphNodeGetType");
      if (type != cudaGraphNodeTypeKernel) return false;
    }
    return true;
  }
};

// Captures `launches` launches of the operation, launch k reading slots[k % size].
void capture(DotOperation& operation, const std::vector<DotInputs>& slots, std::size_t launches, cudaStream_t stream,
             GraphGuard& graph) {
  check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
  try {
    for (std::size_t k = 0; k < launches; ++k) operation.enqueue(slots[k % slots.size()], stream);
  } catch (...) {
    cudaStreamEndCapture(stream, &graph.graph);
    throw;
  }
  check_cuda(cudaStreamEndCapture(stream, &graph.graph), "cudaStreamEndCapture");
}

// Launches per graph: one per slot, at least kMinHotLaunches, and no more than
// keep the graph within kMaxHeldGraphNodes (learned from a one-launch capture).
std::size_t hot_launches(DotOperation& operation, const std::vector<DotInputs>& slots, cudaStream_t stream) {
  GraphGuard probe;
  capture(operation, slots, 1, stream, probe);
  const std::size_t per_launch = std::max<std::size_t>(1, probe.nodes());
  const std::size_t fitting = kMaxHeldGraphNodes / per_launch;
  return std::max(kMinHotLaunches, std::min(slots.size(), fitting));
}
}  // namespace

EventPair::EventPair() {
  check_cuda(cudaEventCreate(&start_), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop_), "cudaEventCreate");
}
EventPair::~EventPair() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}
void EventPair::record_start(cudaStream_t stream) { check_cuda(cudaEventRecord(start_, stream), "cudaEventRecord(start)"); }
void EventPair::record_stop(cudaStream_t stream) { check_cuda(cudaEventRecord(stop_, stream), "cudaEventRecord(stop)"); }
double EventPair::elapsed_us() const {
  check_cuda(cudaEventSynchronize(stop_), "cudaEventSynchronize");
  float ms = 0;
  check_cuda(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
  return ms * 1000.0;
}

LaunchGraph::~LaunchGraph() {
  if (exec_) cudaGraphExecDestroy(exec_);
  if (graph_) cudaGraphDestroy(graph_);
}

LaunchGraph::LaunchGraph(LaunchGraph&& other) noexcept
    : graph_(other.graph_),
      exec_(other.exec_),
      launches_(other.launches_),
      held_until_enqueued_(other.held_until_enqueued_),
      results_(std::move(other.results_)) {
  other.graph_ = nullptr;
  other.exec_ = nullptr;
}

LaunchGraph capture_launches(DotOperation& operation, const std::vector<DotInputs>& slots, std::size_t launches,
                             cudaStream_t stream) {
  if (stream == nullptr) throw GpuError("timing captures a CUDA graph, which needs a created stream, not the default stream");
  if (slots.empty()) throw GpuError("timing needs at least one input slot");
  operation.enqueue(slots.front(), stream);
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(warm-up)");
  LaunchGraph captured;
  captured.launches_ = launches;
  std::vector<const void*> written;
  for (std::size_t k = 0; k < std::min(launches, slots.size()); ++k) written.push_back(slots[k].result);
  captured.results_ = std::make_unique<LaunchResultReader>(std::move(written), slots.front().type);
  GraphGuard graph;
  capture(operation, slots, launches, stream, graph);
  captured.held_until_enqueued_ = graph.kernels_only();
  check_cuda(cudaGraphInstantiate(&graph.exec, graph.graph, 0), "cudaGraphInstantiate");
  std::swap(captured.graph_, graph.graph);  // the LaunchGraph owns them from here
  std::swap(captured.exec_, graph.exec);
  check_cuda(cudaGraphLaunch(captured.exec_, stream), "cudaGraphLaunch");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  return captured;
}

ColdTimer::ColdTimer(const DeviceInfo& device, cudaStream_t stream)
    : stream_(stream), eviction_(device.l2_bytes, stream) {}

LaunchGraph ColdTimer::prepare(DotOperation& operation, const DotInputs& inputs) {
  return capture_launches(operation, {inputs}, 1, stream_);
}

TimedSample ColdTimer::take_sample(const LaunchGraph& graph) {
  eviction_.evict(stream_);
  {
    HeldStream held(blocker_, stream_, graph.held_until_enqueued_);
    events_.record_start(stream_);
    check_cuda(cudaGraphLaunch(graph.exec_, stream_), "cudaGraphLaunch");
    events_.record_stop(stream_);
  }
  TimedSample sample;
  sample.us = events_.elapsed_us();
  sample.clock_mhz = blocker_.reading().sm_clock_mhz();
  sample.results = graph.results_->read(stream_);
  return sample;
}

TimingSamples ColdTimer::measure(DotOperation& operation, const DotInputs& inputs, const StoppingRule& rule_in) {
  const LaunchGraph graph = prepare(operation, inputs);
  TimingSamples samples;
  samples.held_until_enqueued = graph.held_until_enqueued();
  const StoppingRule rule = with_resolution(rule_in, 1);
  const auto start = std::chrono::steady_clock::now();
  while (!rule.should_stop(samples.us, seconds_since(start))) {
    samples.add(take_sample(graph));
  }
  return samples;
}

HotTimer::HotTimer(cudaStream_t stream) : stream_(stream) {
  if (stream == nullptr) throw GpuError("hot timing captures a CUDA graph, which needs a created stream, not the default stream");
}

LaunchGraph HotTimer::prepare(DotOperation& operation, const std::vector<DotInputs>& slots) {
  if (slots.empty()) throw GpuError("hot timing needs at least one input slot");
  // Loaded before the one-launch capture that counts its nodes.
  operation.enqueue(slots.front(), stream_);
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize(warm-up)");
  return capture_launches(operation, slots, hot_launches(operation, slots, stream_), stream_);
}

TimedSample HotTimer::take_sample(const LaunchGraph& graph) {
  {
    HeldStream held(blocker_, stream_, graph.held_until_enqueued_);
    events_.record_start(stream_);
    check_cuda(cudaGraphLaunch(graph.exec_, stream_), "cudaGraphLaunch");
    events_.record_stop(stream_);
  }
  TimedSample sample;
  sample.us = events_.elapsed_us() / static_cast<double>(graph.launches_);
  sample.clock_mhz = blocker_.reading().sm_clock_mhz();
  sample.results = graph.results_->read(stream_);
  return sample;
}

TimingSamples HotTimer::measure(DotOperation& operation, const std::vector<DotInputs>& slots, const StoppingRule& rule_in) {
  const LaunchGraph graph = prepare(operation, slots);
  TimingSamples samples;
  samples.launches = graph.launches();
  samples.held_until_enqueued = graph.held_until_enqueued();
  const StoppingRule rule = with_resolution(rule_in, samples.launches);
  const auto start = std::chrono::steady_clock::now();
  while (!rule.should_stop(samples.us, seconds_since(start))) {
    samples.add(take_sample(graph));
  }
  return samples;
}

}  // namespace dotsweep
