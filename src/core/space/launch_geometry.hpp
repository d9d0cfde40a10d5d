// How many blocks a variant launches at n, and how much scratch they write.
// One definition for the launch (gpu/variant_kernel.cpp) and for sizing the
// scratch all candidates share (gpu/scratch_arena.cpp) before any is built.
#pragma once

#include <cstddef>
#include <vector>

#include "core/space/variant_config.hpp"

namespace dotsweep {

// The grid of `config` at n on a device with `resident_blocks` = SMs x the
// variant's resident blocks per SM (only persistent:k reads it: k x that).
long long grid_blocks_at(const VariantConfig& config, long long n, long long resident_blocks);
// The largest grid `config` can launch at n on any device: the tiles that
// cover n (a persistent grid launches no more), in whole clusters.
long long grid_blocks_at_most(const VariantConfig& config, long long n);

// Finishes whose blocks write one partial each for a later step to sum (the
// rule the kernel shares, kernels/variant_axes.h).
using dotsweep_kernels::writes_partials;
// Bytes of partials a grid of `grid_blocks` writes: one accumulator per
// block, 0 for a finish without partials.
std::size_t partial_bytes(const VariantConfig& config, long long grid_blocks);
// The most partial bytes any of `variants` writes at a size up to `largest_n`.
std::size_t partial_bytes_at_most(const std::vector<VariantConfig>& variants, long long largest_n);

}  // namespace dotsweep
