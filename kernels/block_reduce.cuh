// Block-wide sums: a shared-memory layout (how the partial sums sit in shared
// memory and which words each step touches) x a reduction algorithm.
// block_sum<Acc, Block, L, R>::run(v) returns the sum of every thread's v in
// thread 0 (other threads get an unspecified value). Acc is float or double.
//
// Reuse contract (as CUB's BlockReduce states for its TempStorage): each
// instantiation owns one static shared array, and run() reads it after its
// own barrier but returns without another one, so warps leave run() while
// others (warp 0, or every thread reading shared[0]) still read the array.
// A second run() of the same instantiation in one block must therefore come
// after a __syncthreads() that every thread reaches once the first run()
// has returned; without it the second call's writes race the first call's
// reads (compute-sanitizer's racecheck reports it; tools/compute_sanitize.sh
// plants this race to prove it would).
//
// Valid (Layout, Reduce) pairs; anything else fails a static_assert:
//   Reduce::tree            interleaved_divergent, interleaved_strided,
//                           sequential, padded       Block: power of two 32..1024
//   Reduce::tree_warp_tail  interleaved_strided, sequential, padded
//                                                    Block: power of two 32..1024
//                           (divergent is excluded: its last active threads
//                           are 0, 64, 128, ... in different warps, so there
//                           is no single-warp tail)
//   Reduce::shuffle         warp_partials            Block: multiple of 32, <= 1024
//   Reduce::cg_reduce       warp_partials            Block: multiple of 32, <= 1024
//   Reduce::cub_*           library                  Block: multiple of 32, <= 1024
//
// Expected shared-memory bank conflicts
// (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld/st), for Acc = float:
//   interleaved_divergent  zero: the active lanes of a warp touch distinct
//                          words of one 32-word row (the cost is divergence:
//                          at step s only every 2s-th lane works)
//   interleaved_strided    non-zero (from Block 64): lane t reads word 2*s*t,
//                          a stride of 2s words, so a warp's accesses hit up
//                          to min(2s, 32)-way conflicts
//   sequential             zero: each step reads contiguous words
//   padded                 zero: the strided pattern with one padding slot
//                          after every row of 32 banks (float i lives at
//                          i + i/32, double i at i + i/16), which spreads
//                          2*s*t over distinct banks at every step for
//                          Block <= 1024 (float, s = 1: lanes 0..15 hit the
//                          even banks, 16..31 the odd ones; s = 16: bank t)
//   warp_partials          zero: one word per warp, written and read once
//   library                zero expected (CUB's raking layouts pad to avoid
//                          conflicts); measured, not assumed
// For Acc = double a warp's 32 doubles take two wavefronts (half-warps) by
// design; the same predictions hold, except a small 2-way residue for padded
// at Block 1024 (docs/kernels.md has per-block numbers from a bank model).
#pragma once

#include "variant_axes.h"

// The library headers cost NVRTC seconds per variant (cub about 3 s,
// measured in docs/kernels.md), so the sweep leaves out those its policy does
// not use: -DDOTSWEEP_NO_CUB drops the cub reductions, -DDOTSWEEP_NO_CG
// cg_reduce (src/gpu/variant_kernel.cpp picks the macros; they are NVRTC
// options, so the cubin cache key covers them). Without either macro every
// reduction is available.
#ifndef DOTSWEEP_NO_CG
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#endif
#ifndef DOTSWEEP_NO_CUB
#include <cub/block/block_reduce.cuh>
#endif

