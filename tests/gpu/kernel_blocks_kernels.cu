#include "kernel_blocks_kernels.hpp"

#include <cstdint>
#include <cstring>
#include <random>

#include "accumulate.cuh"
#include "block_reduce.cuh"
#include "bulk_ring.cuh"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"
#include "load.cuh"

namespace dotsweep::test {

namespace {

namespace dk = dotsweep_kernels;
using dk::Accum;
using dk::Hint;
using dk::Layout;
using dk::Reduce;

const char* name_of(Layout l) {
  static const char* const names[] = {"interleaved_divergent", "interleaved_strided", "sequential",
                                      "padded", "warp_partials", "library"};
  return names[static_cast<int>(l)];
}
const char* name_of(Reduce r) {
  static const char* const names[] = {"tree", "tree_warp_tail", "shuffle", "cg_reduce", "cub_warp_reductions",
                                      "cub_raking", "cub_raking_commutative"};
  return names[static_cast<int>(r)];
}
const char* name_of(Hint h) {
  static const char* const names[] = {"plain", "nc", "no_allocate", "streaming", "l2_prefetch"};
  return names[static_cast<int>(h)];
}
template <typename T> const char* type_name();
template <> const char* type_name<float>() { return "float"; }
template <> const char* type_name<double>() { return "double"; }
template <> const char* type_name<__half>() { return "f16"; }
template <> const char* type_name<__nv_bfloat16>() { return "bf16"; }

// ---- block_sum ----------------------------------------------------------

constexpr int kSumBlocks = 3;

template <typename Acc, int Block> __device__ Acc distinct_value() {
  return Acc(threadIdx.x + 1 + blockIdx.x * Block);
}

template <typename Acc, int Block, Layout L, Reduce R>
__global__ void __launch_bounds__(Block) block_sum_kernel(Acc* out) {
  const Acc total = dk::block_sum<Acc, Block, L, R>::run(distinct_value<Acc, Block>());
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// The mutant: sequential addressing whose loop stops at active == 2, so
// shared[1] is never added into shared[0].
template <typename Acc, int Block> __global__ void __launch_bounds__(Block) tree_skipping_last_step(Acc* out) {
  __shared__ Acc shared[Block];
  const int t = threadIdx.x;
  shared[t] = distinct_value<Acc, Block>();
  __syncthreads();
  for (int active = Block / 2; active > 1; active /= 2) {
    if (t < active) shared[t] += shared[t + active];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = shared[0];
}

// block_sum run twice by one block, as the gather finish does above its
// switch point: the block reduction's reuse contract (block_reduce.cuh)
// wants a __syncthreads() between the two calls. Without it the second
// call's warp_partials writes race warp 0's reads in the first; the sums
// are usually right anyway, which is why only racecheck can see it.
template <bool Barrier> __global__ void __launch_bounds__(256) block_sum_reused(float* out) {
  using Sum = dk::block_sum<float, 256, Layout::warp_partials, Reduce::shuffle>;
  const float v = distinct_value<float, 256>();
  const float first = Sum::run(v);
  if (Barrier) __syncthreads();
  const float second = Sum::run(2 * v);
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = first;
    out[2 * blockIdx.x + 1] = second;
  }
}

template <typename Acc, int Block>
void run_sum_kernel(void (*kernel)(Acc*), const std::string& name, std::vector<ExactCheck>& checks) {
  DeviceBuffer<Acc> out(kSumBlocks);
  kernel<<<kSumBlocks, Block>>>(out.get());
  check_cuda(cudaGetLastError(), "block_sum launch");
  Acc host[kSumBlocks];
  check_cuda(cudaMemcpy(host, out.get(), sizeof(host), cudaMemcpyDeviceToHost), "cudaMemcpy");
  for (int b = 0; b < kSumBlocks; ++b) {
    const double expected = double(Block) * (Block + 1) / 2 + double(b) * Block * Block;
    checks.push_back({name + " block " + std::to_string(b), double(host[b]), expected});
  }
}

template <typename Acc, Layout L, Reduce R, int... Blocks> void run_blocks(std::vector<ExactCheck>& checks) {
  (run_sum_kernel<Acc, Blocks>(block_sum_kernel<Acc, Blocks, L, R>,
                               std::string("block_sum<") + type_name<Acc>() + ", " + std::to_string(Blocks) + ", " +
                                   name_of(L) + ", " + name_of(R) + ">",
                               checks),
   ...);
}

template <typename Acc> void run_every_block_sum_of(std::vector<ExactCheck>& checks) {
  run_blocks<Acc, Layout::interleaved_divergent, Reduce::tree, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::interleaved_strided, Reduce::tree, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::sequential, Reduce::tree, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::padded, Reduce::tree, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::interleaved_strided, Reduce::tree_warp_tail, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::sequential, Reduce::tree_warp_tail, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::padded, Reduce::tree_warp_tail, 32, 64, 128, 1024>(checks);
  run_blocks<Acc, Layout::warp_partials, Reduce::shuffle, 32, 96, 256, 1024>(checks);
  run_blocks<Acc, Layout::warp_partials, Reduce::cg_reduce, 32, 96, 256, 1024>(checks);
  run_blocks<Acc, Layout::library, Reduce::cub_warp_reductions, 32, 96, 256, 1024>(checks);
  run_blocks<Acc, Layout::library, Reduce::cub_raking, 32, 96, 256, 1024>(checks);
  run_blocks<Acc, Layout::library, Reduce::cub_raking_commutative, 32, 96, 256, 1024>(checks);
}

// ---- accumulators ---------------------------------------------------------

constexpr int kAdversarialCount = 1 << 20;

// One thread, in index order, through the vector add.
template <typename T, Accum A, int Vec>
__global__ void sum_in_one_thread(const T* a, const T* b, int count, double* out) {
  using V = typename dk::vector_of<T, Vec>::type;
  dk::accumulator<T, A> acc;
  const V* av = reinterpret_cast<const V*>(a);
  const V* bv = reinterpret_cast<const V*>(b);
  for (int i = 0; i < count / Vec; ++i) acc.add(av[i], bv[i]);
  *out = double(acc.value());
}

template <typename T, Accum A, int Vec> double sum_in_one_thread_on_gpu(const DeviceBuffer<T>& a, const DeviceBuffer<T>& b) {
  DeviceBuffer<double> out(1);
  sum_in_one_thread<T, A, Vec><<<1, 1>>>(a.get(), b.get(), kAdversarialCount, out.get());
  check_cuda(cudaGetLastError(), "accumulator launch");
  double host = 0;
  check_cuda(cudaMemcpy(&host, out.get(), sizeof(host), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}

template <typename T, int Vec> AdversarialSum adversarial_sum() {
  std::vector<T> host(kAdversarialCount, T(0x1p-12f));
  host[0] = T(1.0f);
  host[1] = T(0.0f);
  DeviceBuffer<T> a(host.size());
  check_cuda(cudaMemcpy(a.get(), host.data(), a.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
  AdversarialSum s;
  s.name = std::string(type_name<T>()) + " vec " + std::to_string(Vec);
  s.exact = 1.0 + double(kAdversarialCount - 2) * 0x1p-24;
  s.own = sum_in_one_thread_on_gpu<T, Accum::own, Vec>(a, a);
  s.f64 = sum_in_one_thread_on_gpu<T, Accum::f64, Vec>(a, a);
  if constexpr (sizeof(T) <= 4) s.kahan = sum_in_one_thread_on_gpu<T, Accum::kahan, Vec>(a, a);
  else s.has_kahan = false;
  return s;
}

// ---- loads ------------------------------------------------------------------

template <typename T, int Vec, Hint H>
__global__ void copy_through_load(const typename dk::vector_of<T, Vec>::type* in,
                                  typename dk::vector_of<T, Vec>::type* out, int count) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  if constexpr (H == Hint::l2_prefetch) {
    __trap();  // ld.global.L2::256B needs sm_80; run_every_load leaves it out below
    return;
  } else
#endif
  {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
      out[i] = dk::load<H>(in + i);
  }
}

template <typename T, int Vec, Hint H> LoadCheck load_check(const std::vector<unsigned char>& bytes) {
  using V = typename dk::vector_of<T, Vec>::type;
  const int count = static_cast<int>(bytes.size() / sizeof(V));
  DeviceBuffer<V> in(count), out(count);
  check_cuda(cudaMemcpy(in.get(), bytes.data(), in.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
  check_cuda(cudaMemset(out.get(), 0, out.bytes()), "cudaMemset");
  copy_through_load<T, Vec, H><<<7, 128>>>(in.get(), out.get(), count);
  check_cuda(cudaGetLastError(), "load launch");
  std::vector<unsigned char> back(out.bytes());
  check_cuda(cudaMemcpy(back.data(), out.get(), out.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return {std::string("load<") + name_of(H) + ">(vec<" + type_name<T>() + ", " + std::to_string(Vec) + ">)",
          std::memcmp(back.data(), bytes.data(), back.size()) == 0};
}

template <typename T, int... Widths>
void load_checks_of(const std::vector<unsigned char>& bytes, bool l2_prefetch, std::vector<LoadCheck>& out) {
  ((out.push_back(load_check<T, Widths, Hint::plain>(bytes)), out.push_back(load_check<T, Widths, Hint::nc>(bytes)),
    out.push_back(load_check<T, Widths, Hint::no_allocate>(bytes)),
    out.push_back(load_check<T, Widths, Hint::streaming>(bytes)),
    l2_prefetch ? out.push_back(load_check<T, Widths, Hint::l2_prefetch>(bytes)) : void()),
   ...);
}

// ---- bulk ring ----------------------------------------------------------------

template <typename T, Accum A, int Block, int Stages, int TileElems>
__global__ void __launch_bounds__(Block) ring_dot(const T* a, const T* b, long long n, double* out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  __trap();  // cp.async.bulk needs sm_90; run_bulk_ring_dots runs none below
#else
  const auto acc = dk::bulk_ring_partial<T, dk::accumulator<T, A>, Block, Stages, TileElems>(a, b, n);
  const double total =
      dk::block_sum<double, Block, Layout::warp_partials, Reduce::shuffle>::run(static_cast<double>(acc.value()));
  if (threadIdx.x == 0) atomicAdd(out, total);
#endif
}

// Small integers whose every partial sum is exact in f16/bf16 -> f32.
long long a_value(long long i) { return i % 7 - 3; }
long long b_value(long long i) { return i % 5 - 2; }

template <typename T, Accum A, int Block, int Stages, int TileElems>
void ring_dots(int grid, const char* accum, int shared_optin_bytes, std::vector<ExactCheck>& checks) {
  constexpr long long sizes[] = {1, 31, 4097, (1 << 20) + 3};
  constexpr int shared = dk::bulk_ring_shared_bytes<T, Stages, TileElems>();
  if (shared > shared_optin_bytes) return;  // a ring this device cannot hold (the planner rejects it too)
  const auto kernel = ring_dot<T, A, Block, Stages, TileElems>;
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared), "cudaFuncSetAttribute");
  for (const long long n : sizes) {
    std::vector<T> ha(n + 1), hb(n + 1);
    for (long long i = 0; i < n + 1; ++i) {
      ha[i] = T(float(a_value(i)));
      hb[i] = T(float(b_value(i)));
    }
    DeviceBuffer<T> a(n + 1), b(n + 1);
    check_cuda(cudaMemcpy(a.get(), ha.data(), a.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
    check_cuda(cudaMemcpy(b.get(), hb.data(), b.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
    for (const int offset : {0, 1}) {  // 1: both inputs misaligned -> plain-load fallback
      const long long count = n;
      long long exact = 0;
      for (long long i = offset; i < offset + count; ++i) exact += a_value(i) * b_value(i);
      DeviceBuffer<double> out(1);
      check_cuda(cudaMemset(out.get(), 0, sizeof(double)), "cudaMemset");
      kernel<<<grid, Block, shared>>>(a.get() + offset, b.get() + offset, count, out.get());
      check_cuda(cudaGetLastError(), "ring_dot launch");
      double got = 0;
      check_cuda(cudaMemcpy(&got, out.get(), sizeof(double), cudaMemcpyDeviceToHost), "cudaMemcpy");
      checks.push_back({std::string("bulk_ring<") + type_name<T>() + ", " + accum + ", Block " + std::to_string(Block) +
                            ", Stages " + std::to_string(Stages) + ", Tile " + std::to_string(TileElems) + "> grid " +
                            std::to_string(grid) + " n " + std::to_string(count) + (offset ? " misaligned" : ""),
                        got, double(exact)});
    }
  }
}

}  // namespace

std::vector<ExactCheck> run_every_block_sum() {
  std::vector<ExactCheck> checks;
  run_every_block_sum_of<float>(checks);
  run_every_block_sum_of<double>(checks);
  check_cuda(cudaDeviceSynchronize(), "block_sum kernels");
  return checks;
}

std::vector<ExactCheck> run_tree_skipping_last_step() {
  std::vector<ExactCheck> checks;
  run_sum_kernel<float, 256>(tree_skipping_last_step<float, 256>, "tree skipping its last step, 256", checks);
  run_sum_kernel<double, 64>(tree_skipping_last_step<double, 64>, "tree skipping its last step, 64", checks);
  return checks;
}

std::vector<ExactCheck> run_block_sum_reused(bool barrier) {
  DeviceBuffer<float> out(2 * kSumBlocks);
  if (barrier) block_sum_reused<true><<<kSumBlocks, 256>>>(out.get());
  else block_sum_reused<false><<<kSumBlocks, 256>>>(out.get());
  check_cuda(cudaGetLastError(), "block_sum_reused launch");
  float host[2 * kSumBlocks];
  check_cuda(cudaMemcpy(host, out.get(), sizeof(host), cudaMemcpyDeviceToHost), "cudaMemcpy");
  std::vector<ExactCheck> checks;
  for (int b = 0; b < kSumBlocks; ++b) {
    const double expected = 256.0 * 257 / 2 + double(b) * 256 * 256;
    const std::string block = "block " + std::to_string(b);
    checks.push_back({block + " first call", host[2 * b], expected});
    checks.push_back({block + " second call", host[2 * b + 1], 2 * expected});
  }
  return checks;
}

std::vector<AdversarialSum> run_adversarial_sums() {
  return {adversarial_sum<float, 1>(),  adversarial_sum<float, 4>(),         adversarial_sum<__half, 1>(),
          adversarial_sum<__half, 8>(), adversarial_sum<__nv_bfloat16, 8>(), adversarial_sum<double, 2>()};
}

std::vector<LoadCheck> run_every_load(int arch) {
  const bool l2_prefetch = arch >= 80;
  std::vector<unsigned char> bytes(4096 * 32);  // every bit pattern goes through, NaNs included
  std::mt19937 random(5);
  for (auto& byte : bytes) byte = static_cast<unsigned char>(random());
  std::vector<LoadCheck> out;
  load_checks_of<float, 1, 2, 4>(bytes, l2_prefetch, out);
  load_checks_of<double, 1, 2, 4>(bytes, l2_prefetch, out);
  load_checks_of<__half, 1, 2, 4, 8>(bytes, l2_prefetch, out);
  load_checks_of<__nv_bfloat16, 1, 2, 4, 8>(bytes, l2_prefetch, out);
  return out;
}

std::vector<ExactCheck> run_bulk_ring_dots(int shared_optin_bytes) {
  std::vector<ExactCheck> checks;
  ring_dots<float, Accum::own, 256, 4, 1024>(8, "own", shared_optin_bytes, checks);
  ring_dots<float, Accum::kahan, 128, 2, 64>(40, "kahan", shared_optin_bytes, checks);
  ring_dots<float, Accum::own, 1024, 4, 4096>(132, "own", shared_optin_bytes, checks);   // 128 KiB ring: the opt-in path
  ring_dots<double, Accum::own, 256, 3, 4096>(4, "own", shared_optin_bytes, checks);     // 192 KiB ring
  ring_dots<__half, Accum::own, 512, 4, 2048>(132, "own", shared_optin_bytes, checks);
  ring_dots<__nv_bfloat16, Accum::f64, 256, 2, 1024>(3, "f64", shared_optin_bytes, checks);
  ring_dots<__nv_bfloat16, Accum::kahan, 64, 1, 8>(5, "kahan", shared_optin_bytes, checks);  // one stage, 16-byte tiles
  check_cuda(cudaDeviceSynchronize(), "ring kernels");
  return checks;
}

}  // namespace dotsweep::test
