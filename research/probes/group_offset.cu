// What moves every launch-bound row of one (type, n) group by the same
// 0.1-0.2 us between processes, the launch floor's empty kernel included.
//
// An empty kernel and a one-block dot are timed by the sweep's ColdTimer
// (evict the L2, hold the stream, events around one graph replay). Scans,
// each a series of 16 points of SAMPLES samples; only the named thing
// changes from one point to the next:
//   same:        nothing (the control: how far points of one graph differ);
//   sleep:       the host sleeps 500 ms (a state that drifts with time);
//   reinstance:  the graph is instantiated again, the previous one destroyed
//                first (the sweep's case: one graph per row);
//   held:        the graph is instantiated again, every earlier one kept alive
//                (so each lands elsewhere);
//   alloc:       K MiB + K * 4 KiB are allocated and kept before the graph is
//                instantiated again (the next group's buffers, in the sweep);
//   pad:         K empty kernels are launched into the stream first;
//   timer:       a new ColdTimer (eviction buffer, blocker, events), same graph;
//   stream:      a new stream and ColdTimer, same graph;
//   evict_moved: 2 MiB more allocated and kept, then a new ColdTimer (so its
//                L2 eviction buffer lands elsewhere), same graph;
//   result:      the one-block dot writes its result 256 B further on
//                (the empty kernel ignores it);
//   group:       what a sweep does between two (type, n) groups: the inputs
//                freed and allocated again at another size (2^(10+k) floats),
//                a few untimed launches, the graph instantiated again;
//   rotate8:     eight instantiations kept, samples taken from each in turn
//                (do the points come together?);
//   inner_*:     the same scans with the events inside the graph (start
//                event, operation, stop event captured together), so the
//                time starts when the graph's first node runs;
//   *_after:     scans repeated after the stream scan.
// One CSV line per (scan, point, operation):
//   scan,param,operation,median_us,p25_us,p75_us,mean_us
// Not a test: the measurement behind docs/measuring.md's "Between processes".
// Usage: group_offset [SAMPLES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/stream_blocker.hpp"
#include "gpu/timers.hpp"
#include "block_sum.cuh"

namespace {

using namespace dotsweep;

constexpr int kBlock = 256;

__global__ void one_block_dot(const float* a, const float* b, long long n, float* result) {
  float sum = 0;
  for (long long i = threadIdx.x; i < n; i += kBlock) sum += a[i] * b[i];
  sum = block_sum<kBlock>(sum);
  if (threadIdx.x == 0) *result = sum;
}

class OneBlockDot : public DotOperation {
 public:
  void prepare(long long) override {}
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    one_block_dot<<<1, kBlock, 0, stream>>>(static_cast<const float*>(in.a), static_cast<const float*>(in.b), in.n,
                                            static_cast<float*>(in.result));
    check_cuda(cudaGetLastError(), "launch one_block_dot");
  }
  long long grid_blocks() const override { return 1; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }
};