namespace dotsweep_kernels {

constexpr int kWarpThreads = 32;

namespace detail {

__host__ __device__ constexpr bool is_power_of_two(int x) { return x > 0 && (x & (x - 1)) == 0; }

// Partials per row of the 32 four-byte banks: 32 floats or 16 doubles. The
// padded layout skips one partial after each row.
template <typename Acc> __host__ __device__ constexpr int bank_row() { return 128 / (int)sizeof(Acc); }

// Shared partials the layout needs for Block of them.
template <typename Acc, Layout L, int Block> __host__ __device__ constexpr int tree_slots() {
  return L == Layout::padded ? Block + Block / bank_row<Acc>() : Block;
}

// Where partial i lives.
template <typename Acc, Layout L> __device__ __forceinline__ int slot(int i) {
  return L == Layout::padded ? i + i / bank_row<Acc>() : i;
}

// One step of the tree, with `active` = the number of sums this step makes
// (Block/2, Block/4, ..., 1). Each layout is its own access pattern.
template <Layout L, int Block, typename Acc> __device__ __forceinline__ void tree_step(Acc* shared, int t, int active) {
  if constexpr (L == Layout::sequential) {
    // Thread t adds the word `active` above it: both halves contiguous.
    if (t < active) shared[t] += shared[t + active];
  } else if constexpr (L == Layout::interleaved_divergent) {
    // Textbook version 1: partner at distance s, only threads with
    // t % 2s == 0 work, so every warp stays busy-but-divergent.
    const int s = Block / (2 * active);
    if (t % (2 * s) == 0) shared[t] += shared[t + s];
  } else {
    // interleaved_strided (textbook version 2) and padded: the first `active`
    // threads work on index 2*s*t; padded only moves where each index lives.
    const int s = Block / (2 * active);
    const int i = 2 * s * t;
    if (t < active) shared[slot<Acc, L>(i)] += shared[slot<Acc, L>(i + s)];
  }
}

template <typename Acc> __device__ __forceinline__ Acc warp_shuffle_sum(Acc v) {
#pragma unroll
  for (int offset = kWarpThreads / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

#ifndef DOTSWEEP_NO_CG
template <typename Acc> __device__ __forceinline__ Acc warp_cg_sum(Acc v) {
  namespace cg = cooperative_groups;
  const cg::thread_block_tile<kWarpThreads> warp = cg::tiled_partition<kWarpThreads>(cg::this_thread_block());
  return cg::reduce(warp, v, cg::plus<Acc>());
}
#endif

#ifndef DOTSWEEP_NO_CUB
template <Reduce R> __host__ __device__ constexpr cub::BlockReduceAlgorithm cub_algorithm() {
  return R == Reduce::cub_warp_reductions ? cub::BLOCK_REDUCE_WARP_REDUCTIONS
         : R == Reduce::cub_raking        ? cub::BLOCK_REDUCE_RAKING
                                          : cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY;
}
#endif

}  // namespace detail

template <typename Acc, int Block, Layout L, Reduce R> struct block_sum {
  static_assert(Block >= kWarpThreads && Block <= 1024 && Block % kWarpThreads == 0,
                "block_sum: Block must be a multiple of 32 in 32..1024");
  static_assert(layout_fits_reduce(L, R),
                "block_sum: the reduction is not written for this layout (variant_axes.h, layout_fits_reduce)");
  static_assert(!is_tree(R) || detail::is_power_of_two(Block), "block_sum: tree reductions need a power-of-two Block");
#ifdef DOTSWEEP_NO_CUB
  static_assert(!is_cub(R), "block_sum: a cub reduction compiled with -DDOTSWEEP_NO_CUB");
#endif
#ifdef DOTSWEEP_NO_CG
  static_assert(R != Reduce::cg_reduce, "block_sum: Reduce::cg_reduce compiled with -DDOTSWEEP_NO_CG");
#endif

  __device__ __forceinline__ static Acc run(Acc v) {
    if constexpr (R == Reduce::tree) return tree(v);
    else if constexpr (R == Reduce::tree_warp_tail) return tree_with_warp_tail(v);
    else if constexpr (R == Reduce::shuffle) return by_warps<false>(v);
    else if constexpr (R == Reduce::cg_reduce) return by_warps<true>(v);
    else return library(v);
  }

 private:
  // Every step block-wide, a __syncthreads() after each.
  __device__ __forceinline__ static Acc tree(Acc v) {
    __shared__ Acc shared[detail::tree_slots<Acc, L, Block>()];
    const int t = threadIdx.x;
    shared[detail::slot<Acc, L>(t)] = v;
    __syncthreads();
#pragma unroll
    for (int active = Block / 2; active > 0; active /= 2) {
      detail::tree_step<L, Block>(shared, t, active);
      __syncthreads();
    }
    return shared[0];
  }

  // Block-wide steps while more than a warp's worth of sums remain; then warp
  // 0 alone finishes, with __syncwarp() between steps. Under independent
  // thread scheduling the lanes of a warp are not in lockstep, so each step's
  // writes must be ordered before the next step's reads by __syncwarp (a
  // memory fence among the warp), not by `volatile` alone. The guard
  // `t < active` in each step means no word is read and written by different
  // lanes in the same step.
  __device__ __forceinline__ static Acc tree_with_warp_tail(Acc v) {
    __shared__ Acc shared[detail::tree_slots<Acc, L, Block>()];
    const int t = threadIdx.x;
    shared[detail::slot<Acc, L>(t)] = v;
    __syncthreads();
#pragma unroll
    for (int active = Block / 2; active > kWarpThreads; active /= 2) {
      detail::tree_step<L, Block>(shared, t, active);
      __syncthreads();
    }
    if (t < kWarpThreads) {
#pragma unroll
      for (int active = Block / 2 < kWarpThreads ? Block / 2 : kWarpThreads; active > 0; active /= 2) {
        detail::tree_step<L, Block>(shared, t, active);
        __syncwarp();
      }
    }
    return shared[0];
  }

  // Each warp sums its lanes in registers (shuffles or cg::reduce); one
  // shared word per warp; warp 0 sums those words the same way.
  template <bool Cg> __device__ __forceinline__ static Acc by_warps(Acc v) {
    constexpr int warps = Block / kWarpThreads;
    v = warp_sum<Cg>(v);
    if constexpr (warps == 1) {
      return v;
    } else {
      __shared__ Acc warp_partials[warps];
      const int lane = threadIdx.x % kWarpThreads, warp = threadIdx.x / kWarpThreads;
      if (lane == 0) warp_partials[warp] = v;
      __syncthreads();
      if (warp == 0) {
        v = lane < warps ? warp_partials[lane] : Acc(0);
        v = warp_sum<Cg>(v);
      }
      return v;
    }
  }

  template <bool Cg> __device__ __forceinline__ static Acc warp_sum(Acc v) {
#ifndef DOTSWEEP_NO_CG
    if constexpr (Cg) return detail::warp_cg_sum(v);
#endif
    return detail::warp_shuffle_sum(v);
  }

  __device__ __forceinline__ static Acc library(Acc v) {
#ifndef DOTSWEEP_NO_CUB
    using BlockReduce = cub::BlockReduce<Acc, Block, detail::cub_algorithm<R>()>;
    __shared__ typename BlockReduce::TempStorage storage;
    return BlockReduce(storage).Sum(v);
#else
    return v;  // unreachable: the static_assert above refuses cub reductions
#endif
  }
};

}  // namespace dotsweep_kernels
