#include "core/space/launch_geometry.hpp"

#include <algorithm>
#include <limits>

#include "launch_constants.h"

namespace dotsweep {

namespace {
long long tiles_at(const VariantConfig& c, long long n) {
  return dotsweep_kernels::grid_tiles(n, c.block, c.items, c.vec, c.hint == LoadHint::bulk);
}
}  // namespace

long long grid_blocks_at(const VariantConfig& c, long long n, long long resident_blocks) {
  return dotsweep_kernels::grid_blocks(c.grid, c.finish, tiles_at(c, n), c.persistent_k * resident_blocks);
}

long long grid_blocks_at_most(const VariantConfig& c, long long n) {
  return dotsweep_kernels::grid_blocks(c.grid, c.finish, tiles_at(c, n), std::numeric_limits<long long>::max());
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
