// Ids and validity rules of a kernel variant. Every spelling comes from the
// axis table (core/space/variant_axes.cpp); the id format is part of the report
// format: compare and gate match rows by it.
#include "core/space/variant_config.hpp"

#include "core/space/arch_features.hpp"
#include "launch_constants.h"

namespace dotsweep {

namespace {

bool is_power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

template <class E>
const char* id_part(E v) { return axis_row(v).id; }

template <class E>
std::string kernel_part(E v) { return std::string(kKernelNamespace) + kernel_spelling(v); }

// The rules the kernel's static_asserts enforce (kernels/variant_axes.h).
using dotsweep_kernels::is_cub;
using dotsweep_kernels::is_tree;
using dotsweep_kernels::layout_fits_reduce;

std::string layouts_of(BlockReduce r) {
  std::string out;
  for (const auto& row : AxisTable<SharedLayout>::values())
    if (layout_fits_reduce(row.value, r)) out += std::string(out.empty() ? "" : ", ") + row.name;
  return out;
}

// Static shared memory of the block reduction (an upper bound for cub's
// TempStorage, which is at most a word per thread plus padding): a tree keeps
// one slot per thread (padded: one more per 128-byte row), the warp
// reductions one slot per warp.
int shared_bytes(const VariantConfig& c) {
  const int acc = accumulator_bytes(c.type, c.acc);
  if (is_tree(c.reduce)) {
    const int slots = c.layout == SharedLayout::padded ? c.block + c.block / (128 / acc) : c.block;
    return slots * acc;
  }
  if (is_cub(c.reduce)) return 2 * c.block * acc;
  return 32 * acc;
}

// Load widths per type: 1, 2, 4 elements, and 8 for the 2-byte types (8 and
// 16 bytes), so no load exceeds the 16-byte maximum of one instruction.
// f64 x 4 is 32 bytes: two 16-byte loads (kernels/load.cuh), as sm_90 has
// no 32-byte global load.
bool vec_fits_type(int vec, ElementType type) {
  if (vec == 1 || vec == 2 || vec == 4) return true;
  return vec == 8 && element_bytes(type) == 2;
}
std::string vec_widths(ElementType type) {
  std::string out;
  for (int v : {1, 2, 4, 8})
    if (vec_fits_type(v, type)) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return out;
}

}  // namespace

std::string VariantConfig::id() const {
  // f32 ids ended in ".f32" before the accumulator axis had other values;
  // they still do, so old reports keep matching.
  const std::string acc_id = type == ElementType::f32 && acc == Accumulator::own ? "f32" : id_part(acc);
  std::string grid_part = id_part(grid);
  if (grid == GridKind::persistent) grid_part += std::to_string(persistent_k);
  return std::string(id_part(type)) + ".b" + std::to_string(block) + ".i" + std::to_string(items) + ".v" +
         std::to_string(vec) + "." + grid_part + "." + id_part(layout) + "." + id_part(reduce) + "." +
         id_part(finish) + "." + id_part(hint) + "." + acc_id;
}

std::string policy_name_expression(const VariantConfig& c) {
  const std::string ns = kKernelNamespace;
  return ns + "DotPolicy<" + kernel_spelling(c.type) + ", " + std::to_string(c.block) + ", " +
         std::to_string(c.items) + ", " + std::to_string(c.vec) + ", " + kernel_part(c.grid) + ", " +
         kernel_part(c.layout) + ", " + kernel_part(c.reduce) + ", " + kernel_part(c.finish) + ", " +
         kernel_part(c.hint) + ", " + kernel_part(c.acc) + ">";
}

std::string kernel_name_expression(const VariantConfig& c) {
  return std::string(kKernelNamespace) + "dot_kernel<" + policy_name_expression(c) + ">";
}

std::optional<std::string> rejection_reason(const VariantConfig& c, const DeviceLimits& limits) {
  const std::string b = std::to_string(c.block);
  if (c.block < 32 || c.block > 1024)
    return "block " + b + " is outside [32, 1024]";
  if (c.block > limits.max_threads_per_block)
    return "block " + b + " exceeds the device's " + std::to_string(limits.max_threads_per_block) +
           " threads per block";
  if (!layout_fits_reduce(c.layout, c.reduce))
    return "layout " + to_string(c.layout) + " does not go with reduce " + to_string(c.reduce) +
           " (its layouts: " + layouts_of(c.reduce) + ")" +
           (c.reduce == BlockReduce::tree_warp_tail && c.layout == SharedLayout::interleaved_divergent
                ? "; interleaved_divergent's last active threads sit in different warps, so it has no warp tail"
                : "");
  if (is_tree(c.reduce) && !is_power_of_two(c.block))
    return "block " + b + " is not a power of two, which reduce " + to_string(c.reduce) +
           " needs (each step halves the active threads)";
  if (!is_tree(c.reduce) && c.block % 32 != 0)
    return "block " + b + " is not a multiple of 32, which reduce " + to_string(c.reduce) + " needs (whole warps)";
  if (c.items < 1 || c.items > 16)
    return "items " + std::to_string(c.items) + " is outside [1, 16]";
  if (!vec_fits_type(c.vec, c.type))
    return "vec " + std::to_string(c.vec) + " is not a " + to_string(c.type) + " load width (" + vec_widths(c.type) +
           ")";
  if (c.grid == GridKind::persistent && (c.persistent_k < 1 || c.persistent_k > 64))
    return "grid " + grid_name(c) + " needs k in [1, 64]";
  if (c.grid == GridKind::single && c.finish != GridFinish::last_block)
    return "grid single is one block, which writes the result itself; finish " + to_string(c.finish) + " would only add " +
           (c.finish == GridFinish::atomic          ? "a memset"
            : c.finish == GridFinish::two_pass      ? "a second launch"
            : c.finish == GridFinish::atomic_ticket ? "an atomic add and a ticket"
            : c.finish == GridFinish::gather        ? "nothing (one block has no slots to gather: the same code)"
                                                    : "idle blocks to fill a cluster") +
           " (use finish last_block)";
  if (auto too_old = arch_rejection(c, limits.arch)) return too_old;
  if (c.acc == Accumulator::kahan && c.type == ElementType::f64)
    return "acc kahan is a compensated f32 accumulator; on f64 input it would lose precision (use acc own)";
  if (c.acc == Accumulator::f64 && c.type == ElementType::f64)
    return "acc f64 on f64 input is the same code as acc own";
  // The atomic finish adds the block totals into the result slot itself,
  // which is a float for every type but f64: the f64 sums would end in a chain
  // of float atomics, and the error bound, which trusts the accumulator,
  // would reject correct results. atomic_ticket adds them in the accumulator.
  if (c.acc == Accumulator::f64 && c.finish == GridFinish::atomic)
    return "acc f64 with finish atomic adds the block totals in the " + to_string(c.type) +
           " result's float (atomicAdd on the result), losing what acc f64 keeps; use finish atomic_ticket, whose sum "
           "is f64";
  if (c.hint == LoadHint::bulk) {
    const int chunk = bulk_chunk_elements(c.type);
    if (c.vec != chunk)
      return "hint bulk reads shared memory in 16-byte chunks, so vec is " + std::to_string(chunk) + " for " +
             to_string(c.type) + " (another vec would be the same code under another id)";
    if (dynamic_shared_bytes(c) + shared_bytes(c) > limits.max_shared_optin_bytes_per_block)
      return "hint bulk's ring of " + std::to_string(dotsweep_kernels::kBulkStages) + " stages needs " +
             std::to_string(dynamic_shared_bytes(c)) + " bytes of shared memory at block " + b + ", items " +
             std::to_string(c.items) + ", over the device's " + std::to_string(limits.max_shared_optin_bytes_per_block) +
             " bytes per block";
  }
  if (shared_bytes(c) > limits.max_shared_bytes_per_block)
    return "shared memory " + std::to_string(shared_bytes(c)) + " bytes for block " + b +
           " exceeds the device's " + std::to_string(limits.max_shared_bytes_per_block) +
           " bytes per block";
  return std::nullopt;
}

// A switch, not a table lookup, so adding an enumerator warns here
// (-Wswitch) instead of silently reusing another value's size.
int accumulator_bytes(ElementType type, Accumulator v) {
  switch (v) {
    case Accumulator::own: return type == ElementType::f64 ? 8 : 4;
    case Accumulator::kahan: return 4;
    case Accumulator::f64: return 8;
  }
  return 0;
}

int bulk_chunk_elements(ElementType type) { return dotsweep_kernels::kBulkChunkBytes / element_bytes(type); }

int finish_block_threads(const VariantConfig& c, long long grid_blocks) {
  if (c.finish == GridFinish::two_pass) return dotsweep_kernels::kFinishBlock;
  // The gather's slots are the blocks' (gather) or the clusters' (cluster).
  const long long slots = c.finish == GridFinish::cluster ? grid_blocks / dotsweep_kernels::kClusterBlocks : grid_blocks;
  if ((c.finish == GridFinish::gather || c.finish == GridFinish::cluster) && slots <= dotsweep_kernels::kGatherWarpSlots)
    return dotsweep_kernels::kGatherThreads;
  return c.block;
}

int dynamic_shared_bytes(const VariantConfig& c) {
  return c.hint == LoadHint::bulk ? dotsweep_kernels::bulk_ring_bytes(c.block, c.items) : 0;
}

std::string to_string(GridKind v) { return axis_row(v).name; }
std::string to_string(SharedLayout v) { return axis_row(v).name; }
std::string to_string(BlockReduce v) { return axis_row(v).name; }
std::string to_string(GridFinish v) { return axis_row(v).name; }
std::string to_string(LoadHint v) { return axis_row(v).name; }
std::string to_string(Accumulator v) { return axis_row(v).name; }

std::string grid_name(const VariantConfig& c) {
  return c.grid == GridKind::persistent ? to_string(c.grid) + ":" + std::to_string(c.persistent_k)
                                        : to_string(c.grid);
}

}  // namespace dotsweep
