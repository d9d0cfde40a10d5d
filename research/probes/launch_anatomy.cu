// Where the time of a mid-size dot product goes: each block of the kernel
// stamps %globaltimer (and clock64) at its phases, and the launch is timed
// as the sweep times rows (ColdTimer, HotTimer: graph replay behind the
// blocking kernel, events around it), so a phase table and the event time
// come from the same launches. Not a test: the measurement behind
// docs/kernels.md's "Anatomy of a launch".
//
// The stamped kernel is dot_kernel's gather finish (and grid single at
// n = 1) rebuilt from the same device functions (thread_partial, block_sum,
// the gather slots), with a stamp between phases. Each stamp takes the
// phase's last value as an asm operand, so it cannot be issued before that
// value exists. Stamps (thread 0 of each block):
//   start      block entry
//   loaded     thread 0's partial is complete (its loads returned and were summed)
//   summed     the block's total is in thread 0
//   published  the total's slot store issued (blocks > 0)
//   gathered   block 0 has every slot (grid finish done)
//   written    block 0 issued the result's store
//   exit       thread 0 leaves
// %globaltimer ticks coarsely (32 ns or more), so phases are means over
// many launches (a tick falls at a random phase, so the mean of a quantized
// difference is the difference); per-block durations also come from clock64.
//
// Experiments beside the anatomy, each a kernel a user's program could run
// as timed (same checks: the result against a float64 reference):
//   pdl        programmatic dependent launch: the kernel waits
//              (griddepcontrol.wait) before its first load and lets the next
//              launch start at its entry; launched with programmatic stream
//              serialization, so in a graph of back-to-back launches the next
//              kernel's blocks are scheduled while this one runs.
//   pdl_l2     the same, and each thread first asks L2 to fetch its tile
//              (prefetch.global.L2): reads from L2 are coherent with what
//              the previous kernel wrote, so this is safe even when that
//              kernel produced the inputs.
//   cluster16  blocks in clusters of 16 (non-portable size): ranks store
//              their totals into rank 0's shared memory and arrive at the
//              cluster barrier; rank 0 sums them; with one cluster rank 0
//              writes the result, with several each rank 0 fills a gather slot.
// Output: one CSV line per configuration (stdout), a table on stderr.
//   cluster_async  one cluster of 16 blocks: ranks send their totals into
//              rank 0's shared memory with st.async, completing bytes on
//              rank 0's mbarrier (initialised at entry, behind a cluster
//              barrier whose wait comes only before the send).
// Usage: launch_anatomy [COLD_SAMPLES] [HOT_SAMPLES] [cluster]
//   (cluster: only the one-cluster grids, gather against cluster_async)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "dot_kernel.cuh"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/timers.hpp"

namespace {

using namespace dotsweep;
namespace dk = dotsweep_kernels;

enum Field : int { kStart, kLoaded, kSummed, kPublished, kGathered, kWritten, kExit, kClockStart, kClockLoaded,
                   kClockSummed, kFields };
enum class Mode : int { plain, pdl, pdl_l2, cluster16, cluster_async, empty };
const char* mode_name(Mode m) {
  switch (m) {
    case Mode::plain: return "plain";
    case Mode::pdl: return "pdl";
    case Mode::pdl_l2: return "pdl_l2";
    case Mode::cluster16: return "cluster16";
    case Mode::cluster_async: return "cluster_async";
    case Mode::empty: return "empty";
  }
  return "?";
}
constexpr int kClusterSize = 16;

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
  return t;
}
// A stamp that cannot be taken before `after` is computed.
__device__ __forceinline__ unsigned long long global_ns_after(float after) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : "f"(after) : "memory");
  return t;
}
__device__ __forceinline__ long long clock_after(float after) {
  long long c;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c) : "f"(after) : "memory");
  return c;
}