double order_statistic(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * (v.size() - 1) + 0.5)];
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 200;
  if (samples < 5) {
    std::fprintf(stderr, "group_offset: SAMPLES must be at least 5\n");
    return 2;
  }
  try {
    const DeviceInfo device = query_device(0);
    cudaStream_t stream;
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    constexpr long long n = 1;
    DeviceBuffer<float> a(64), b(64);
    DeviceBuffer<unsigned char> results(64 << 10);
    check_cuda(cudaMemset(a.get(), 0, 64 * sizeof(float)), "cudaMemset");
    check_cuda(cudaMemset(b.get(), 0, 64 * sizeof(float)), "cudaMemset");
    const auto inputs_at = [&](std::size_t offset) {
      return DotInputs{a.get(), b.get(), n, ElementType::f32, results.get() + offset};
    };
    const std::unique_ptr<DotOperation> empty = make_floor_operation(ElementType::f32);
    OneBlockDot dot;
    std::unique_ptr<ColdTimer> timer = std::make_unique<ColdTimer>(device, stream);

    std::printf("scan,param,operation,median_us,p25_us,p75_us,mean_us\n");
    const auto report = [&](const char* scan, int param, const char* name, const std::vector<double>& us) {
      double sum = 0;
      for (const double x : us) sum += x;
      std::printf("%s,%d,%s,%.3f,%.3f,%.3f,%.4f\n", scan, param, name, order_statistic(us, 0.5),
                  order_statistic(us, 0.25), order_statistic(us, 0.75), sum / static_cast<double>(us.size()));
      std::fflush(stdout);
    };
    const auto time_graph = [&](const LaunchGraph& graph) {
      std::vector<double> us;
      for (int s = 0; s < samples; ++s) us.push_back(timer->take_sample(graph).us);
      return us;
    };
    struct Timed {
      DotOperation* op;
      const char* name;
    };
    const std::vector<Timed> operations{{empty.get(), "empty"}, {&dot, "one_block"}};

    // A scan: before each point `change(k)` runs; `graph_for(op, k)` gives the graph timed.
    const auto scan = [&](const char* name, const std::function<void(int)>& change,
                          const std::function<const LaunchGraph&(const Timed&, int)>& graph_for) {
      for (int k = 0; k < 16; ++k) {
        change(k);
        for (const Timed& t : operations) report(name, k, t.name, time_graph(graph_for(t, k)));
      }
    };

    // One graph per operation, kept for the scans that change something else.
    std::vector<LaunchGraph> fixed;
    for (const Timed& t : operations) fixed.push_back(timer->prepare(*t.op, inputs_at(0)));
    const auto fixed_graph = [&](const Timed& t, int) -> const LaunchGraph& {
      return fixed[static_cast<std::size_t>(&t - operations.data())];
    };
    const auto nothing = [](int) {};
    scan("same", nothing, fixed_graph);
    scan("sleep", [](int) { std::this_thread::sleep_for(std::chrono::milliseconds(500)); }, fixed_graph);

    std::vector<std::unique_ptr<LaunchGraph>> current(operations.size());
    const auto fresh_graph = [&](const Timed& t, int) -> const LaunchGraph& {
      auto& slot = current[static_cast<std::size_t>(&t - operations.data())];
      slot.reset();
      slot = std::make_unique<LaunchGraph>(timer->prepare(*t.op, inputs_at(0)));
      return *slot;
    };
    scan("reinstance", nothing, fresh_graph);

    std::vector<LaunchGraph> kept;
    kept.reserve(128);
    const auto held_graph = [&](const Timed& t, int) -> const LaunchGraph& {
      kept.push_back(timer->prepare(*t.op, inputs_at(0)));
      return kept.back();
    };
    scan("held", nothing, held_graph);

    // Events inside the graph: the time runs from the graph's first node to its last.
    cudaEvent_t inner_start, inner_stop;
    check_cuda(cudaEventCreate(&inner_start), "cudaEventCreate");
    check_cuda(cudaEventCreate(&inner_stop), "cudaEventCreate");
    L2Eviction eviction(device.l2_bytes, stream);
    StreamBlocker blocker;
    struct InnerGraph {
      cudaGraphExec_t exec = nullptr;
      explicit InnerGraph(cudaGraphExec_t e) : exec(e) {}
      InnerGraph(InnerGraph&& o) noexcept : exec(o.exec) { o.exec = nullptr; }
      InnerGraph(const InnerGraph&) = delete;
      ~InnerGraph() {
        if (exec) cudaGraphExecDestroy(exec);
      }
    };
    const auto capture_inner = [&](DotOperation& op, cudaStream_t on) {
      op.enqueue(inputs_at(0), on);
      check_cuda(cudaStreamSynchronize(on), "cudaStreamSynchronize");
      cudaGraph_t graph;
      check_cuda(cudaStreamBeginCapture(on, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
      check_cuda(cudaEventRecordWithFlags(inner_start, on, cudaEventRecordExternal), "cudaEventRecord(inner start)");
      op.enqueue(inputs_at(0), on);
      check_cuda(cudaEventRecordWithFlags(inner_stop, on, cudaEventRecordExternal), "cudaEventRecord(inner stop)");
      check_cuda(cudaStreamEndCapture(on, &graph), "cudaStreamEndCapture");
      cudaGraphExec_t exec;
      check_cuda(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
      cudaGraphDestroy(graph);
      check_cuda(cudaGraphLaunch(exec, on), "cudaGraphLaunch");
      check_cuda(cudaStreamSynchronize(on), "cudaStreamSynchronize");
      return InnerGraph(exec);
    };
    cudaStream_t inner_stream = stream;
    const auto time_inner = [&](const InnerGraph& graph) {
      std::vector<double> us;
      for (int s = 0; s < samples; ++s) {
        eviction.evict(inner_stream);
        blocker.block(inner_stream, 20'000);
        const cudaError_t launched = cudaGraphLaunch(graph.exec, inner_stream);
        blocker.release();
        check_cuda(launched, "cudaGraphLaunch");
        check_cuda(cudaEventSynchronize(inner_stop), "cudaEventSynchronize");
        blocker.reading();  // throws if the blocker timed out: the graph did not queue behind it
        float ms = 0;
        check_cuda(cudaEventElapsedTime(&ms, inner_start, inner_stop), "cudaEventElapsedTime");
        us.push_back(ms * 1000.0);
      }
      return us;
    };
    std::vector<InnerGraph> inner_fixed, inner_kept;
    inner_kept.reserve(128);
    for (const Timed& t : operations) inner_fixed.push_back(capture_inner(*t.op, stream));
    const auto inner_scan = [&](const char* name, const std::function<void(int)>& change,
                                const std::function<const InnerGraph&(std::size_t, const Timed&)>& graph_for) {
      for (int k = 0; k < 16; ++k) {
        change(k);
        for (std::size_t i = 0; i < operations.size(); ++i)
          report(name, k, operations[i].name, time_inner(graph_for(i, operations[i])));
      }
    };
    const auto inner_fixed_graph = [&](std::size_t i, const Timed&) -> const InnerGraph& { return inner_fixed[i]; };
    const auto inner_held_graph = [&](std::size_t, const Timed& t) -> const InnerGraph& {
      inner_kept.push_back(capture_inner(*t.op, inner_stream));
      return inner_kept.back();
    };
    inner_scan("inner_same", nothing, inner_fixed_graph);
    inner_scan("inner_held", nothing, inner_held_graph);

    std::vector<DeviceBuffer<unsigned char>> padding;
    scan(
        "alloc", [&](int k) { padding.emplace_back((static_cast<std::size_t>(k) << 20) + (static_cast<std::size_t>(k) << 12)); },
        fresh_graph);
    padding.clear();

    const auto pad = [&](int k) {
      for (int i = 0; i < k; ++i) empty->enqueue(inputs_at(0), stream);
      check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(pad)");
    };
    scan("pad", pad, fixed_graph);

    scan(
        "timer", [&](int) {
          timer.reset();
          timer = std::make_unique<ColdTimer>(device, stream);
        },
        fixed_graph);

    std::vector<DeviceBuffer<unsigned char>> pads;
    scan(
        "evict_moved",
        [&](int) {
          pads.emplace_back(std::size_t{2} << 20);
          timer.reset();
          timer = std::make_unique<ColdTimer>(device, stream);
        },
        fixed_graph);
    scan("same_after_evict", nothing, fixed_graph);

    std::vector<cudaStream_t> streams;
    scan(
        "stream",
        [&](int) {
          streams.emplace_back();
          check_cuda(cudaStreamCreateWithFlags(&streams.back(), cudaStreamNonBlocking), "cudaStreamCreate");
          timer.reset();
          timer = std::make_unique<ColdTimer>(device, streams.back());
        },
        fixed_graph);
    timer.reset();
    timer = std::make_unique<ColdTimer>(device, stream);
    inner_scan(
        "inner_stream",
        [&](int) {
          streams.emplace_back();
          check_cuda(cudaStreamCreateWithFlags(&streams.back(), cudaStreamNonBlocking), "cudaStreamCreate");
          inner_stream = streams.back();
        },
        inner_fixed_graph);
    inner_stream = stream;
    for (cudaStream_t s : streams) cudaStreamDestroy(s);
    scan("held_after", nothing, held_graph);
    inner_scan("inner_held_after", nothing, inner_held_graph);

    scan("result", nothing, [&](const Timed& t, int k) -> const LaunchGraph& {
      auto& slot = current[static_cast<std::size_t>(&t - operations.data())];
      slot.reset();
      slot = std::make_unique<LaunchGraph>(timer->prepare(*t.op, inputs_at(static_cast<std::size_t>(k) * 256)));
      return *slot;
    });

    std::unique_ptr<DeviceBuffer<float>> group_inputs;
    scan(
        "group",
        [&](int k) {
          group_inputs.reset();
          group_inputs = std::make_unique<DeviceBuffer<float>>(2 * (std::size_t{1} << (10 + k)) + 64);
          for (int i = 0; i < 8; ++i) dot.enqueue(inputs_at(0), stream);
          check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(group)");
        },
        fresh_graph);
    group_inputs.reset();

    for (int k = 0; k < 16; ++k) {
      for (const Timed& t : operations) {
        std::vector<LaunchGraph> eight;
        while (eight.size() < 8) eight.push_back(timer->prepare(*t.op, inputs_at(0)));
        std::vector<double> us;
        for (int s = 0; s < samples; ++s) us.push_back(timer->take_sample(eight[static_cast<std::size_t>(s % 8)]).us);
        report("rotate8", k, t.name, us);
      }
    }
    current.clear();
    kept.clear();
    inner_fixed.clear();
    inner_kept.clear();
    cudaEventDestroy(inner_start);
    cudaEventDestroy(inner_stop);
    fixed.clear();
    timer.reset();
    cudaStreamDestroy(stream);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "group_offset: %s\n", e.what());
    return 1;
  }
  return 0;
}
