// The dot-product kernel template. Every template parameter is a tuning policy
// (as in CUB's agent/policy split); the harness asks NVRTC for one
// instantiation per variant by name expression, e.g.
//   dotsweep_kernels::dot_kernel<float, 256, 4, 4, Grid::persistent,
//                                Reduce::shuffle, Finish::atomic>
// The file is self-contained (no includes) so NVRTC needs no header search path.
#pragma once

namespace dotsweep_kernels {

enum class Grid : int { cover = 0, persistent = 1 };  // one tile per block | grid-stride
enum class Reduce : int { tree = 0, shuffle = 1 };    // shared-memory tree | warp shuffle
enum class Finish : int { two_pass = 0, atomic = 1 }; // partials + second kernel | atomicAdd

constexpr int kWarp = 32;
constexpr int kFinishBlock = 512;  // threads of the two-pass finishing kernel

template <int Vec> struct vector_of;
template <> struct vector_of<1> { using type = float; };
template <> struct vector_of<2> { using type = float2; };
template <> struct vector_of<4> { using type = float4; };

__device__ __forceinline__ float fma_dot(float a, float b, float acc) { return fmaf(a, b, acc); }
__device__ __forceinline__ float fma_dot(float2 a, float2 b, float acc) {
  return fmaf(a.y, b.y, fmaf(a.x, b.x, acc));
}
__device__ __forceinline__ float fma_dot(float4 a, float4 b, float acc) {
  return fmaf(a.w, b.w, fmaf(a.z, b.z, fmaf(a.y, b.y, fmaf(a.x, b.x, acc))));
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// Block-wide sum; the result is valid in thread 0 only.
template <int Block, Reduce R> struct block_sum;

// Shared-memory tree with sequential addressing: the active half reads
// contiguous words, so there are no bank conflicts and no divergent warps
// until fewer than 32 threads remain.
template <int Block> struct block_sum<Block, Reduce::tree> {
  static_assert((Block & (Block - 1)) == 0, "tree reduction needs a power-of-two block");
  __device__ __forceinline__ static float run(float v) {
    __shared__ float shared[Block];
    const int t = threadIdx.x;
    shared[t] = v;
    __syncthreads();
#pragma unroll
    for (int stride = Block / 2; stride > 0; stride /= 2) {
      if (t < stride) shared[t] += shared[t + stride];
      __syncthreads();
    }
    return shared[0];
  }
};

// Warp shuffle within each warp, then warp 0 combines the per-warp partials.
template <int Block> struct block_sum<Block, Reduce::shuffle> {
  static_assert(Block % kWarp == 0, "shuffle reduction needs whole warps");
  __device__ __forceinline__ static float run(float v) {
    constexpr int warps = Block / kWarp;
    __shared__ float warp_partials[warps];
    const int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
    v = warp_sum(v);
    if (lane == 0) warp_partials[warp] = v;
    __syncthreads();
    if (warp == 0) {
      v = lane < warps ? warp_partials[lane] : 0.0f;
      v = warp_sum(v);
    }
    return v;
  }
};

// Loads Items vectors of each input before the first use, so Items x 2
// independent loads are in flight per thread. `Checked` guards the last,
// partial tile.
template <int Block, int Items, int Vec, bool Checked>
__device__ __forceinline__ float tile_dot(const typename vector_of<Vec>::type* __restrict__ a,
                                          const typename vector_of<Vec>::type* __restrict__ b,
                                          long long first, long long count, float acc) {
  using V = typename vector_of<Vec>::type;
  V x[Items], y[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const long long i = first + (long long)k * Block;
    if (!Checked || i < count) {
      x[k] = a[i];
      y[k] = b[i];
    }
  }
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const long long i = first + (long long)k * Block;
    if (!Checked || i < count) acc = fma_dot(x[k], y[k], acc);
  }
  return acc;
}

template <int Block, int Items, int Vec>
__device__ __forceinline__ float tile_dot_any(const typename vector_of<Vec>::type* __restrict__ a,
                                              const typename vector_of<Vec>::type* __restrict__ b,
                                              long long first, long long count, float acc) {
  const bool full = first + (long long)(Items - 1) * Block < count;
  return full ? tile_dot<Block, Items, Vec, false>(a, b, first, count, acc)
              : tile_dot<Block, Items, Vec, true>(a, b, first, count, acc);
}

// partials: one float per block (two_pass); result: the dot product (atomic,
// zeroed by the harness before the launch).
template <typename T, int Block, int Items, int Vec, Grid G, Reduce R, Finish F>
__global__ void __launch_bounds__(Block)
dot_kernel(const T* __restrict__ a, const T* __restrict__ b, long long n,
           float* __restrict__ partials, float* __restrict__ result) {
  using V = typename vector_of<Vec>::type;
  const V* av = reinterpret_cast<const V*>(a);
  const V* bv = reinterpret_cast<const V*>(b);
  const long long vectors = n / Vec;
  constexpr long long tile = (long long)Block * Items;
  float acc = 0.0f;

  long long first = blockIdx.x * tile + threadIdx.x;
  if (G == Grid::cover) {
    if (first < vectors) acc = tile_dot_any<Block, Items, Vec>(av, bv, first, vectors, acc);
  } else {
    const long long step = (long long)gridDim.x * tile;
    for (; first < vectors; first += step) acc = tile_dot_any<Block, Items, Vec>(av, bv, first, vectors, acc);
  }

  // The n % Vec elements past the last whole vector, one per thread of block 0.
  if (Vec > 1 && blockIdx.x == 0) {
    const long long tail = vectors * Vec + threadIdx.x;
    if (tail < n) acc = fmaf(a[tail], b[tail], acc);
  }

  const float block_total = block_sum<Block, R>::run(acc);
  if (threadIdx.x == 0) {
    if (F == Finish::atomic) atomicAdd(result, block_total);
    else partials[blockIdx.x] = block_total;
  }
}

// Second pass of the two-pass finish: one block sums every partial.
__global__ void __launch_bounds__(kFinishBlock)
finish_partials(const float* __restrict__ partials, long long count, float* __restrict__ result) {
  float acc = 0.0f;
  for (long long i = threadIdx.x; i < count; i += kFinishBlock) acc += partials[i];
  const float total = block_sum<kFinishBlock, Reduce::shuffle>::run(acc);
  if (threadIdx.x == 0) *result = total;
}

}  // namespace dotsweep_kernels