template <class P, Mode M>
__global__ void __launch_bounds__(P::kBlock)
stamped_dot(const float* __restrict__ a, const float* __restrict__ b, long long n, float* __restrict__ partials,
            float* __restrict__ result, unsigned long long* __restrict__ stamps) {
  using Slot = dk::gather_slot<float>;
  using Word = Slot::Word;
  constexpr Word kEmpty = ~Word(0);
  unsigned long long* s = stamps + (long long)blockIdx.x * kFields;
  const bool lead = threadIdx.x == 0;
  // A dependent launch's blocks start early and wait: its phases count from
  // the wait's release, so the gap between hot launches is how long after the
  // previous kernel's last block the dependent may read.
  if (lead && M != Mode::pdl && M != Mode::pdl_l2) {
    s[kStart] = global_ns();
    s[kClockStart] = clock64();
  }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  // cluster_async: rank 0's barrier expects the other ranks' 4-byte totals.
  __shared__ alignas(8) unsigned long long async_barrier;
  __shared__ float async_totals[kClusterSize];
  if constexpr (M == Mode::cluster_async) {
    if (lead && dk::cluster_special(0) == 0) {
      const unsigned int bar = static_cast<unsigned int>(__cvta_generic_to_shared(&async_barrier));
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
      asm volatile("{ .reg .b64 state; mbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], %1; }"
                   ::"r"(bar), "r"(4u * (kClusterSize - 1)) : "memory");
      asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    // Arrived here, waited for only before the totals go out: the
    // barrier's round trip overlaps the loads. Relaxed: a .release arrive
    // held every block's first loads back by 450-600 ns (H100, 2026-12-07);
    // the init fence above is what publishes the barrier to the cluster.
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
  }
#endif
  if constexpr (M == Mode::pdl_l2) {
    const long long first = (blockIdx.x * P::kTile + threadIdx.x) * P::kVec;
#pragma unroll
    for (int k = 0; k < P::kItems; ++k) {
      const long long i = first + (long long)k * P::kBlock * P::kVec;
      if (i < n) {
        asm volatile("prefetch.global.L2 [%0];" ::"l"(a + i));
        asm volatile("prefetch.global.L2 [%0];" ::"l"(b + i));
      }
    }
  }
  if constexpr (M == Mode::pdl || M == Mode::pdl_l2) {
#if __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
    asm volatile("griddepcontrol.wait;" ::: "memory");
#else
    __trap();  // programmatic dependent launch needs sm_90
#endif
    if (lead) {
      s[kStart] = global_ns();
      s[kClockStart] = clock64();
    }
  }
  const float part = dk::thread_partial<P>(a, b, n);
  if (lead) {
    s[kLoaded] = global_ns_after(part);
    s[kClockLoaded] = clock_after(part);
  }
  const float total = dk::block_sum<float, P::kBlock, P::kLayout, P::kReduce>::run(part);
  if (lead) {
    s[kSummed] = global_ns_after(total);
    s[kClockSummed] = clock_after(total);
  }
  if constexpr (P::kSingleBlock) {
    if (lead) {
      *result = total;
      s[kWritten] = global_ns();
      s[kExit] = global_ns();
    }
    return;
  } else if constexpr (M == Mode::cluster_async) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
    // One cluster of kClusterSize blocks: ranks 1.. send their totals into
    // rank 0's shared memory with st.async, which completes bytes on rank
    // 0's barrier; rank 0 waits on it and sums in rank order. No global
    // memory and no polling of L2.
    const unsigned int rank = dk::cluster_special(0);
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (rank != 0) {
      if (lead) {
        unsigned int slot = static_cast<unsigned int>(__cvta_generic_to_shared(&async_totals[rank]));
        unsigned int bar = static_cast<unsigned int>(__cvta_generic_to_shared(&async_barrier));
        asm volatile("mapa.shared::cluster.u32 %0, %0, 0;" : "+r"(slot));
        asm volatile("mapa.shared::cluster.u32 %0, %0, 0;" : "+r"(bar));
        asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];"
                     ::"r"(slot), "r"(__float_as_uint(total)), "r"(bar) : "memory");
        s[kPublished] = global_ns();
        s[kExit] = global_ns();
      }
      return;
    }
    if (!lead) return;
    const unsigned int bar = static_cast<unsigned int>(__cvta_generic_to_shared(&async_barrier));
    unsigned int done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    float acc = total;
