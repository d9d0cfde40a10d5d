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
      {SharedLayout::sequential, "sequential", "seq", "Layout::sequential"},
      {SharedLayout::warp_partials, "warp_partials", "warp", "Layout::warp_partials"},
  };
  return rows;
}

const std::vector<AxisValue<BlockReduce>>& AxisTable<BlockReduce>::values() {
  static const std::vector<AxisValue<BlockReduce>> rows = {
      {BlockReduce::smem_tree, "tree", "tree", "Reduce::tree"},
      {BlockReduce::warp_shuffle, "shuffle", "shfl", "Reduce::shuffle"},
  };
  return rows;
}

const std::vector<AxisValue<GridFinish>>& AxisTable<GridFinish>::values() {
  static const std::vector<AxisValue<GridFinish>> rows = {
      {GridFinish::two_pass, "two_pass", "2pass", "Finish::two_pass"},
      {GridFinish::atomic, "atomic", "atomic", "Finish::atomic"},
      {GridFinish::last_block, "last_block", "last", "Finish::last_block"},
      {GridFinish::cluster, "cluster", "cluster", "Finish::cluster"},
  };
  return rows;
}

const std::vector<AxisValue<LoadHint>>& AxisTable<LoadHint>::values() {
  static const std::vector<AxisValue<LoadHint>> rows = {
      {LoadHint::plain, "plain", "plain", "Hint::plain"},
  };
  return rows;
}

const std::vector<AxisValue<Accumulator>>& AxisTable<Accumulator>::values() {
  static const std::vector<AxisValue<Accumulator>> rows = {
      {Accumulator::f32, "f32", "f32", "Accum::own"},
  };
  return rows;
}

}  // namespace dotsweep
