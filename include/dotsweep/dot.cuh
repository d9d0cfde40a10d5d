// dotsweep::dot: the tuned dot product inside a CUDA program, header-only,
// compiled by nvcc with the program.
//
//   #include "my_gpu_dot_table.cuh"   // written by `dotsweep export`; includes this file
//   ...
//   float* result;                    // device memory: a double for double inputs, a float otherwise
//   cudaError_t e = dotsweep::dot(a, b, n, result, stream);
//
// Types: float, double, __half, __nv_bfloat16 (f16 and bf16 return a float).
// a and b are device pointers aligned as cudaMalloc aligns them (16 bytes);
// n >= 0 (n = 0 writes 0). The call only enqueues work on `stream`.
//
// Which kernel runs: DotTable<T>::select for the current device's compute
// capability (major x 10 + minor) and n. An exported header specialises
// DotTable for its types; a device it does not name, or a program that
// includes this file alone, runs DefaultKernel<T> (below), which every
// GPU from sm_70 runs (no clusters, no bulk copies).
//
// Workspace: the finishes keep state on the device between launches (the
// partials, a ticket, a running sum, gather slots that every launch leaves
// empty). dot(a, b, n, result, stream) uses one workspace per device,
// allocated on first use and grown (with a device synchronisation) when a
// larger grid needs more; it lives until the process ends. Its launches
// must not overlap on the GPU: issue them on one stream, or order the
// streams. Work that overlaps (several streams, branches of a graph) gives
// each stream its own DotWorkspace and calls
// dot(a, b, n, result, workspace, stream). Growing a workspace allocates and
// synchronises, which a stream capture does not allow: call dot once at the
// largest n before capturing.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <type_traits>

#include "../../kernels/dot_kernel.cuh"

namespace dotsweep {

// The result slot of dot<T>.
template <class T>
using dot_result_t = typename dotsweep_kernels::result_of<T>::type;

// A table entry: the kernel's policy and, for a persistent grid, its k
// (blocks = k x SMs x resident blocks per SM; the policy type does not hold it).
template <class Policy, int PersistentK>
struct TunedKernel {
  using policy = Policy;
  static constexpr int kPersistentK = PersistentK;
};

// The default for a device without an entry: 256 threads, 4 loads of 16
// bytes per thread per tile, a persistent grid of 2 x SMs x resident blocks,
// warp-shuffle block sums and the last-block finish (one launch, no memset,
// deterministic).
template <class T>
using DefaultPolicy =
    dotsweep_kernels::DotPolicy<T, 256, 4, 16 / static_cast<int>(sizeof(T)), dotsweep_kernels::Grid::persistent,
                                dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle,
                                dotsweep_kernels::Finish::last_block, dotsweep_kernels::Hint::plain,
                                dotsweep_kernels::Accum::own>;
template <class T>
using DefaultKernel = TunedKernel<DefaultPolicy<T>, 2>;
inline constexpr const char* kDefaultVariant = "default (b256.i4.v16B.p2.warp.shfl.last.plain.own)";

// The table an exported header specialises. select calls
// launch(TunedKernel<...>{}, variant_id) for the entry of (cc, n) and
// returns what launch returns; reported_us is the report's median of that
// entry at a measured n (0 elsewhere).
template <class T>
struct DotTable {
  template <class Launch>
  static auto select(int, long long, Launch&& launch) {
    return launch(DefaultKernel<T>{}, kDefaultVariant);
  }
  static double reported_us(int, long long) { return 0; }
};

// Device memory one stream's dot launches share (see the top of this file).
class DotWorkspace {
 public:
  DotWorkspace() = default;
  DotWorkspace(const DotWorkspace&) = delete;
  DotWorkspace& operator=(const DotWorkspace&) = delete;
  ~DotWorkspace() {
    if (device_ < 0) return;
    int current = -1;
    cudaGetDevice(&current);
    cudaSetDevice(device_);
    cudaFree(partials_);
    cudaFree(slots_);
    cudaFree(ticket_);
    cudaFree(sum_);
    cudaSetDevice(current);
  }

