// The Hopper load path: a ring of Stages shared-memory tiles filled by the
// bulk copy engine (cp.async.bulk, the non-tensor TMA), one mbarrier per
// stage, consumers reading shared memory. sm_90 and newer only.
//
// INTERFACE (clarifies the contract):
// - Acc is an accumulator type from accumulate.cuh (accumulator<T, A>), so
//   every accumulator works on this path too; bulk_ring_partial returns it and
//   the caller takes .value() for the block sum.
// - The launch must give bulk_ring_shared_bytes<T, Stages, TileElems>() bytes
//   of dynamic shared memory (above 48 KiB: raise
//   cudaFuncAttributeMaxDynamicSharedMemorySize first), use blockDim.x ==
//   Block, and every thread of the block must call bulk_ring_partial (it
//   contains __syncthreads()). The ring owns the dynamic shared memory.
// - Tiles: tile j covers elements [j*TileElems, (j+1)*TileElems) of both
//   inputs; block b takes tiles b, b + gridDim.x, ... (grid-stride).
// - a and b must be 16-byte aligned for the bulk path (cudaMalloc gives 256);
//   if either is not, the block sums the same tiles with plain loads instead,
//   so the result stays correct (and the caller should not time that case as
//   the bulk ring).
//
// Pipeline: one elected thread (thread 0) arms stage k's barrier with the
// byte count it expects (mbarrier.arrive.expect_tx) and issues two bulk
// copies (a-tile and b-tile) that complete_tx on it. Every thread waits on
// the barrier's phase parity (mbarrier.try_wait.parity), sums the tile out of
// shared memory, then the block synchronises and thread 0 refills that stage
// with the tile Stages ahead. Stage s's u-th use waits for parity u & 1: the
// phase bit flips each time the stage completes.
//
// Tail: bulk copies need 16-byte multiples of size. A tile's bytes are
// copied up to the last whole 16-byte chunk; the < 16 bytes after it (only
// in the last tile, when n * sizeof(T) is not a multiple of 16) are read
// straight from global memory by the consumers.
#pragma once

#include "accumulate.cuh"
#include "load.cuh"

namespace dotsweep_kernels {

namespace detail {
constexpr int kBulkAlign = 16;   // cp.async.bulk: size and addresses
constexpr int kRingAlign = 128;  // start of the tiles in shared memory
template <typename T, int TileElems> __host__ __device__ constexpr int tile_bytes() { return TileElems * (int)sizeof(T); }
}  // namespace detail

// Tiles of a and b for every stage, then one 8-byte mbarrier per stage, plus
// slack to align the start of the dynamic shared memory to 128 bytes.
template <typename T, int Stages, int TileElems> __host__ __device__ constexpr int bulk_ring_shared_bytes() {
  return detail::kRingAlign + Stages * 2 * detail::tile_bytes<T, TileElems>() + Stages * 8;
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
namespace detail {

__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void barrier_init(unsigned bar, unsigned arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(arrivals) : "memory");
}

// Makes the initialised barriers visible to the async proxy (the copy engine).
__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// Orders this thread's earlier generic-proxy accesses to shared memory
// (other threads' reads of a stage, published by __syncthreads) before the
// async-proxy writes of the next bulk copy into the same stage.
__device__ __forceinline__ void fence_proxy_async_shared() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

__device__ __forceinline__ void arrive_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}

// A plain arrival, for a tile with no whole 16-byte chunk (no bytes to expect).
__device__ __forceinline__ void arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}

__device__ __forceinline__ void bulk_copy_to_shared(unsigned dst, const void* src, unsigned bytes, unsigned bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(dst),
               "l"(src), "r"(bytes), "r"(bar)
               : "memory");
}

