#include "gpu/timers.hpp"

#include <chrono>

#include "gpu/cuda_error.hpp"
#include "gpu/harness_kernels.hpp"

namespace dotsweep {

namespace {
// Long enough for %globaltimer to resolve the SM clock to well under 1%.
constexpr unsigned long long kClockSpinNs = 20'000;

void warm_up(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream) {
  // Loads the operation's modules before any blocking kernel spins: with lazy
  // module loading, the first launch of a kernel can wait for the device to go
  // idle, which a spinning blocker would never let happen.
  operation.enqueue(inputs, stream);
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(warm-up)");
}


double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Destroys a graph and its executable on every path out of HotTimer::measure.
struct GraphGuard {
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  ~GraphGuard() {
    if (exec) cudaGraphExecDestroy(exec);
    if (graph) cudaGraphDestroy(graph);
  }
};
}  // namespace

EventPair::EventPair() {
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
}
EventPair::~EventPair() {
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}
double EventPair::elapsed_us() const {
  check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float ms = 0;
  check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
  return ms * 1000.0;
}

ColdTimer::ColdTimer(const DeviceInfo& device, cudaStream_t stream)
    : stream_(stream), flush_((2 * device.l2_bytes + (1 << 20)) / 16 * 16), sink_(1) {
  // Touch the flush buffer once so its pages are mapped before the first sample.
  check_cuda(cudaMemsetAsync(flush_.get(), 1, flush_.bytes(), stream_), "cudaMemsetAsync(flush buffer)");
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
}

void ColdTimer::flush_l2() { launch_read_through(flush_.get(), flush_.bytes(), sink_.get(), stream_); }

TimingSamples ColdTimer::measure(DotOperation& operation, const DotInputs& inputs, const StoppingRule& rule) {
  warm_up(operation, inputs, stream_);
  TimingSamples samples;
  const auto start = std::chrono::steady_clock::now();
  while (!rule.should_stop(samples.us, seconds_since(start))) {
    flush_l2();
    blocker_.block(stream_, kClockSpinNs);
    check_cuda(cudaEventRecord(events_.start, stream_), "cudaEventRecord");
    operation.enqueue(inputs, stream_);
    check_cuda(cudaEventRecord(events_.stop, stream_), "cudaEventRecord");
    blocker_.release();
    samples.us.push_back(events_.elapsed_us());
    samples.clock_mhz.push_back(blocker_.reading().sm_clock_mhz());
  }
  return samples;
}

HotTimer::HotTimer(cudaStream_t stream) : stream_(stream) {
  if (stream == nullptr) throw GpuError("hot timing captures a CUDA graph, which needs a created stream, not the default stream");
}

TimingSamples HotTimer::measure(DotOperation& operation, const std::vector<DotInputs>& slots, const StoppingRule& rule) {
  if (slots.empty()) throw GpuError("hot timing needs at least one input slot");
  warm_up(operation, slots.front(), stream_);
  GraphGuard graph;
  check_cuda(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
  try {
    for (const auto& slot : slots) operation.enqueue(slot, stream_);
  } catch (...) {
    cudaStreamEndCapture(stream_, &graph.graph);
    throw;
  }
  check_cuda(cudaStreamEndCapture(stream_, &graph.graph), "cudaStreamEndCapture");
  check_cuda(cudaGraphInstantiate(&graph.exec, graph.graph, 0), "cudaGraphInstantiate");
  // One unmeasured replay: uploads the graph and warms the instruction caches.
  check_cuda(cudaGraphLaunch(graph.exec, stream_), "cudaGraphLaunch");
  check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");

  TimingSamples samples;
  const double launches = static_cast<double>(slots.size());
  const auto start = std::chrono::steady_clock::now();
  while (!rule.should_stop(samples.us, seconds_since(start))) {
    check_cuda(cudaEventRecord(events_.start, stream_), "cudaEventRecord");
    check_cuda(cudaGraphLaunch(graph.exec, stream_), "cudaGraphLaunch");
    check_cuda(cudaEventRecord(events_.stop, stream_), "cudaEventRecord");
    clock_probe_.block(stream_, kClockSpinNs, /*released=*/true);
    samples.us.push_back(events_.elapsed_us() / launches);
    check_cuda(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    samples.clock_mhz.push_back(clock_probe_.reading().sm_clock_mhz());
  }
  return samples;
}

}  // namespace dotsweep