#pragma unroll
    for (int r = 1; r < kClusterSize; ++r) acc += async_totals[r];
    s[kGathered] = global_ns_after(acc);
    *result = acc;
    s[kWritten] = global_ns();
    s[kExit] = global_ns();
    return;
#else
    __trap();  // clusters need sm_90; the probe runs them only there
#endif
  } else if constexpr (M == Mode::cluster16) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
    __shared__ float rank_totals[kClusterSize];
    const unsigned int rank = dk::cluster_special(0);
    if (lead) {
      unsigned int local = static_cast<unsigned int>(__cvta_generic_to_shared(&rank_totals[rank])), remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(0));
      asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(remote), "f"(total) : "memory");
    }
    // Every thread arrives (the barrier is .aligned); only rank 0 waits, the
    // others may leave: nobody reads their shared memory.
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
    if (rank != 0) {
      if (lead) {
        s[kPublished] = global_ns();
        s[kExit] = global_ns();
      }
      return;
    }
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (!lead) return;
    float cluster_total = 0;
#pragma unroll
    for (int r = 0; r < kClusterSize; ++r) cluster_total += rank_totals[r];
    const unsigned int cluster = dk::cluster_special(1), clusters = dk::cluster_special(2);
    if (clusters == 1) {
      *result = cluster_total;
      s[kGathered] = global_ns_after(cluster_total);
      s[kWritten] = global_ns();
      s[kExit] = global_ns();
      return;
    }
    Word* slots = reinterpret_cast<Word*>(partials);
    if (cluster != 0) {
      const Word w = Slot::bits(cluster_total);
      dk::store_slot(slots + cluster, w == kEmpty ? Slot::kOtherNaN : w);
      s[kPublished] = global_ns();
      s[kExit] = global_ns();
      return;
    }
    // Cluster 0's rank 0, one thread: take slots 1 .. clusters-1 in order.
    float acc = cluster_total;
    for (unsigned int i = 1; i < clusters; ++i) {
      Word w;
      while ((w = dk::load_slot(slots + i)) == kEmpty) {
      }
      dk::store_slot(slots + i, kEmpty);
      acc += Slot::value(w);
    }
    s[kGathered] = global_ns_after(acc);
    *result = acc;
    s[kWritten] = global_ns();
    s[kExit] = global_ns();
#else
    __trap();  // clusters need sm_90; the probe runs them only there
#endif
  } else {
    // The gather finish (dot_kernel.cuh's finish_by_gather, small-grid path).
    static_assert(P::kFinish == dk::Finish::gather, "the probe stamps the gather finish");
    Word* slots = reinterpret_cast<Word*>(partials);
    const unsigned int count = gridDim.x;
    if (blockIdx.x != 0) {
      if (lead) {
        const Word w = Slot::bits(total);
        dk::store_slot(slots + blockIdx.x, w == kEmpty ? Slot::kOtherNaN : w);
        s[kPublished] = global_ns();
        s[kExit] = global_ns();
      }
      return;
    }
    if (threadIdx.x >= dk::kGatherThreads) return;
    float acc = lead ? total : 0.0f;
    if (count > 1) acc = dk::detail::warp_shuffle_sum(dk::take_gathered_slots<dk::kGatherThreads>(acc, slots, count));
    if (lead) {
      s[kGathered] = global_ns_after(acc);
      *result = acc;
      s[kWritten] = global_ns();
      s[kExit] = global_ns();
    }
  }
}

__global__ void stamped_empty(unsigned long long* __restrict__ stamps) {
  if (threadIdx.x == 0) {
    unsigned long long* s = stamps + (long long)blockIdx.x * kFields;
    s[kStart] = global_ns();
    s[kExit] = global_ns();
  }
}

// The stamps of a kernel's launches: one region of blocks x kFields per
// launch. Each enqueue (the warm-up run, then each captured launch) takes
// the next region, so a hot graph's launches keep theirs.
class StampRegions {
 public:
  explicit StampRegions(long long blocks) : blocks_(blocks) {}
  void size_for(std::size_t launches) {
    stamps_ = DeviceBuffer<unsigned long long>(launches * region_words());
    regions_ = launches;
  }
  unsigned long long* next() { return stamps_.get() + (next_++ % regions_) * region_words(); }
  std::vector<unsigned long long> read(std::size_t region_count) const {
    std::vector<unsigned long long> host(region_count * region_words());
    check_cuda(cudaMemcpy(host.data(), stamps_.get(), host.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost),
               "cudaMemcpy(stamps)");
    return host;
  }

