// What decides the cold time of a two-kernel operation launched into a
// stream: where its scratch lands, or how many launches the stream saw
// before it. And whether a graph launch of the same kernels depends on either.
//
// A two-kernel dot product (per-block partials, then one block sums them)
// and a one-kernel control (the first kernel alone) are timed cold as the
// sweep did before it timed graphs: evict the L2, hold the stream behind the
// blocking kernel, events around the operation's own stream launches,
// release. Scans, each a series of points of SAMPLES samples (each point
// starts with one untimed launch of the operation):
//   partials / result: the scratch, or the result, moved through one large
//     allocation, 64 KiB at a time;
//   pad_records: K = 0..15 unmeasured event records queued before the point;
//   pad_launches: K = 0..15 unmeasured empty-kernel launches before the point;
//   graph: the two kernels as one CUDA graph, timed by the sweep's ColdTimer,
//     after a pad of K = 0..15 empty-kernel launches.
// One CSV line per (scan, point, operation):
//   scan,param,operation,median_us,p25_us,p75_us,mean_us
// Not a test: the measurement behind docs/measuring.md's "Cold timing".
// Usage: launch_phase [SAMPLES] [N]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/baselines.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/stream_blocker.hpp"
#include "gpu/timers.hpp"
#include "block_sum.cuh"

namespace {

using namespace dotsweep;

constexpr int kBlock = 256;
constexpr int kGrid = 132;

__global__ void partial_sums(const float* a, const float* b, long long n, float* partials) {
  float sum = 0;
  for (long long i = threadIdx.x + (long long)blockIdx.x * kBlock; i < n; i += (long long)kBlock * gridDim.x)
    sum += a[i] * b[i];
  sum = block_sum<kBlock>(sum);
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

__global__ void sum_partials(const float* partials, int count, float* result) {
  float sum = 0;
  for (int i = threadIdx.x; i < count; i += kBlock) sum += partials[i];
  sum = block_sum<kBlock>(sum);
  if (threadIdx.x == 0) *result = sum;
}

// Both passes, or (second_pass = false) the first alone: the control.
class PlacedTwoPass : public DotOperation {
 public:
  explicit PlacedTwoPass(bool second_pass) : second_pass_(second_pass) {}
  void place_partials(float* partials) { partials_ = partials; }
  void prepare(long long) override {}
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    partial_sums<<<kGrid, kBlock, 0, stream>>>(static_cast<const float*>(in.a), static_cast<const float*>(in.b), in.n,
                                               partials_);
    if (second_pass_) sum_partials<<<1, kBlock, 0, stream>>>(partials_, kGrid, static_cast<float*>(in.result));
  }
  long long grid_blocks() const override { return kGrid; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  bool second_pass_;
  float* partials_ = nullptr;
};

double order_statistic(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * (v.size() - 1) + 0.5)];
}


// One cold sample with the operation's own stream launches.
class StreamLaunchSampler {
 public:
  StreamLaunchSampler(const DeviceInfo& device, cudaStream_t stream) : stream_(stream), eviction_(device.l2_bytes, stream) {}
  double sample(DotOperation& op, const DotInputs& in) {
    eviction_.evict(stream_);
    blocker_.block(stream_, 20'000);
    events_.record_start(stream_);
    op.enqueue(in, stream_);
    events_.record_stop(stream_);
    blocker_.release();
    return events_.elapsed_us();
  }

 private:
  cudaStream_t stream_;
  L2Eviction eviction_;
  StreamBlocker blocker_;
  EventPair events_;
};

double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 100;
  const long long n = argc > 2 ? std::atoll(argv[2]) : 65536;
  if (samples < 5 || n < 1) {
    std::fprintf(stderr, "launch_phase: SAMPLES must be at least 5 and N at least 1\n");
    return 2;
  }
  try {
    const DeviceInfo device = query_device(0);
    cudaStream_t stream;
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    StreamLaunchSampler stream_sampler(device, stream);
    ColdTimer graph_timer(device, stream);
    cudaEvent_t pad_event;
    check_cuda(cudaEventCreateWithFlags(&pad_event, cudaEventDisableTiming), "cudaEventCreate");
    const std::unique_ptr<DotOperation> empty_kernel = make_floor_operation(ElementType::f32);
    DeviceBuffer<float> a(n), b(n);
    check_cuda(cudaMemset(a.get(), 0, n * sizeof(float)), "cudaMemset");
    check_cuda(cudaMemset(b.get(), 0, n * sizeof(float)), "cudaMemset");
    constexpr std::size_t kArena = 64ull << 20, kPartialsAt = 40ull << 20, kResultAt = 48ull << 20;
    DeviceBuffer<unsigned char> arena(kArena);
    check_cuda(cudaMemset(arena.get(), 0, kArena), "cudaMemset");
    const auto inputs_at = [&](std::size_t result_at) {
      return DotInputs{a.get(), b.get(), n, ElementType::f32, arena.get() + result_at};
    };
    const auto pad_records = [&](int records) {
      for (int k = 0; k < records; ++k) check_cuda(cudaEventRecord(pad_event, stream), "cudaEventRecord(pad)");
    };
    const auto pad_launches = [&](int launches) {
      for (int k = 0; k < launches; ++k) empty_kernel->enqueue(inputs_at(kResultAt), stream);
    };
    PlacedTwoPass two(true), one(false);
    std::printf("scan,param,operation,median_us,p25_us,p75_us,mean_us\n");
    const auto report = [&](const char* scan, std::size_t param, const char* name, const std::vector<double>& us) {
      std::printf("%s,%zu,%s,%.3f,%.3f,%.3f,%.3f\n", scan, param, name, order_statistic(us, 0.5),
                  order_statistic(us, 0.25), order_statistic(us, 0.75), mean_of(us));
      std::fflush(stdout);
    };
    const auto both = [&](const char* scan, std::size_t param, const DotInputs& in) {
      for (PlacedTwoPass* op : {&two, &one}) {
        op->enqueue(in, stream);
        check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
        std::vector<double> us;
        for (int s = 0; s < samples; ++s) us.push_back(stream_sampler.sample(*op, in));
        report(scan, param, op == &two ? "two_kernels" : "first_kernel", us);
      }
    };
    const auto place = [&](std::size_t at) {
      two.place_partials(reinterpret_cast<float*>(arena.get() + at));
      one.place_partials(reinterpret_cast<float*>(arena.get() + at));
    };
    for (std::size_t k = 0; k < 32; ++k) {
      place(k << 16);
      both("partials", k << 16, inputs_at(kResultAt));
    }
    place(kPartialsAt);
    for (std::size_t k = 0; k < 32; ++k) both("result", (16ull << 20) + (k << 16), inputs_at((16ull << 20) + (k << 16)));
    const DotInputs in = inputs_at(kResultAt);
    for (int k = 0; k < 16; ++k) {
      pad_records(k);
      both("pad_records", k, in);
    }
    for (int k = 0; k < 16; ++k) {
      pad_launches(k);
      both("pad_launches", k, in);
    }
    for (int k = 0; k < 16; ++k) {
      pad_launches(k);
      const LaunchGraph graph = graph_timer.prepare(two, in);
      std::vector<double> us;
      for (int s = 0; s < samples; ++s) us.push_back(graph_timer.take_sample(graph).us);
      report("graph", k, "two_kernels_graph", us);
    }
    cudaEventDestroy(pad_event);
    cudaStreamDestroy(stream);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "launch_phase: %s\n", e.what());
    return 1;
  }
  return 0;
}
