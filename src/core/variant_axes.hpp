// The one table of the variant space's named axes. Each value is spelled four
// ways and every spelling lives here, on the value's own row:
//   name   - space files and CSV columns ("warp_partials", "last_block")
//   id     - the variant id ("warp", "last"); old ids never change, so reports
//            in results/ keep matching
//   kernel - the enumerator in kernels/dot_policy.cuh that NVRTC instantiates
//            ("Layout::warp_partials"); a value cannot borrow another's kernel
// The space parser, VariantConfig::id(), the CSV writer (through to_string)
// and the NVRTC name expression all read these rows and nothing else.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/element_type.hpp"

namespace dotsweep {

enum class GridKind { cover, persistent, single };  // one tile per block | grid-stride | one block
// New enumerators go at the end: tests walk every value by its int.
enum class SharedLayout { sequential, warp_partials, interleaved_divergent, interleaved_strided, padded, library };
enum class BlockReduce {
  smem_tree, warp_shuffle, tree_warp_tail, cg_reduce, cub_warp_reductions, cub_raking, cub_raking_commutative
};
// atomic_ticket: atomicAdd into a scratch accumulator, the last ticket takes
// and resets it (one launch, no memset; kernels/dot_kernel.cuh). gather:
// every block stores its total in its own slot, block 0 waits for them all
// and sums them in order (one launch, no memset, no atomics).
enum class GridFinish { two_pass, atomic, last_block, cluster, atomic_ticket, gather };
// How the inputs reach the registers: a global load with a cache hint, or
// (bulk) the cp.async.bulk ring through shared memory. One axis, since a
// variant takes exactly one of these paths. l2_prefetch: a plain load that
// asks L2 to fetch the whole 256-byte block around the line it misses.
enum class LoadHint { plain, nc, no_allocate, streaming, l2_prefetch, bulk };
// own: the type's own accumulation precision (f32 for f32/f16/bf16, f64 for
// f64); kahan: compensated f32; f64: every type widened to double.
enum class Accumulator { own, kahan, f64 };

template <class E>
struct AxisValue {
  E value;
  const char* name;
  const char* id;
  const char* kernel;
};

// AxisTable<E>::key is the space-file key; ::values lists every value in
// the order a space file's error message names them.
template <class E> struct AxisTable;

template <> struct AxisTable<ElementType> {
  static constexpr const char* key = "type";
  static const std::vector<AxisValue<ElementType>>& values();
};
template <> struct AxisTable<GridKind> {
  static constexpr const char* key = "grid";
  static const std::vector<AxisValue<GridKind>>& values();
};
template <> struct AxisTable<SharedLayout> {
  static constexpr const char* key = "layout";
  static const std::vector<AxisValue<SharedLayout>>& values();
};
template <> struct AxisTable<BlockReduce> {
  static constexpr const char* key = "reduce";
  static const std::vector<AxisValue<BlockReduce>>& values();
};
template <> struct AxisTable<GridFinish> {
  static constexpr const char* key = "finish";
  static const std::vector<AxisValue<GridFinish>>& values();
};
template <> struct AxisTable<LoadHint> {
  static constexpr const char* key = "hint";
  static const std::vector<AxisValue<LoadHint>>& values();
};
template <> struct AxisTable<Accumulator> {
  static constexpr const char* key = "acc";
  static const std::vector<AxisValue<Accumulator>>& values();
};

// The row of a value. Every enumerator has one (a unit test walks them all).
template <class E>
const AxisValue<E>& axis_row(E value) {
  for (const auto& row : AxisTable<E>::values())
    if (row.value == value) return row;
  return AxisTable<E>::values().front();  // unreachable while the test holds
}

template <class E>
std::optional<E> axis_value_from_name(std::string_view name) {
  for (const auto& row : AxisTable<E>::values())
    if (name == row.name) return row.value;
  return std::nullopt;
}

template <class E>
std::vector<std::string> axis_names() {
  std::vector<std::string> out;
  for (const auto& row : AxisTable<E>::values()) out.push_back(row.name);
  return out;
}

// The kernel spellings are enumerators of this namespace.
inline constexpr const char* kKernelNamespace = "dotsweep_kernels::";

}  // namespace dotsweep