 private:
  std::size_t region_words() const { return static_cast<std::size_t>(blocks_) * kFields; }
  long long blocks_;
  DeviceBuffer<unsigned long long> stamps_{1};
  std::size_t regions_ = 1, next_ = 0;
};

// One stamped configuration as a DotOperation, so the sweep's timers time it.
class StampedOperation : public DotOperation {
 public:
  using Kernel = void (*)(const float*, const float*, long long, float*, float*, unsigned long long*);
  StampedOperation(std::string name, Mode mode, Kernel kernel, int block, long long tile_elems, long long grid)
      : name_(std::move(name)), mode_(mode), kernel_(kernel), block_(block), tile_elems_(tile_elems), grid_(grid),
        stamps_(grid) {
    if (mode_ == Mode::cluster16 || mode_ == Mode::cluster_async)
      check_cuda(cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel_),
                                      cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
                 "cudaFuncSetAttribute(NonPortableClusterSizeAllowed)");
  }
  void size_stamps(std::size_t launches) { stamps_.size_for(launches); }
  std::vector<unsigned long long> read_stamps(std::size_t region_count) const { return stamps_.read(region_count); }
  void prepare(long long n) override {
    (void)n;
    slots_ = DeviceBuffer<float>(static_cast<std::size_t>(grid_) + 1);
    check_cuda(cudaMemset(slots_.get(), 0xff, (static_cast<std::size_t>(grid_) + 1) * sizeof(float)), "cudaMemset(slots)");
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const float* a = static_cast<const float*>(in.a);
    const float* b = static_cast<const float*>(in.b);
    long long n = in.n;
    float* partials = slots_.get();
    float* result = static_cast<float*>(in.result);
    unsigned long long* stamps = stamps_.next();
    void* args[] = {&a, &b, &n, &partials, &result, &stamps};
    cudaLaunchAttribute attribute{};
    cudaLaunchConfig_t launch{};
    launch.gridDim = dim3(static_cast<unsigned>(grid_));
    launch.blockDim = dim3(block_);
    launch.stream = stream;
    if (mode_ == Mode::pdl || mode_ == Mode::pdl_l2) {
      attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attribute.val.programmaticStreamSerializationAllowed = 1;
      launch.attrs = &attribute;
      launch.numAttrs = 1;
    } else if (mode_ == Mode::cluster16 || mode_ == Mode::cluster_async) {
      attribute.id = cudaLaunchAttributeClusterDimension;
      attribute.val.clusterDim.x = kClusterSize;
      attribute.val.clusterDim.y = 1;
      attribute.val.clusterDim.z = 1;
      launch.attrs = &attribute;
      launch.numAttrs = 1;
    }
    check_cuda(cudaLaunchKernelExC(&launch, reinterpret_cast<const void*>(kernel_), args), "launch stamped_dot");
  }
  long long grid_blocks() const override { return grid_; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  std::string name_;
  Mode mode_;
  Kernel kernel_;
  int block_;
  long long tile_elems_;
  long long grid_;
  DeviceBuffer<float> slots_{1};
  StampRegions stamps_;
};

class EmptyOperation : public DotOperation {
 public:
  explicit EmptyOperation(long long blocks) : grid_(blocks), stamps_(blocks) {}
  void size_stamps(std::size_t launches) { stamps_.size_for(launches); }
  std::vector<unsigned long long> read_stamps(std::size_t region_count) const { return stamps_.read(region_count); }
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t stream) override {
    unsigned long long* stamps = stamps_.next();
    stamped_empty<<<static_cast<unsigned>(grid_), 256, 0, stream>>>(stamps);
    check_cuda(cudaGetLastError(), "launch stamped_empty");
  }
  long long grid_blocks() const override { return grid_; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  long long grid_;
  StampRegions stamps_;
};

