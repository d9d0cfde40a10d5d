// DotPolicy: every tuning constant of one dot-kernel variant in one type,
// after CUB's AgentReducePolicy. The host names a policy in the NVRTC name
// expression (core/space/variant_config.cpp builds it from the axis table); the
// kernel (dot_kernel.cuh) reads only the policy.
#pragma once

// The element types of the type axis (__half, __nv_bfloat16): toolkit
// headers, found through NVRTC's -I (src/gpu/nvrtc_includes.cpp).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "launch_constants.h"
#include "variant_axes.h"
#include "block_reduce.cuh"
#include "accumulate.cuh"
#include "load.cuh"
#include "bulk_ring.cuh"

namespace dotsweep_kernels {

// The result slot the harness reads (DotInputs::result): a double for f64,
// a float for every other type (f16/bf16 accumulate in f32 or wider).
template <typename T> struct result_of { using type = float; };
template <> struct result_of<double> { using type = double; };

template <typename T, int Block, int Items, int Vec, Grid G, Layout L, Reduce R, Finish F, Hint H, Accum A>
struct DotPolicy {
  using Element = T;
  using Vector = typename vector_of<T, Vec>::type;       // one load
  using Accumulator = accumulator<T, A>;
  using Acc = typename Accumulator::type;                // what partials and block sums hold
  using Result = typename result_of<T>::type;            // what the kernel writes
  static constexpr int kBlock = Block;                   // threads per block
  static constexpr int kItems = Items;                   // independent vector loads per thread per tile
  static constexpr int kVec = Vec;                       // elements per load
  static constexpr long long kTile = (long long)Block * Items;  // vectors per block per tile
  static constexpr Grid kGrid = G;
  static constexpr Layout kLayout = L;
  static constexpr Reduce kReduce = R;
  static constexpr Finish kFinish = F;
  static constexpr Hint kHint = H;
  static constexpr Accum kAccum = A;
  // A one-block grid is its own last block: it writes the result directly.
  static constexpr bool kSingleBlock = G == Grid::single;
  static_assert(!kSingleBlock || F == Finish::last_block, "grid single finishes as its own last block");
  // Hint::bulk: the cp.async.bulk ring (bulk_ring.cuh) instead of global
  // loads. Each thread sums Items 16-byte chunks per tile, so Vec is the
  // chunk and a tile is Block x Items chunks (kTile vectors, as for loads).
  static constexpr bool kBulk = H == Hint::bulk;
  static constexpr int kBulkTileElems = Block * Items * Vec;
  static_assert(!kBulk || Vec * (int)sizeof(T) == kBulkChunkBytes, "Hint::bulk: Vec is one 16-byte chunk");
  // Hints pdl, pdl_l2: launched as a programmatic dependent, waits at entry
  // (dot_kernel.cuh, begin_as_dependent). Evaluated here, at class scope, so
  // device code reads a constant rather than calling a host constexpr function.
  static constexpr bool kDependentLaunch = launches_as_dependent(H);
  static_assert(!kBulk || bulk_ring_shared_bytes<T, kBulkStages, kBulkTileElems>() == bulk_ring_bytes(Block, Items),
                "launch_constants.h's bulk_ring_bytes must match bulk_ring.cuh's bulk_ring_shared_bytes");
};

}  // namespace dotsweep_kernels
