// Names, ids and validity rules of a kernel variant. The id format and the
// names are part of the report format: compare and gate match rows by them.
#include "core/variant_config.hpp"

namespace dotsweep {

namespace {

bool is_power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

// Short spellings for the id only; space files and CSV columns use to_string.
const char* id_part(SharedLayout v) {
  switch (v) {
    case SharedLayout::sequential: return "seq";
    case SharedLayout::warp_partials: return "warp";
  }
  return "?";
}
const char* id_part(BlockReduce v) {
  switch (v) {
    case BlockReduce::smem_tree: return "tree";
    case BlockReduce::warp_shuffle: return "shfl";
  }
  return "?";
}
const char* id_part(GridFinish v) {
  switch (v) {
    case GridFinish::two_pass: return "2pass";
    case GridFinish::atomic: return "atomic";
  }
  return "?";
}

// Shared memory the block reduction needs: a tree keeps one slot per thread,
// a shuffle reduction one slot per warp (at most 32 warps per block).
int shared_bytes(const VariantConfig& c) {
  const int slots = c.reduce == BlockReduce::smem_tree ? c.block : 32;
  return slots * accumulator_bytes(c.acc);
}

}  // namespace

std::string VariantConfig::id() const {
  std::string grid_part = grid == GridKind::cover ? "cover" : "p" + std::to_string(persistent_k);
  return to_string(type) + ".b" + std::to_string(block) + ".i" + std::to_string(items) + ".v" +
         std::to_string(vec) + "." + grid_part + "." + id_part(layout) + "." + id_part(reduce) +
         "." + id_part(finish) + "." + to_string(hint) + "." + to_string(acc);
}

std::optional<std::string> rejection_reason(const VariantConfig& c, const DeviceLimits& limits) {
  const std::string b = std::to_string(c.block);
  if (c.block < 32 || c.block > 1024)
    return "block " + b + " is outside [32, 1024]";
  if (c.block > limits.max_threads_per_block)
    return "block " + b + " exceeds the device's " + std::to_string(limits.max_threads_per_block) +
           " threads per block";
  if (c.reduce == BlockReduce::smem_tree && !is_power_of_two(c.block))
    return "block " + b +
           " is not a power of two, which reduce tree needs (sequential addressing halves the "
           "active threads each step)";
  if (c.reduce == BlockReduce::warp_shuffle && c.block % 32 != 0)
    return "block " + b + " is not a multiple of 32, which reduce shuffle needs (whole warps)";
  if (c.items < 1 || c.items > 16)
    return "items " + std::to_string(c.items) + " is outside [1, 16]";
  if (c.vec != 1 && c.vec != 2 && c.vec != 4)
    return "vec " + std::to_string(c.vec) + " is not 1, 2 or 4";
  if (c.grid == GridKind::persistent && (c.persistent_k < 1 || c.persistent_k > 64))
    return "grid " + grid_name(c) + " needs k in [1, 64]";
  if (c.layout == SharedLayout::sequential && c.reduce != BlockReduce::smem_tree)
    return "layout sequential works only with reduce tree, not " + to_string(c.reduce);
  if (c.layout == SharedLayout::warp_partials && c.reduce != BlockReduce::warp_shuffle)
    return "layout warp_partials works only with reduce shuffle, not " + to_string(c.reduce);
  if (shared_bytes(c) > limits.max_shared_bytes_per_block)
    return "shared memory " + std::to_string(shared_bytes(c)) + " bytes for block " + b +
           " exceeds the device's " + std::to_string(limits.max_shared_bytes_per_block) +
           " bytes per block";
  return std::nullopt;
}

// Switches, not ternaries, so adding an enumerator (f64, kahan, ldg ...) warns
// here (-Wswitch) instead of silently reusing another value's name.
int accumulator_bytes(Accumulator v) {
  switch (v) {
    case Accumulator::f32: return 4;
  }
  return 0;
}

std::string to_string(SharedLayout v) {
  switch (v) {
    case SharedLayout::sequential: return "sequential";
    case SharedLayout::warp_partials: return "warp_partials";
  }
  return "?";
}
std::string to_string(BlockReduce v) {
  switch (v) {
    case BlockReduce::smem_tree: return "tree";
    case BlockReduce::warp_shuffle: return "shuffle";
  }
  return "?";
}
std::string to_string(GridFinish v) {
  switch (v) {
    case GridFinish::two_pass: return "two_pass";
    case GridFinish::atomic: return "atomic";
  }
  return "?";
}
std::string to_string(LoadHint v) {
  switch (v) {
    case LoadHint::plain: return "plain";
  }
  return "?";
}
std::string to_string(Accumulator v) {
  switch (v) {
    case Accumulator::f32: return "f32";
  }
  return "?";
}

std::string grid_name(const VariantConfig& c) {
  return c.grid == GridKind::cover ? "cover" : "persistent:" + std::to_string(c.persistent_k);
}

}  // namespace dotsweep