// The phases of one launch, ns from its first block's start.
struct Phases {
  double sched = 0, first_loaded = 0, loaded_last = 0, reduce_ns = 0, summed_last = 0, published_last = 0,
         gathered = 0, written = 0, span = 0, load_clock_ns = 0;
  double start_ns = 0, end_ns = 0;  // absolute, for the gap between hot launches
};

Phases phases_of(const unsigned long long* s, long long blocks, double clock_ghz, bool empty) {
  Phases p;
  unsigned long long t0 = ~0ull, last_start = 0, last_loaded = 0, last_summed = 0, last_published = 0, last_exit = 0;
  double first_loaded = 1e300, reduce_sum = 0, load_clock_sum = 0;
  for (long long k = 0; k < blocks; ++k) {
    const unsigned long long* b = s + k * kFields;
    t0 = std::min(t0, b[kStart]);
    last_start = std::max(last_start, b[kStart]);
    last_exit = std::max(last_exit, b[kExit]);
    if (empty) continue;
    last_loaded = std::max(last_loaded, b[kLoaded]);
    last_summed = std::max(last_summed, b[kSummed]);
    if (b[kPublished]) last_published = std::max(last_published, b[kPublished]);
    first_loaded = std::min(first_loaded, static_cast<double>(b[kLoaded]));
    reduce_sum += static_cast<double>(b[kClockSummed] - b[kClockLoaded]) / clock_ghz;
    load_clock_sum += static_cast<double>(b[kClockLoaded] - b[kClockStart]) / clock_ghz;
  }
  const double base = static_cast<double>(t0);
  p.start_ns = base;
  p.end_ns = static_cast<double>(last_exit);
  p.sched = static_cast<double>(last_start) - base;
  p.span = static_cast<double>(last_exit) - base;
  if (empty) return p;
  p.first_loaded = first_loaded - base;
  p.loaded_last = static_cast<double>(last_loaded) - base;
  p.reduce_ns = reduce_sum / static_cast<double>(blocks);
  p.load_clock_ns = load_clock_sum / static_cast<double>(blocks);
  p.summed_last = static_cast<double>(last_summed) - base;
  p.published_last = last_published ? static_cast<double>(last_published) - base : 0;
  const unsigned long long* zero = s;  // block 0 holds gathered and written (rank 0 of cluster 0 too)
  p.gathered = zero[kGathered] ? static_cast<double>(zero[kGathered]) - base : 0;
  p.written = zero[kWritten] ? static_cast<double>(zero[kWritten]) - base : 0;
  return p;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}
double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

struct Accumulated {
  std::vector<double> event_us, gap_ns;
  std::vector<Phases> phases;
  int wrong = 0;
  double worst_rel_err = 0;
};

void print_header() {
  std::printf("protocol,config,mode,n,blocks,samples,event_us,launch_rest_us,span_ns,sched_ns,first_loaded_ns,"
              "loaded_last_ns,load_clock_ns,reduce_ns,summed_last_ns,published_last_ns,gathered_ns,written_ns,"
              "gap_ns,wrong,worst_rel_err\n");
}

void print_row(const char* protocol, const std::string& config, Mode mode, long long n, long long blocks,
               const Accumulated& acc) {
  auto pick = [&](double Phases::*field) {
    std::vector<double> v;
    for (const Phases& p : acc.phases) v.push_back(p.*field);
    return mean(v);
  };
  const double event = median(acc.event_us);
  const double span = pick(&Phases::span);
  std::printf("%s,%s,%s,%lld,%lld,%zu,%.3f,%.3f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%d,%.2e\n",
              protocol, config.c_str(), mode_name(mode), n, blocks, acc.event_us.size(), event,
              event - span / 1000.0, span, pick(&Phases::sched), pick(&Phases::first_loaded),
              pick(&Phases::loaded_last), pick(&Phases::load_clock_ns), pick(&Phases::reduce_ns),
              pick(&Phases::summed_last), pick(&Phases::published_last), pick(&Phases::gathered),
              pick(&Phases::written), median(acc.gap_ns), acc.wrong, acc.worst_rel_err);
  std::fflush(stdout);
  std::fprintf(stderr, "%-5s %-28s %-9s n=%-8lld blocks=%-4lld event %.2f us  span %.0f ns  gap %.0f ns  wrong %d\n",
               protocol, config.c_str(), mode_name(mode), n, blocks, event, span, median(acc.gap_ns), acc.wrong);
}

