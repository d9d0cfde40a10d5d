#include "core/space/launch_geometry.hpp"

#include <algorithm>

#include "launch_constants.h"

namespace dotsweep {

namespace {
long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }

// The ring's tiles cover n whole (its tail included); the loads' cover the
// whole vectors (block 0 adds the rest).
long long tiles_at(const VariantConfig& c, long long n) {
  const long long tile_vectors = static_cast<long long>(c.block) * c.items;
  return std::max(1LL, c.hint == LoadHint::bulk ? ceil_div(n, tile_vectors * c.vec) : ceil_div(n / c.vec, tile_vectors));
}

// Whole clusters; the extra blocks find no tile and add zero.
long long in_whole_clusters(const VariantConfig& c, long long blocks) {
  const long long cluster = dotsweep_kernels::kClusterBlocks;
  return c.finish == GridFinish::cluster ? ceil_div(blocks, cluster) * cluster : blocks;
}
}  // namespace

long long grid_blocks_at(const VariantConfig& c, long long n, long long resident_blocks) {
  const long long tiles = tiles_at(c, n);
  long long blocks = tiles;
  if (c.grid == GridKind::persistent) blocks = std::min(tiles, static_cast<long long>(c.persistent_k) * resident_blocks);
  if (c.grid == GridKind::single) blocks = 1;
  return in_whole_clusters(c, blocks);
}

long long grid_blocks_at_most(const VariantConfig& c, long long n) {
  return in_whole_clusters(c, c.grid == GridKind::single ? 1 : tiles_at(c, n));
}

bool writes_partials(GridFinish f) {
  return f == GridFinish::two_pass || f == GridFinish::last_block || f == GridFinish::cluster ||
         f == GridFinish::gather;
}

std::size_t partial_bytes(const VariantConfig& c, long long grid_blocks) {
  if (!writes_partials(c.finish)) return 0;
  return static_cast<std::size_t>(grid_blocks) * static_cast<std::size_t>(accumulator_bytes(c.type, c.acc));
}

std::size_t partial_bytes_at_most(const std::vector<VariantConfig>& variants, long long largest_n) {
  std::size_t most = 0;
  for (const VariantConfig& c : variants) most = std::max(most, partial_bytes(c, grid_blocks_at_most(c, largest_n)));
  return most;
}

}  // namespace dotsweep
