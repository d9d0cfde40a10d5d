#include "core/space/variant_axes.hpp"

namespace dotsweep {

// The type axis reuses element_type.hpp's names; ids spell the type the same
// way.
const std::vector<AxisValue<ElementType>>& AxisTable<ElementType>::values() {
  static const std::vector<AxisValue<ElementType>> rows = {
      {ElementType::f32, "f32", "f32"},
      {ElementType::f64, "f64", "f64"},
      {ElementType::f16, "f16", "f16"},
      {ElementType::bf16, "bf16", "bf16"},
  };
  return rows;
}

// persistent's id and name carry k ("p2", "persistent:2"); grid_name and
// VariantConfig::id append it.
const std::vector<AxisValue<GridKind>>& AxisTable<GridKind>::values() {
  static const std::vector<AxisValue<GridKind>> rows = {
      {GridKind::cover, "cover", "cover"},
      {GridKind::persistent, "persistent", "p"},
      {GridKind::single, "single", "single"},
  };
  return rows;
}

const std::vector<AxisValue<SharedLayout>>& AxisTable<SharedLayout>::values() {
  static const std::vector<AxisValue<SharedLayout>> rows = {
      {SharedLayout::interleaved_divergent, "interleaved_divergent", "idiv"},
      {SharedLayout::interleaved_strided, "interleaved_strided", "istride"},
      {SharedLayout::sequential, "sequential", "seq"},
      {SharedLayout::padded, "padded", "pad"},
      {SharedLayout::warp_partials, "warp_partials", "warp"},
      {SharedLayout::library, "library", "lib"},
  };
  return rows;
}

const std::vector<AxisValue<BlockReduce>>& AxisTable<BlockReduce>::values() {
  static const std::vector<AxisValue<BlockReduce>> rows = {
      {BlockReduce::tree, "tree", "tree"},
      {BlockReduce::tree_warp_tail, "tree_warp_tail", "treewt"},
      {BlockReduce::shuffle, "shuffle", "shfl"},
      {BlockReduce::cg_reduce, "cg_reduce", "cg"},
      {BlockReduce::cub_warp_reductions, "cub_warp_reductions", "cubwarp"},
      {BlockReduce::cub_raking, "cub_raking", "cubrake"},
      {BlockReduce::cub_raking_commutative, "cub_raking_commutative", "cubrakec"},
  };
  return rows;
}

const std::vector<AxisValue<GridFinish>>& AxisTable<GridFinish>::values() {
  static const std::vector<AxisValue<GridFinish>> rows = {
      {GridFinish::two_pass, "two_pass", "2pass"},
      {GridFinish::atomic, "atomic", "atomic"},
      {GridFinish::last_block, "last_block", "last"},
      {GridFinish::cluster, "cluster", "cluster"},
      {GridFinish::atomic_ticket, "atomic_ticket", "atick"},
      {GridFinish::gather, "gather", "gather"},
  };
  return rows;
}

const std::vector<AxisValue<LoadHint>>& AxisTable<LoadHint>::values() {
  static const std::vector<AxisValue<LoadHint>> rows = {
      {LoadHint::plain, "plain", "plain"},
      {LoadHint::nc, "nc", "nc"},
      {LoadHint::no_allocate, "no_allocate", "noalloc"},
      {LoadHint::streaming, "streaming", "cs"},
      {LoadHint::l2_prefetch, "l2_prefetch", "pf256"},
      {LoadHint::bulk, "bulk", "bulk"},
      {LoadHint::pdl, "pdl", "pdl"},
      {LoadHint::pdl_l2, "pdl_l2", "pdlpf"},
  };
  return rows;
}

// own's id is "own", except on f32 input, where VariantConfig::id() keeps
// "f32": every f32 id was written that way before the axis had a second value.
const std::vector<AxisValue<Accumulator>>& AxisTable<Accumulator>::values() {
  static const std::vector<AxisValue<Accumulator>> rows = {
      {Accumulator::own, "own", "own"},
      {Accumulator::kahan, "kahan", "kahan"},
      {Accumulator::f64, "f64", "f64"},
  };
  return rows;
}

// The device type the kernel instantiates for each element type.
std::string kernel_spelling(ElementType type) {
  switch (type) {
    case ElementType::f32: return "float";
    case ElementType::f64: return "double";
    case ElementType::f16: return "__half";
    case ElementType::bf16: return "__nv_bfloat16";
  }
  return "float";  // unreachable: every enumerator has a case
}

}  // namespace dotsweep