__device__ __forceinline__ void wait_parity(unsigned bar, unsigned parity) {
  unsigned done = 0;
  do {
    asm volatile(
        "{\n"
        ".reg .pred complete;\n"
        "mbarrier.try_wait.parity.shared::cta.b64 complete, [%1], %2;\n"
        "selp.u32 %0, 1, 0, complete;\n"
        "}"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (!done);
}

// Elements of tile j (the last one may be short) and the part of them the
// bulk copy moves (whole 16-byte chunks).
template <typename T, int TileElems> struct tile_extent {
  long long first;
  int elems, bulk_elems;
  __device__ __forceinline__ tile_extent(long long j, long long n) {
    first = j * TileElems;
    const long long left = n - first;
    elems = left < TileElems ? (int)left : TileElems;
    constexpr int chunk = kBulkAlign / (int)sizeof(T);
    bulk_elems = elems / chunk * chunk;
  }
};

template <typename T, int Stages, int TileElems> struct ring {
  T* tiles;        // stage s: a at tiles + 2*s*TileElems, b right after
  unsigned bars;   // shared address of barrier 0; barrier s at bars + 8*s

  __device__ __forceinline__ T* a_tile(int s) const { return tiles + 2 * s * TileElems; }
  __device__ __forceinline__ T* b_tile(int s) const { return tiles + (2 * s + 1) * TileElems; }

  // Thread 0 only: arm stage s for tile j and start its copies. A tile with
  // no whole chunk still arrives, so its phase completes.
  __device__ __forceinline__ void issue(int s, long long j, const T* a, const T* b, long long n) const {
    const tile_extent<T, TileElems> e(j, n);
    const unsigned bytes = (unsigned)e.bulk_elems * (unsigned)sizeof(T);
    const unsigned bar = bars + 8u * (unsigned)s;
    if (bytes == 0) {
      arrive(bar);
      return;
    }
    arrive_expect_tx(bar, 2u * bytes);
    bulk_copy_to_shared(shared_address(a_tile(s)), a + e.first, bytes, bar);
    bulk_copy_to_shared(shared_address(b_tile(s)), b + e.first, bytes, bar);
  }
};

// The block's tiles with plain loads: the fallback for misaligned inputs.
template <typename T, typename Acc, int Block, int TileElems>
__device__ __forceinline__ Acc plain_partial(const T* a, const T* b, long long n) {
  Acc acc;
  const long long step = (long long)gridDim.x * TileElems;
  for (long long first = (long long)blockIdx.x * TileElems; first < n; first += step) {
    const long long end = first + TileElems < n ? first + TileElems : n;
    for (long long i = first + threadIdx.x; i < end; i += Block) acc.add(a[i], b[i]);
  }
  return acc;
}

}  // namespace detail

template <typename T, typename Acc, int Block, int Stages, int TileElems>
__device__ Acc bulk_ring_partial(const T* a, const T* b, long long n) {
  constexpr int chunk = detail::kBulkAlign / (int)sizeof(T);  // elements per 16 bytes
  static_assert(Stages >= 1, "bulk_ring: at least one stage");
  static_assert(TileElems % chunk == 0, "bulk_ring: a tile must be a multiple of 16 bytes (bulk copy sizes)");
  static_assert(bulk_ring_shared_bytes<T, Stages, TileElems>() <= 227 * 1024,
                "bulk_ring: the ring exceeds sm_90's 227 KiB of shared memory per block");
  using V = typename vector_of<T, chunk>::type;  // one 16-byte chunk

  if ((reinterpret_cast<unsigned long long>(a) | reinterpret_cast<unsigned long long>(b)) % detail::kBulkAlign != 0)
    return detail::plain_partial<T, Acc, Block, TileElems>(a, b, n);

  extern __shared__ unsigned char dynamic_shared[];
  const unsigned long long base = reinterpret_cast<unsigned long long>(dynamic_shared);
  unsigned char* aligned = dynamic_shared + ((detail::kRingAlign - base % detail::kRingAlign) % detail::kRingAlign);
  const detail::ring<T, Stages, TileElems> ring{
      reinterpret_cast<T*>(aligned),
      detail::shared_address(aligned + Stages * 2 * detail::tile_bytes<T, TileElems>())};

  const long long tiles = (n + TileElems - 1) / TileElems;
  const long long mine = blockIdx.x < tiles ? (tiles - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
  const int t = threadIdx.x;

  if (t == 0) {
    for (int s = 0; s < Stages; ++s) detail::barrier_init(ring.bars + 8u * (unsigned)s, 1);
    detail::fence_barrier_init();
    for (int s = 0; s < Stages && s < mine; ++s) ring.issue(s, blockIdx.x + (long long)s * gridDim.x, a, b, n);
  }
  __syncthreads();

  Acc acc;
  for (long long k = 0; k < mine; ++k) {
    const int s = (int)(k % Stages);
    const long long j = blockIdx.x + k * gridDim.x;
    detail::wait_parity(ring.bars + 8u * (unsigned)s, (unsigned)((k / Stages) & 1));

    const detail::tile_extent<T, TileElems> e(j, n);
    const V* av = reinterpret_cast<const V*>(ring.a_tile(s));
    const V* bv = reinterpret_cast<const V*>(ring.b_tile(s));
    for (int c = t; c < e.bulk_elems / chunk; c += Block) acc.add(av[c], bv[c]);
    for (int i = e.bulk_elems + t; i < e.elems; i += Block) acc.add(a[e.first + i], b[e.first + i]);

    __syncthreads();  // every thread is done with stage s
    if (t == 0 && k + Stages < mine) {
      detail::fence_proxy_async_shared();
      ring.issue(s, j + (long long)Stages * gridDim.x, a, b, n);
    }
  }
  return acc;
}
#elif defined(__CUDA_ARCH__)
template <typename T, typename Acc, int Block, int Stages, int TileElems>
__device__ Acc bulk_ring_partial(const T*, const T*, long long) {
  static_assert(sizeof(T) == 0, "bulk_ring_partial needs sm_90 or newer (cp.async.bulk and mbarrier tx counts)");
  return Acc{};
}
#else
// Host pass of nvcc: declared only, so kernels that call it still parse.
template <typename T, typename Acc, int Block, int Stages, int TileElems>
__device__ Acc bulk_ring_partial(const T* a, const T* b, long long n);
#endif

}  // namespace dotsweep_kernels
