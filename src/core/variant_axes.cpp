#include "core/variant_axes.hpp"

namespace dotsweep {

// The type axis reuses element_type.hpp's names; ids spell the type the same
// way, and the kernel instantiates the device type.
const std::vector<AxisValue<ElementType>>& AxisTable<ElementType>::values() {
  static const std::vector<AxisValue<ElementType>> rows = {
      {ElementType::f32, "f32", "f32", "float"},
      {ElementType::f64, "f64", "f64", "double"},
      {ElementType::f16, "f16", "f16", "__half"},
      {ElementType::bf16, "bf16", "bf16", "__nv_bfloat16"},
  };
  return rows;
}

// persistent's id and name carry k ("p2", "persistent:2"); grid_name and
// VariantConfig::id append it.
const std::vector<AxisValue<GridKind>>& AxisTable<GridKind>::values() {
  static const std::vector<AxisValue<GridKind>> rows = {
      {GridKind::cover, "cover", "cover", "Grid::cover"},
      {GridKind::persistent, "persistent", "p", "Grid::persistent"},
      {GridKind::single, "single", "single", "Grid::single"},
  };
  return rows;
}

const std::vector<AxisValue<SharedLayout>>& AxisTable<SharedLayout>::values() {
  static const std::vector<AxisValue<SharedLayout>> rows = {
      {SharedLayout::interleaved_divergent, "interleaved_divergent", "idiv", "Layout::interleaved_divergent"},
      {SharedLayout::interleaved_strided, "interleaved_strided", "istride", "Layout::interleaved_strided"},
      {SharedLayout::sequential, "sequential", "seq", "Layout::sequential"},
      {SharedLayout::padded, "padded", "pad", "Layout::padded"},
      {SharedLayout::warp_partials, "warp_partials", "warp", "Layout::warp_partials"},
      {SharedLayout::library, "library", "lib", "Layout::library"},
  };
  return rows;
}

const std::vector<AxisValue<BlockReduce>>& AxisTable<BlockReduce>::values() {
  static const std::vector<AxisValue<BlockReduce>> rows = {
      {BlockReduce::smem_tree, "tree", "tree", "Reduce::tree"},
      {BlockReduce::tree_warp_tail, "tree_warp_tail", "treewt", "Reduce::tree_warp_tail"},
      {BlockReduce::warp_shuffle, "shuffle", "shfl", "Reduce::shuffle"},
      {BlockReduce::cg_reduce, "cg_reduce", "cg", "Reduce::cg_reduce"},
      {BlockReduce::cub_warp_reductions, "cub_warp_reductions", "cubwarp", "Reduce::cub_warp_reductions"},
      {BlockReduce::cub_raking, "cub_raking", "cubrake", "Reduce::cub_raking"},
      {BlockReduce::cub_raking_commutative, "cub_raking_commutative", "cubrakec", "Reduce::cub_raking_commutative"},
  };
  return rows;
}

const std::vector<AxisValue<GridFinish>>& AxisTable<GridFinish>::values() {
  static const std::vector<AxisValue<GridFinish>> rows = {
      {GridFinish::two_pass, "two_pass", "2pass", "Finish::two_pass"},
      {GridFinish::atomic, "atomic", "atomic", "Finish::atomic"},
      {GridFinish::last_block, "last_block", "last", "Finish::last_block"},
      {GridFinish::cluster, "cluster", "cluster", "Finish::cluster"},
      {GridFinish::atomic_ticket, "atomic_ticket", "atick", "Finish::atomic_ticket"},
      {GridFinish::gather, "gather", "gather", "Finish::gather"},
  };
  return rows;
}

const std::vector<AxisValue<LoadHint>>& AxisTable<LoadHint>::values() {
  static const std::vector<AxisValue<LoadHint>> rows = {
      {LoadHint::plain, "plain", "plain", "Hint::plain"},
      {LoadHint::nc, "nc", "nc", "Hint::nc"},
      {LoadHint::no_allocate, "no_allocate", "noalloc", "Hint::no_allocate"},
      {LoadHint::streaming, "streaming", "cs", "Hint::streaming"},
      {LoadHint::l2_prefetch, "l2_prefetch", "pf256", "Hint::l2_prefetch"},
      {LoadHint::bulk, "bulk", "bulk", "Hint::bulk"},
  };
  return rows;
}

// own's id is "own", except on f32 input, where VariantConfig::id() keeps
// "f32": every f32 id was written that way before the axis had a second value.
const std::vector<AxisValue<Accumulator>>& AxisTable<Accumulator>::values() {
  static const std::vector<AxisValue<Accumulator>> rows = {
      {Accumulator::own, "own", "own", "Accum::own"},
      {Accumulator::kahan, "kahan", "kahan", "Accum::kahan"},
      {Accumulator::f64, "f64", "f64", "Accum::f64"},
  };
  return rows;
}

}  // namespace dotsweep
