// Ids and validity rules of a kernel variant. Every spelling comes from the
// axis table (core/variant_axes.cpp); the id format is part of the report
// format: compare and gate match rows by it.
#include "core/variant_config.hpp"

namespace dotsweep {

namespace {

bool is_power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

template <class E>
const char* id_part(E v) { return axis_row(v).id; }

template <class E>
std::string kernel_part(E v) { return std::string(kKernelNamespace) + axis_row(v).kernel; }

// Shared memory the block reduction needs: a tree keeps one slot per thread,
// a shuffle reduction one slot per warp (at most 32 warps per block).
int shared_bytes(const VariantConfig& c) {
  const int slots = c.reduce == BlockReduce::smem_tree ? c.block : 32;
  return slots * accumulator_bytes(c.acc);
}

// Load widths per type: 1, 2, 4 elements, and 8 for the 2-byte types (8 and
// 16 bytes), so no load exceeds the 16-byte maximum of one instruction.
bool vec_fits_type(int vec, ElementType type) {
  if (vec == 1 || vec == 2) return true;
  if (vec == 4) return type != ElementType::f64;
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
  std::string grid_part = id_part(grid);
  if (grid == GridKind::persistent) grid_part += std::to_string(persistent_k);
  return std::string(id_part(type)) + ".b" + std::to_string(block) + ".i" + std::to_string(items) + ".v" +
         std::to_string(vec) + "." + grid_part + "." + id_part(layout) + "." + id_part(reduce) + "." +
         id_part(finish) + "." + id_part(hint) + "." + id_part(acc);
}

std::string policy_name_expression(const VariantConfig& c) {
  const std::string ns = kKernelNamespace;
  return ns + "DotPolicy<" + axis_row(c.type).kernel + ", " + std::to_string(c.block) + ", " +
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
  if (c.reduce == BlockReduce::smem_tree && !is_power_of_two(c.block))
    return "block " + b +
           " is not a power of two, which reduce tree needs (sequential addressing halves the "
           "active threads each step)";
  if (c.reduce == BlockReduce::warp_shuffle && c.block % 32 != 0)
    return "block " + b + " is not a multiple of 32, which reduce shuffle needs (whole warps)";
  if (c.items < 1 || c.items > 16)
    return "items " + std::to_string(c.items) + " is outside [1, 16]";
  if (!vec_fits_type(c.vec, c.type))
    return "vec " + std::to_string(c.vec) + " is not a " + to_string(c.type) + " load width (" + vec_widths(c.type) +
           ": at most 16 bytes per load)";
  if (c.grid == GridKind::persistent && (c.persistent_k < 1 || c.persistent_k > 64))
    return "grid " + grid_name(c) + " needs k in [1, 64]";
  if (c.grid == GridKind::single && c.finish != GridFinish::last_block)
    return "grid single is one block, which writes the result itself; finish " + to_string(c.finish) + " would only add " +
           (c.finish == GridFinish::atomic     ? "a memset"
            : c.finish == GridFinish::two_pass ? "a second launch"
                                               : "idle blocks to fill a cluster") +
           " (use finish last_block)";
  if (c.finish == GridFinish::cluster && limits.arch > 0 && limits.arch < 90)
    return "finish cluster needs thread-block clusters and distributed shared memory (sm_90 or newer); this is sm_" +
           std::to_string(limits.arch);
  if (c.layout == SharedLayout::sequential && c.reduce != BlockReduce::smem_tree)
    return "layout sequential works only with reduce tree, not " + to_string(c.reduce);
  if (c.layout == SharedLayout::warp_partials && c.reduce != BlockReduce::warp_shuffle)
    return "layout warp_partials works only with reduce shuffle, not " + to_string(c.reduce);
  if (c.type != ElementType::f32)
    return "type " + to_string(c.type) + " is not instantiated by the kernel yet (issue 5, element types)";
  if (shared_bytes(c) > limits.max_shared_bytes_per_block)
    return "shared memory " + std::to_string(shared_bytes(c)) + " bytes for block " + b +
           " exceeds the device's " + std::to_string(limits.max_shared_bytes_per_block) +
           " bytes per block";
  return std::nullopt;
}

// A switch, not a table lookup, so adding an enumerator (f64, kahan) warns
// here (-Wswitch) instead of silently reusing another value's size.
int accumulator_bytes(Accumulator v) {
  switch (v) {
    case Accumulator::f32: return 4;
  }
  return 0;
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
