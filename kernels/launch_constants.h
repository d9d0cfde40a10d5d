// Constants the kernels and the host launcher must agree on. Plain C++ (no
// CUDA keywords): NVRTC sees it through dot_policy.cuh, the host includes it
// directly (src/gpu/variant_kernel.cpp), so each constant is written once.
#pragma once

#include "variant_axes.h"

namespace dotsweep_kernels {

// Threads of the two-pass finish's second kernel (finish_partials).
constexpr int kFinishBlock = 512;

// Threads of block 0 that gather the other blocks' totals (finish gather):
// one warp, whose lanes each sum a chain of slots before one shuffle tree.
// The error bound's shape reads it as the finish's block.
constexpr int kGatherThreads = 32;
// Grids of up to this many blocks are gathered by that warp (one batch of 8
// loads per lane); larger ones by all of block 0, then its block reduction
// (the finish block is then the kernel's block). Measured on the H200
// (2026-11-30, results/2026-11-30-gather-switch/README.md): at 256 blocks the warp
// was faster in 5 of 6 shapes (by 1-6% cold), at 512 the block in 4 of 6
// (2-9% cold, 7-13% hot).
constexpr int kGatherWarpSlots = 256;

// Blocks per thread-block cluster of the cluster finish (sm_90): 16, the
// largest Hopper schedules, above the portable 8 (the kernel opts in with
// cudaFuncAttributeNonPortableClusterSizeAllowed; where a cluster of 16 of a
// variant's blocks cannot be resident, that variant is left out with the
// reason). One cluster then covers twice the bytes with no global finish.
constexpr int kClusterBlocks = 16;

// The bulk-copy ring (hint bulk): stages in flight per block, and the bytes
// of one tile of one input: every thread consumes Items 16-byte chunks.
// With 4 stages, Block 256 x Items 1 keeps 3 x 8 KiB of both inputs in
// flight per block while one tile is summed.
constexpr int kBulkStages = 4;
constexpr int kBulkChunkBytes = 16;
constexpr int bulk_tile_bytes(int block, int items) { return block * items * kBulkChunkBytes; }
// Dynamic shared memory of the ring: 128 bytes of alignment slack, both
// inputs' tiles per stage, one 8-byte mbarrier per stage. Mirrors
// bulk_ring_shared_bytes (bulk_ring.cuh); dot_policy.cuh static_asserts that
// they agree, so the host launches the kernel with the bytes it uses.
constexpr int bulk_ring_bytes(int block, int items) {
  return 128 + kBulkStages * 2 * bulk_tile_bytes(block, items) + kBulkStages * 8;
}

// The grid a variant launches at n: what the sweep's launch
// (core/space/launch_geometry.cpp) and dotsweep::dot (include/dotsweep/dot.cuh)
// both compute. A tile is Block x Items vectors of Vec elements. The bulk
// ring's tiles cover n whole, its tail included; the loads' tiles cover the
// whole vectors (block 0 adds the elements past them). At least one tile.
constexpr long long launch_ceil_div(long long a, long long b) { return (a + b - 1) / b; }
constexpr long long grid_tiles(long long n, int block, int items, int vec, bool bulk) {
  const long long tile_vectors = static_cast<long long>(block) * items;
  const long long tiles = bulk ? launch_ceil_div(n, tile_vectors * vec) : launch_ceil_div(n / vec, tile_vectors);
  return tiles < 1 ? 1 : tiles;
}
// One block per tile (cover), at most `persistent_most` = k x SMs x resident
// blocks per SM (persistent), one block (single); then whole clusters for the
// cluster finish, whose extra blocks find no tile and add zero.
constexpr long long grid_blocks(Grid grid, Finish finish, long long tiles, long long persistent_most) {
  long long blocks = tiles;
  if (grid == Grid::persistent && persistent_most < tiles) blocks = persistent_most;
  if (grid == Grid::single) blocks = 1;
  return finish == Finish::cluster ? launch_ceil_div(blocks, kClusterBlocks) * kClusterBlocks : blocks;
}

}  // namespace dotsweep_kernels
