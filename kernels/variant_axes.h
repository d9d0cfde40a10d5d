// The named axes of the variant space, once for host and kernel. Plain C++
// (no CUDA keywords), like launch_constants.h: NVRTC sees it through the
// kernel headers, the host through src/core/space/variant_axes.hpp, which adds each
// value's space-file name and id. The host spells a value in an NVRTC name
// expression as "<Enum>::<name>", so every enumerator is named exactly as
// space files and CSV columns name the value.
#pragma once

namespace dotsweep_kernels {

// How blocks cover n: one tile per block | grid-stride over k x SMs x occupancy | one block.
enum class Grid : int { cover, persistent, single };

// Where a block keeps its partial sums while reducing them.
enum class Layout : int { interleaved_divergent, interleaved_strided, sequential, padded, warp_partials, library };

// How a block reduces them (tree ones use the layout; library ones are CUB's).
enum class Reduce : int { tree, tree_warp_tail, shuffle, cg_reduce, cub_warp_reductions, cub_raking, cub_raking_commutative };

// How the blocks' totals become one result. atomic_ticket: atomicAdd into a
// scratch accumulator, the last ticket takes and resets it (one launch, no
// memset). gather: every block stores its total in its own slot, block 0
// waits for them all and sums them in order (one launch, no memset, no atomics).
enum class Finish : int { two_pass, atomic, last_block, cluster, atomic_ticket, gather };

// How the inputs reach the registers: a global load with a cache hint, or
// (bulk) the cp.async.bulk ring through shared memory. l2_prefetch: a plain
// load that asks L2 to fetch the whole 256-byte block around the line it misses.
// pdl and pdl_l2 say when the loads may start: the kernel is launched as a
// programmatic dependent of the stream's previous kernel, lets the next
// launch start at its own entry, and waits (griddepcontrol.wait) for the
// previous kernel to complete before its first access to global memory;
// pdl_l2 first asks L2 to fetch the thread's first tile, which is safe
// whoever writes the inputs, since L2 is where writes land. Plain loads after
// the wait.
enum class Hint : int { plain, nc, no_allocate, streaming, l2_prefetch, bulk, pdl, pdl_l2 };

// The hints whose kernel is launched with programmatic stream serialization
// (the host launcher and dotsweep::dot read this, the kernel waits on it).
constexpr bool launches_as_dependent(Hint h) { return h == Hint::pdl || h == Hint::pdl_l2; }

// own: the type's own accumulation precision (f32 for f32/f16/bf16, f64 for
// f64); kahan: compensated f32; f64: every type widened to double.
enum class Accum : int { own, kahan, f64 };

// The rules between axes that the kernel enforces with static_asserts
// (block_reduce.cuh) and the host's planner checks before it compiles a
// variant (core/space/variant_config.cpp): written once, here.

// The reductions written by CUB (BlockReduce, with its own TempStorage).
constexpr bool is_cub(Reduce r) {
  return r == Reduce::cub_warp_reductions || r == Reduce::cub_raking || r == Reduce::cub_raking_commutative;
}
// The tree reductions: one shared slot per thread, halved each step, so a
// power-of-two block.
constexpr bool is_tree(Reduce r) { return r == Reduce::tree || r == Reduce::tree_warp_tail; }

// The layouts each reduction is written for; any other pair does not compile.
constexpr bool layout_fits_reduce(Layout l, Reduce r) {
  switch (r) {
    case Reduce::tree:
      return l == Layout::interleaved_divergent || l == Layout::interleaved_strided || l == Layout::sequential ||
             l == Layout::padded;
    case Reduce::tree_warp_tail:
      return l == Layout::interleaved_strided || l == Layout::sequential || l == Layout::padded;
    case Reduce::shuffle:
    case Reduce::cg_reduce: return l == Layout::warp_partials;
    case Reduce::cub_warp_reductions:
    case Reduce::cub_raking:
    case Reduce::cub_raking_commutative: return l == Layout::library;
  }
  return false;
}

// The finishes whose blocks each write one partial for a later step to sum
// (cluster: one per cluster, at its rank 0's slot).
constexpr bool writes_partials(Finish f) {
  return f == Finish::two_pass || f == Finish::last_block || f == Finish::cluster || f == Finish::gather;
}

}  // namespace dotsweep_kernels
