// One point of the variant space: the policy parameters of the dot kernel.
// Host-only; the GPU side turns a config into a template instantiation.
#pragma once

#include <optional>
#include <string>

#include "core/space/element_type.hpp"
#include "core/space/variant_axes.hpp"

namespace dotsweep {

struct VariantConfig {
  ElementType type = ElementType::f32;
  int block = 256;         // threads per block
  int items = 1;           // independent vector loads per thread per iteration
  int vec = 1;             // elements per load: 1, 2, 4 (8 for f16/bf16); hint bulk: one 16-byte chunk
  GridKind grid = GridKind::cover;
  int persistent_k = 0;    // k in persistent:k (blocks = k x SMs x occupancy)
                           // (grid single: one block, grid-stride over all of n)
  SharedLayout layout = SharedLayout::sequential;
  BlockReduce reduce = BlockReduce::tree;
  GridFinish finish = GridFinish::two_pass;
  LoadHint hint = LoadHint::plain;
  Accumulator acc = Accumulator::own;

  // Stable id, e.g. "f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32".
  // Reports, compare and gate match rows by it, so its format never changes.
  std::string id() const;
  bool operator==(const VariantConfig& other) const { return id() == other.id(); }
};

// What the device allows; the planner rejects configs beyond it before compiling.
struct DeviceLimits {
  int max_threads_per_block = 1024;
  int max_shared_bytes_per_block = 48 * 1024;
  int arch = 0;  // sm_XX (90 = sm_90); 0 = unknown, so arch-only features are not judged
  // Shared memory a kernel may opt in to (cudaFuncAttributeMaxDynamicSharedMemorySize):
  // 227 KiB, the most any GPU offers (sm_90, sm_100), unless the device (gpu/device_info.hpp)
  // or the arch (`list --arch`, core/space/arch_features.hpp) says less. Bounds the bulk ring.
  int max_shared_optin_bytes_per_block = 227 * 1024;
};

// Why a config cannot run, or nullopt when it is valid.
std::optional<std::string> rejection_reason(const VariantConfig& config, const DeviceLimits& limits);

// Bytes of what the accumulator sums in (the partials' and block sums' type):
// own is 4 except on f64 input, kahan 4, f64 8.
int accumulator_bytes(ElementType type, Accumulator acc);

// Dynamic shared memory of the variant's launch: the bulk ring's stages
// (hint bulk), else 0. The formula mirrors kernels/bulk_ring.cuh's
// bulk_ring_shared_bytes over launch_constants.h's stages; dot_policy.cuh
// static_asserts that both agree.
int dynamic_shared_bytes(const VariantConfig& config);
// Elements per 16-byte chunk of the type: the only vec the bulk ring takes.
int bulk_chunk_elements(ElementType type);
// Threads that sum the grid's partials (the error bound's finish block):
// two_pass's second kernel (kFinishBlock); gather's warp 0 up to
// kGatherWarpSlots blocks and all of block 0 above; otherwise the last
// block, the kernel's own block (launch_constants.h, kernels/dot_kernel.cuh).
int finish_block_threads(const VariantConfig& config, long long grid_blocks);

// Names used in space files and CSV columns ("cover", "persistent:2", "tree", ...),
// read from the axis table (core/space/variant_axes.hpp).
std::string to_string(SharedLayout v);
std::string to_string(BlockReduce v);
std::string to_string(GridFinish v);
std::string to_string(LoadHint v);
std::string to_string(Accumulator v);
std::string to_string(GridKind v);
std::string grid_name(const VariantConfig& config);  // "cover", "single" or "persistent:<k>"

// The config's policy type, spelled from the axis table's kernel column:
// dotsweep_kernels::DotPolicy<float, 256, ..., dotsweep_kernels::Accum::own>.
std::string policy_name_expression(const VariantConfig& config);
// The NVRTC name expression of its dot kernel: dotsweep_kernels::dot_kernel<policy>.
std::string kernel_name_expression(const VariantConfig& config);

}  // namespace dotsweep