  // Room for a grid of `blocks` on the current device: allocates on first
  // use (ticket and sum zeroed), grows the partials and the gather slots (all
  // ones, which the gather finish reads as empty) when a grid is larger.
  cudaError_t reserve(long long blocks) {
    int device = -1;
    cudaError_t e = cudaGetDevice(&device);
    if (e != cudaSuccess) return e;
    if (device_ >= 0 && device != device_) return cudaErrorInvalidDevice;  // a workspace serves one device
    if (device_ < 0) {
      if ((e = cudaMalloc(&ticket_, sizeof(unsigned int))) != cudaSuccess) return e;
      if ((e = cudaMalloc(&sum_, sizeof(double))) != cudaSuccess) return e;
      if ((e = cudaMemset(ticket_, 0, sizeof(unsigned int))) != cudaSuccess) return e;
      if ((e = cudaMemset(sum_, 0, sizeof(double))) != cudaSuccess) return e;
      device_ = device;
      // cudaMemset runs on the legacy stream, which a non-blocking stream
      // does not wait for.
      if ((e = cudaStreamSynchronize(cudaStreamLegacy)) != cudaSuccess) return e;
    }
    if (blocks <= capacity_) return cudaSuccess;
    const long long capacity = blocks > 2 * capacity_ ? blocks : 2 * capacity_;
    // cudaFree waits for the device, so no launch still reads the old buffers.
    if ((e = cudaFree(partials_)) != cudaSuccess) return e;
    if ((e = cudaFree(slots_)) != cudaSuccess) return e;
    partials_ = slots_ = nullptr;
    capacity_ = 0;
    const std::size_t bytes = static_cast<std::size_t>(capacity) * sizeof(double);  // the widest Acc
    if ((e = cudaMalloc(&partials_, bytes)) != cudaSuccess) return e;
    if ((e = cudaMalloc(&slots_, bytes)) != cudaSuccess) return e;
    if ((e = cudaMemset(slots_, 0xff, bytes)) != cudaSuccess) return e;
    if ((e = cudaStreamSynchronize(cudaStreamLegacy)) != cudaSuccess) return e;
    capacity_ = capacity;
    return cudaSuccess;
  }

  void* partials() const { return partials_; }   // two_pass, last_block: one Acc per block
  void* slots() const { return slots_; }         // gather, cluster: one word per block, empty between launches
  unsigned int* ticket() const { return ticket_; }  // last_block, atomic_ticket: 0 between launches
  void* sum() const { return sum_; }             // atomic_ticket: the running sum, 0 between launches

