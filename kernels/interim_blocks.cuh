// INTERIM: minimal versions of the device building blocks that blocklib
// (issue 5) provides in block_reduce.cuh, accumulate.cuh and load.cuh, under
// the same names, so dot_kernel.cuh builds and runs before they land. Only
// today's two block reductions, the f32 accumulator and plain loads are here.
// At merge: delete this file and include block_reduce.cuh, accumulate.cuh
// and load.cuh from dot_policy.cuh instead.
#pragma once

namespace dotsweep_kernels {

constexpr int kWarp = 32;

enum class Layout : int { sequential, warp_partials };
enum class Reduce : int { tree, shuffle };
enum class Accum : int { own };
enum class Hint : int { plain };

template <typename T, int Vec> struct vector_of;
template <> struct vector_of<float, 1> { using type = float; };
template <> struct vector_of<float, 2> { using type = float2; };
template <> struct vector_of<float, 4> { using type = float4; };

template <Hint H, typename V> __device__ __forceinline__ V load(const V* p) { return *p; }

// The type's own accumulator: a running fmaf sum of products.
template <typename T, Accum A> struct accumulator;
template <> struct accumulator<float, Accum::own> {
  using type = float;
  float sum = 0.0f;
  __device__ __forceinline__ void add(float x, float y) { sum = fmaf(x, y, sum); }
  __device__ __forceinline__ void add(float2 x, float2 y) { add(x.x, y.x); add(x.y, y.y); }
  __device__ __forceinline__ void add(float4 x, float4 y) { add(x.x, y.x); add(x.y, y.y); add(x.z, y.z); add(x.w, y.w); }
  __device__ __forceinline__ float value() const { return sum; }
};

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// Block-wide sum; the result is valid in thread 0 only.
template <typename Acc, int Block, Layout L, Reduce R> struct block_sum;

// Shared-memory tree with sequential addressing: the active half reads
// contiguous words, so there are no bank conflicts and no divergent warps
// until fewer than 32 threads remain.
template <int Block> struct block_sum<float, Block, Layout::sequential, Reduce::tree> {
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
template <int Block> struct block_sum<float, Block, Layout::warp_partials, Reduce::shuffle> {
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

}  // namespace dotsweep_kernels