// Random inputs and their float64 dot, one set per hot slot.
struct InputSets {
  std::vector<DeviceBuffer<float>> a, b;
  DeviceBuffer<float> results{1};
  std::vector<double> expected, scale;  // scale: sum |a_i b_i|, what rounding errors grow with
  std::vector<DotInputs> slots;
};

InputSets make_inputs(long long n, std::size_t copies, std::mt19937& rng) {
  InputSets s;
  s.results = DeviceBuffer<float>(copies);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> ha(static_cast<std::size_t>(n)), hb(static_cast<std::size_t>(n));
  for (std::size_t c = 0; c < copies; ++c) {
    double dot = 0, scale = 0;
    for (long long i = 0; i < n; ++i) {
      ha[i] = u(rng);
      hb[i] = u(rng);
      dot += static_cast<double>(ha[i]) * hb[i];
      scale += std::fabs(static_cast<double>(ha[i]) * hb[i]);
    }
    s.a.emplace_back(static_cast<std::size_t>(n));
    s.b.emplace_back(static_cast<std::size_t>(n));
    check_cuda(cudaMemcpy(s.a.back().get(), ha.data(), n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy(a)");
    check_cuda(cudaMemcpy(s.b.back().get(), hb.data(), n * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy(b)");
    s.expected.push_back(dot);
    s.scale.push_back(scale);
  }
  for (std::size_t c = 0; c < copies; ++c)
    s.slots.push_back(DotInputs{s.a[c].get(), s.b[c].get(), n, ElementType::f32, s.results.get() + c});
  return s;
}

void check_results(const InputSets& in, std::size_t count, Accumulated& acc) {
  std::vector<float> got(count);
  check_cuda(cudaMemcpy(got.data(), in.results.get(), count * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy(results)");
  for (std::size_t c = 0; c < count; ++c) {
    // Relative to sum |a_i b_i|: a dot of random signs can cancel to near 0.
    const double err = std::fabs(got[c] - in.expected[c]) / std::max(1e-30, in.scale[c]);
    acc.worst_rel_err = std::max(acc.worst_rel_err, err);
    if (!(err < 1e-4)) ++acc.wrong;
  }
}

struct Runner {
  DeviceInfo device;
  cudaStream_t stream = nullptr;
  double clock_ghz = 1.98;
  int cold_samples = 200, hot_samples = 30;
  std::mt19937 rng{20261207};

  template <class Op>
  void cold(Op& op, const std::string& config, Mode mode, long long n, bool empty) {
    InputSets in = make_inputs(std::max(1LL, n), 1, rng);
    op.prepare(n);
    op.size_stamps(2);
    ColdTimer timer(device, stream);
    const LaunchGraph graph = timer.prepare(op, in.slots[0]);
    Accumulated acc;
    for (int s = 0; s < cold_samples; ++s) {
      check_cuda(cudaMemset(in.results.get(), 0xff, sizeof(float)), "cudaMemset(result)");
      const TimedSample sample = timer.take_sample(graph);
      acc.event_us.push_back(sample.us);
      if (sample.clock_mhz > 0) clock_ghz = sample.clock_mhz / 1000.0;
      // The graph replays the captured launch, which stamps into region 1.
      const std::vector<unsigned long long> st = op.read_stamps(2);
      acc.phases.push_back(phases_of(st.data() + op.grid_blocks() * kFields, op.grid_blocks(), clock_ghz, empty));
      if (!empty) check_results(in, 1, acc);
    }
    print_row("cold", config, mode, n, op.grid_blocks(), acc);
  }

  template <class Op>
  void hot(Op& op, const std::string& config, Mode mode, long long n, bool empty) {
    const double bytes = 2.0 * static_cast<double>(std::max(1LL, n)) * sizeof(float);
    const std::size_t copies =
        std::min<std::size_t>(1024, std::max<std::size_t>(8, static_cast<std::size_t>(std::ceil(4.0 * device.l2_bytes / bytes))));
    InputSets in = make_inputs(std::max(1LL, n), copies, rng);
    op.prepare(n);
    op.size_stamps(copies + 1);
    HotTimer timer(stream);
    const LaunchGraph graph = timer.prepare(op, in.slots);
    const std::size_t launches = graph.launches();
    Accumulated acc;
    for (int s = 0; s < hot_samples; ++s) {
      check_cuda(cudaMemset(in.results.get(), 0xff, copies * sizeof(float)), "cudaMemset(results)");
      const TimedSample sample = timer.take_sample(graph);
      acc.event_us.push_back(sample.us);
      if (sample.clock_mhz > 0) clock_ghz = sample.clock_mhz / 1000.0;
      // Region 0 is the warm-up run; the graph's launches stamp regions 1..K.
      const std::vector<unsigned long long> st = op.read_stamps(launches + 1);
      std::vector<Phases> ps;
      for (std::size_t k = 1; k <= launches; ++k)
        ps.push_back(phases_of(st.data() + k * op.grid_blocks() * kFields, op.grid_blocks(), clock_ghz, empty));
      // The middle launches: the first and last have no neighbour on one side.
      for (std::size_t k = 1; k + 1 < ps.size(); ++k) {
        acc.phases.push_back(ps[k]);
        acc.gap_ns.push_back(ps[k + 1].start_ns - ps[k].end_ns);
      }
      if (!empty) check_results(in, std::min(copies, launches), acc);
    }
    print_row("hot", config, mode, n, op.grid_blocks(), acc);
  }
};

template <class P, Mode M>
std::unique_ptr<StampedOperation> stamped(const std::string& config, long long n) {
  const long long tile = P::kTile * P::kVec;
  long long grid = P::kSingleBlock ? 1 : std::max(1LL, (n / P::kVec + P::kTile - 1) / P::kTile);
  if (M == Mode::cluster16) grid = (grid + kClusterSize - 1) / kClusterSize * kClusterSize;
  if (M == Mode::cluster_async && grid != kClusterSize)
    throw std::runtime_error("cluster_async takes grids of exactly one cluster");
  return std::make_unique<StampedOperation>(config, M, stamped_dot<P, M>, P::kBlock, tile, grid);
}

template <int Block, int Items, dk::Grid G, dk::Finish F>
using F32 = dk::DotPolicy<float, Block, Items, 4, G, dk::Layout::warp_partials, dk::Reduce::shuffle, F, dk::Hint::plain,
                          dk::Accum::own>;
template <int Block, int Items>
using Gather = F32<Block, Items, dk::Grid::cover, dk::Finish::gather>;
using Single = F32<256, 1, dk::Grid::single, dk::Finish::last_block>;

// Each experiment on its own: one that cannot launch here (a cluster of 16
// too large for a GPC, say) prints why and the others still run.
template <class Body>
void attempt(const std::string& what, Body body) {
  try {
    body();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "launch_anatomy: %s: %s\n", what.c_str(), e.what());
  }
}

template <class P>
void all_modes(Runner& r, const std::string& config, long long n, bool with_cluster) {
  attempt(config + " plain", [&] {
    auto op = stamped<P, Mode::plain>(config, n);
    r.cold(*op, config, Mode::plain, n, false);
    r.hot(*op, config, Mode::plain, n, false);
  });
  attempt(config + " pdl", [&] {
    auto op = stamped<P, Mode::pdl>(config, n);
    r.hot(*op, config, Mode::pdl, n, false);
  });
  attempt(config + " pdl_l2", [&] {
    auto op = stamped<P, Mode::pdl_l2>(config, n);
    r.cold(*op, config, Mode::pdl_l2, n, false);
    r.hot(*op, config, Mode::pdl_l2, n, false);
  });
  if (with_cluster)
    attempt(config + " cluster16", [&] {
      auto op = stamped<P, Mode::cluster16>(config, n);
      r.cold(*op, config, Mode::cluster16, n, false);
      r.hot(*op, config, Mode::cluster16, n, false);
    });
}

// A one-cluster grid: the gather finish, then the st.async finish.
template <class P>
void cluster_pair(Runner& r, const std::string& config, long long n) {
  for (Mode m : {Mode::plain, Mode::cluster_async})
    attempt(config + " " + mode_name(m), [&] {
      auto op = m == Mode::plain ? stamped<P, Mode::plain>(config, n) : stamped<P, Mode::cluster_async>(config, n);
      r.cold(*op, config, m, n, false);
      r.hot(*op, config, m, n, false);
    });
}

}  // namespace

int main(int argc, char** argv) {
  Runner r;
  r.cold_samples = argc > 1 ? std::atoi(argv[1]) : 200;
  r.hot_samples = argc > 2 ? std::atoi(argv[2]) : 30;
  if (r.cold_samples < 5 || r.hot_samples < 3) {
    std::fprintf(stderr, "launch_anatomy: COLD_SAMPLES must be at least 5 and HOT_SAMPLES at least 3\n");
    return 2;
  }
  try {
    r.device = query_device(0);
    check_cuda(cudaStreamCreateWithFlags(&r.stream, cudaStreamNonBlocking), "cudaStreamCreate");
    std::fprintf(stderr, "%s %s\n", r.device.name.c_str(), r.device.uuid.c_str());
    print_header();
    for (long long blocks : {1LL, 132LL, 1024LL}) {
      EmptyOperation op(blocks);
      const std::string config = "empty.b256.g" + std::to_string(blocks);
      r.cold(op, config, Mode::empty, 0, true);
      r.hot(op, config, Mode::empty, 0, true);
    }
    {
      auto op = stamped<Single, Mode::plain>("f32.b256.i1.v4.single", 1);
      r.cold(*op, "f32.b256.i1.v4.single", Mode::plain, 1, false);
      r.hot(*op, "f32.b256.i1.v4.single", Mode::plain, 1, false);
    }
    if (argc > 3 && std::string(argv[3]) == "cluster") {
      // One cluster of 16 blocks against the gather on the same grid.
      cluster_pair<Gather<64, 1>>(r, "f32.b64.i1.v4.cover", 4096);
      cluster_pair<Gather<256, 1>>(r, "f32.b256.i1.v4.cover", 1 << 14);
      cluster_pair<Gather<1024, 1>>(r, "f32.b1024.i1.v4.cover", 1 << 16);
      cluster_pair<Gather<1024, 2>>(r, "f32.b1024.i2.v4.cover", 1 << 17);
      cluster_pair<Gather<256, 4>>(r, "f32.b256.i4.v4.cover", 1 << 16);
      cluster_pair<Gather<512, 4>>(r, "f32.b512.i4.v4.cover", 1 << 17);
      all_modes<Gather<128, 1>>(r, "f32.b128.i1.v4.cover.gather", 1 << 14, false);
      all_modes<Gather<256, 1>>(r, "f32.b256.i1.v4.cover.gather", 1 << 16, false);
      return 0;
    }
    // The default sweep's best candidates (H200, 2026-12-06), then the experiments on them.
    all_modes<Gather<1024, 1>>(r, "f32.b1024.i1.v4.cover.gather", 4096, false);
    all_modes<Gather<128, 1>>(r, "f32.b128.i1.v4.cover.gather", 1 << 14, false);
    all_modes<Gather<256, 1>>(r, "f32.b256.i1.v4.cover.gather", 1 << 16, false);
    all_modes<Gather<1024, 1>>(r, "f32.b1024.i1.v4.cover.gather", 1 << 16, false);
    all_modes<Gather<128, 4>>(r, "f32.b128.i4.v4.cover.gather", 1 << 18, false);
    all_modes<Gather<1024, 4>>(r, "f32.b1024.i4.v4.cover.gather", 1 << 20, false);
    all_modes<Gather<1024, 1>>(r, "f32.b1024.i1.v4.cover.gather", 1 << 20, false);
    cudaStreamDestroy(r.stream);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "launch_anatomy: %s\n", e.what());
    return 1;
  }
  return 0;
}