 private:
  int device_ = -1;
  long long capacity_ = 0;  // blocks
  void* partials_ = nullptr;
  void* slots_ = nullptr;
  unsigned int* ticket_ = nullptr;
  void* sum_ = nullptr;
};

namespace detail {

inline constexpr int kMaxDevices = 64;

struct DeviceFacts {
  int cc = 0;   // major x 10 + minor
  int sms = 0;
};

// Read once per device; racing first calls store the same values.
inline cudaError_t device_facts(int device, DeviceFacts& facts) {
  static std::atomic<int> cc[kMaxDevices], sms[kMaxDevices];
  if (device < 0 || device >= kMaxDevices) return cudaErrorInvalidDevice;
  if (cc[device].load() == 0) {
    int major = 0, minor = 0, count = 0;
    cudaError_t e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
    if (e == cudaSuccess) e = cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    sms[device].store(count);
    cc[device].store(major * 10 + minor);
  }
  facts.cc = cc[device].load();
  facts.sms = sms[device].load();
  return cudaSuccess;
}

// The policy's resident blocks per SM on `device`, after opting the kernel in
// to the bulk ring's shared memory there (read once per device).
template <class P>
cudaError_t resident_blocks(int device, int& blocks) {
  static std::atomic<int> cache[kMaxDevices];
  if (device < 0 || device >= kMaxDevices) return cudaErrorInvalidDevice;
  if (cache[device].load() == 0) {
    const int smem = P::kBulk ? dotsweep_kernels::bulk_ring_bytes(P::kBlock, P::kItems) : 0;
    cudaError_t e = cudaSuccess;
    if (smem > 0)
      e = cudaFuncSetAttribute(dotsweep_kernels::dot_kernel<P>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    // The cluster finish's clusters of 16 are above the portable size.
    if (e == cudaSuccess && P::kFinish == dotsweep_kernels::Finish::cluster)
      e = cudaFuncSetAttribute(dotsweep_kernels::dot_kernel<P>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    int resident = 0;
    if (e == cudaSuccess)
      e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, dotsweep_kernels::dot_kernel<P>, P::kBlock, smem);
    if (e != cudaSuccess) return e;
    if (resident < 1) return cudaErrorInvalidConfiguration;
    cache[device].store(resident);
  }
  blocks = cache[device].load();
  return cudaSuccess;
}

// The grid the sweep launches the variant with (kernels/launch_constants.h,
// the one definition both use): k x SMs x resident blocks bound a persistent grid.
template <class P, int PersistentK>
long long grid_blocks(long long n, int sms, int resident) {
  namespace dk = dotsweep_kernels;
  return dk::grid_blocks(P::kGrid, P::kFinish, dk::grid_tiles(n, P::kBlock, P::kItems, P::kVec, P::kBulk),
                         static_cast<long long>(PersistentK) * sms * resident);
}

template <class Kernel, class T>
cudaError_t launch_tuned(const T* a, const T* b, long long n, dot_result_t<T>* result, DotWorkspace& workspace,
                         cudaStream_t stream, int device, int sms) {
  using P = typename Kernel::policy;
  using Acc = typename P::Acc;
  namespace dk = dotsweep_kernels;
  static_assert(std::is_same<typename P::Element, T>::value, "the table's policy is for another element type");
  const std::uintptr_t align = alignof(typename P::Vector);  // one vector load (the bulk ring's 16-byte chunk)
  if (reinterpret_cast<std::uintptr_t>(a) % align != 0 || reinterpret_cast<std::uintptr_t>(b) % align != 0)
    return cudaErrorMisalignedAddress;
  int resident = 0;
  cudaError_t e = resident_blocks<P>(device, resident);
  if (e != cudaSuccess) return e;
  const long long blocks = grid_blocks<P, Kernel::kPersistentK>(n, sms, resident);
  if (blocks > INT_MAX) return cudaErrorInvalidValue;
  if ((e = workspace.reserve(blocks)) != cudaSuccess) return e;
  const bool gathers = P::kFinish == dk::Finish::gather || P::kFinish == dk::Finish::cluster;
  Acc* partials = static_cast<Acc*>(P::kFinish == dk::Finish::atomic_ticket ? workspace.sum()
                                    : gathers                               ? workspace.slots()
                                                                            : workspace.partials());
  unsigned int* ticket = workspace.ticket();
  const int smem = P::kBulk ? dk::bulk_ring_bytes(P::kBlock, P::kItems) : 0;
  // The atomic finish adds every block's total into the result: it starts at 0.
  if (P::kFinish == dk::Finish::atomic && (e = cudaMemsetAsync(result, 0, sizeof(*result), stream)) != cudaSuccess)
    return e;
  if constexpr (P::kFinish == dk::Finish::cluster || dk::launches_as_dependent(P::kHint)) {
    // Clusters for the cluster finish; for hints pdl and pdl_l2, a launch that
    // may start before the stream's previous kernel ends (the kernel waits for it).
    cudaLaunchAttribute attributes[2] = {};
    unsigned int count = 0;
    if (P::kFinish == dk::Finish::cluster) {
      attributes[count].id = cudaLaunchAttributeClusterDimension;
      attributes[count].val.clusterDim.x = dk::kClusterBlocks;
      attributes[count].val.clusterDim.y = 1;
      attributes[count].val.clusterDim.z = 1;
      ++count;
    }
    if (dk::launches_as_dependent(P::kHint)) {
      attributes[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attributes[count].val.programmaticStreamSerializationAllowed = 1;
      ++count;
    }
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(static_cast<unsigned>(blocks));
    config.blockDim = dim3(P::kBlock);
    config.dynamicSmemBytes = static_cast<std::size_t>(smem);
    config.stream = stream;
    config.attrs = attributes;
    config.numAttrs = count;
    e = cudaLaunchKernelEx(&config, dk::dot_kernel<P>, a, b, n, partials, ticket, result);
  } else {
    dk::dot_kernel<P><<<static_cast<unsigned>(blocks), P::kBlock, static_cast<std::size_t>(smem), stream>>>(
        a, b, n, partials, ticket, result);
    e = cudaGetLastError();
  }
  if constexpr (P::kFinish == dk::Finish::two_pass) {
    if (e != cudaSuccess) return e;
    dk::finish_partials<P><<<1, dk::kFinishBlock, 0, stream>>>(partials, blocks, result);
    e = cudaGetLastError();
  }
  return e;
}

template <class T>
constexpr bool is_dot_type() {
  return std::is_same<T, float>::value || std::is_same<T, double>::value || std::is_same<T, __half>::value ||
         std::is_same<T, __nv_bfloat16>::value;
}

struct DefaultWorkspace {
  std::mutex mutex;  // host threads take turns reserving and enqueueing
  DotWorkspace space;
};
// Never freed: the CUDA runtime may be torn down before static destructors run.
inline DefaultWorkspace& default_workspace(int device) {
  static std::atomic<DefaultWorkspace*> spaces[kMaxDevices];
  static std::mutex mutex;
  DefaultWorkspace* w = spaces[device].load();
  if (!w) {
    std::lock_guard<std::mutex> lock(mutex);
    w = spaces[device].load();
    if (!w) spaces[device].store(w = new DefaultWorkspace());
  }
  return *w;
}

}  // namespace detail

// result (device memory) = sum of a[i] * b[i], i < n, with the kernel the
// table names for this device and n, using `workspace`.
template <class T>
cudaError_t dot(const T* a, const T* b, long long n, dot_result_t<T>* result, DotWorkspace& workspace,
                cudaStream_t stream = 0) {
  static_assert(detail::is_dot_type<T>(), "dotsweep::dot takes float, double, __half or __nv_bfloat16");
  if (n < 0 || !result || !a || !b) return cudaErrorInvalidValue;
  int device = -1;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess) return e;
  detail::DeviceFacts facts;
  if ((e = detail::device_facts(device, facts)) != cudaSuccess) return e;
  return DotTable<T>::select(facts.cc, n, [&](auto kernel, const char*) {
    return detail::launch_tuned<decltype(kernel)>(a, b, n, result, workspace, stream, device, facts.sms);
  });
}

// The same with the current device's own workspace (see the top of this file).
template <class T>
cudaError_t dot(const T* a, const T* b, long long n, dot_result_t<T>* result, cudaStream_t stream = 0) {
  int device = -1;
  cudaError_t e = cudaGetDevice(&device);
  if (e != cudaSuccess) return e;
  if (device < 0 || device >= detail::kMaxDevices) return cudaErrorInvalidDevice;
  detail::DefaultWorkspace& w = detail::default_workspace(device);
  std::lock_guard<std::mutex> lock(w.mutex);
  return dot(a, b, n, result, w.space, stream);
}

// The variant id dot<T> runs at n on the current device (kDefaultVariant
// when the table has no entry for it), and the report's median of that
// variant at n when n was measured (0 otherwise); nullptr / -1 on a CUDA error.
template <class T>
const char* tuned_variant(long long n) {
  int device = -1;
  detail::DeviceFacts facts;
  if (cudaGetDevice(&device) != cudaSuccess || detail::device_facts(device, facts) != cudaSuccess) return nullptr;
  return DotTable<T>::select(facts.cc, n, [](auto, const char* id) { return id; });
}
template <class T>
double reported_us(long long n) {
  int device = -1;
  detail::DeviceFacts facts;
  if (cudaGetDevice(&device) != cudaSuccess || detail::device_facts(device, facts) != cudaSuccess) return -1;
  return DotTable<T>::reported_us(facts.cc, n);
}

}  // namespace dotsweep
