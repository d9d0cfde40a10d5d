#include "gpu/variant_kernel.hpp"

#include <algorithm>

#include "core/space/launch_geometry.hpp"
#include "launch_constants.h"

namespace dotsweep {

namespace {
using dotsweep_kernels::kClusterBlocks;
using dotsweep_kernels::kFinishBlock;
long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }
// The finishes whose blocks atomicAdd their totals: no fixed order, and the
// partials meet in one chain of adds.
bool adds_atomically(GridFinish f) { return f == GridFinish::atomic || f == GridFinish::atomic_ticket; }
// The finishes whose last block is found by a ticket (and atomic_ticket's sum beside it).
bool draws_ticket(GridFinish f) { return f == GridFinish::last_block || f == GridFinish::atomic_ticket; }
// The finishes whose totals meet in the gather's slots (per block or per cluster).
bool gathers(GridFinish f) { return f == GridFinish::gather || f == GridFinish::cluster; }

// The launch shape of the cluster finish: kClusterBlocks blocks per cluster.
cudaLaunchAttribute cluster_attribute() {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = kClusterBlocks;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  return attribute;
}
// Hints pdl and pdl_l2: the kernel may start before the stream's previous
// kernel ends (it waits for it itself: dot_kernel.cuh, begin_as_dependent).
cudaLaunchAttribute dependent_launch_attribute() {
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  return attribute;
}
}  // namespace

std::vector<std::string> kernel_name_expressions(const VariantConfig& c) {
  std::vector<std::string> names{kernel_name_expression(c)};
  if (c.finish == GridFinish::two_pass)
    names.push_back(std::string(kKernelNamespace) + "finish_partials<" + policy_name_expression(c) + ">");
  return names;
}

std::vector<std::string> kernel_compile_options(const VariantConfig& c) {
  std::vector<std::string> options;
  const bool cub = c.reduce == BlockReduce::cub_warp_reductions || c.reduce == BlockReduce::cub_raking ||
                   c.reduce == BlockReduce::cub_raking_commutative;
  if (!cub) options.push_back("-DDOTSWEEP_NO_CUB");
  if (c.reduce != BlockReduce::cg_reduce) options.push_back("-DDOTSWEEP_NO_CG");
  return options;
}

VariantKernel::VariantKernel(const VariantConfig& config, const CompiledKernels& compiled, const DeviceInfo& device,
                             const ScratchArena& scratch)
    : config_(config), library_(compiled.cubin), scratch_(scratch), sms_(device.sms),
      dynamic_shared_bytes_(dynamic_shared_bytes(config)) {
  dot_kernel_ = library_.kernel(compiled.lowered_names.at(0));
  if (config.finish == GridFinish::two_pass) finish_kernel_ = library_.kernel(compiled.lowered_names.at(1));
  // Above 48 KiB of dynamic shared memory a kernel must opt in; setting it
  // for every ring keeps one path.
  if (dynamic_shared_bytes_ > 0)
    check_cuda(cudaFuncSetAttribute(dot_kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize, dynamic_shared_bytes_),
               "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident_blocks_per_sm_, dot_kernel_, config.block,
                                                           static_cast<std::size_t>(dynamic_shared_bytes_)),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (resident_blocks_per_sm_ < 1) throw GpuError("variant " + config.id() + " cannot be resident on an SM");
  if (config.finish == GridFinish::cluster) {
    // A cluster of kClusterBlocks (16, above the portable 8) of these blocks
    // must fit on one GPC.
    check_cuda(cudaFuncSetAttribute(dot_kernel_, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
               "cudaFuncSetAttribute(NonPortableClusterSizeAllowed)");
    cudaLaunchAttribute attribute = cluster_attribute();
    cudaLaunchConfig_t launch{};
    launch.gridDim = dim3(kClusterBlocks);
    launch.blockDim = dim3(config.block);
    launch.dynamicSmemBytes = static_cast<std::size_t>(dynamic_shared_bytes_);
    launch.attrs = &attribute;
    launch.numAttrs = 1;
    int clusters = 0;
    check_cuda(cudaOccupancyMaxActiveClusters(&clusters, dot_kernel_, &launch), "cudaOccupancyMaxActiveClusters");
    if (clusters < 1)
      throw GpuError("variant " + config.id() + ": a cluster of " + std::to_string(kClusterBlocks) +
                     " blocks cannot be resident");
  }
}

void VariantKernel::prepare(long long n) {
  n_ = n;
  grid_blocks_ = grid_blocks_at(config_, n, static_cast<long long>(sms_) * resident_blocks_per_sm_);
  if (grid_blocks_ > 0x7fffffffLL) throw GpuError("variant " + config_.id() + " needs more than 2^31-1 blocks at n=" + std::to_string(n));
  const std::size_t bytes = partial_bytes(config_, grid_blocks_);
  const bool gather = gathers(config_.finish);
  if (gather) partials_ = scratch_.gather_slots(bytes);
  else if (config_.finish == GridFinish::atomic_ticket) partials_ = scratch_.running_sum();
  else if (bytes > 0) partials_ = scratch_.partials(bytes);
  // The ticket, the sum and the slots start every turn as a correct launch leaves them.
  if (draws_ticket(config_.finish) || gather) scratch_.clear_for(gather ? bytes : 0);
}

void VariantKernel::enqueue(const DotInputs& in, cudaStream_t stream) {
  void* partials = partials_;
  unsigned int* ticket = scratch_.ticket();
  void* result = in.result;  // the kernel's parameters are typed; pointers pass through unchanged
  long long n = in.n;
  const void* a = in.a;
  const void* b = in.b;
  if (config_.finish == GridFinish::atomic)
    check_cuda(cudaMemsetAsync(result, 0, static_cast<std::size_t>(result_bytes(config_.type)), stream), "cudaMemsetAsync(result)");
  void* dot_args[] = {&a, &b, &n, &partials, &ticket, &result};
  cudaLaunchAttribute attributes[2];
  unsigned int attribute_count = 0;
  if (config_.finish == GridFinish::cluster) attributes[attribute_count++] = cluster_attribute();
  if (dotsweep_kernels::launches_as_dependent(config_.hint)) attributes[attribute_count++] = dependent_launch_attribute();
  if (attribute_count > 0) {
    cudaLaunchConfig_t launch{};
    launch.gridDim = dim3(static_cast<unsigned>(grid_blocks_));
    launch.blockDim = dim3(config_.block);
    launch.dynamicSmemBytes = static_cast<std::size_t>(dynamic_shared_bytes_);
    launch.stream = stream;
    launch.attrs = attributes;
    launch.numAttrs = attribute_count;
    check_cuda(cudaLaunchKernelExC(&launch, dot_kernel_, dot_args), "launch dot_kernel (with attributes)");
  } else {
    check_cuda(cudaLaunchKernel(dot_kernel_, dim3(static_cast<unsigned>(grid_blocks_)), dim3(config_.block), dot_args,
                                static_cast<std::size_t>(dynamic_shared_bytes_), stream),
               "launch dot_kernel");
  }
  if (config_.finish == GridFinish::two_pass) {
    long long count = grid_blocks_;
    void* finish_args[] = {&partials, &count, &result};
    check_cuda(cudaLaunchKernel(finish_kernel_, dim3(1), dim3(kFinishBlock), finish_args, 0, stream),
               "launch finish_partials");
  }
}

bool VariantKernel::promises_determinism() const { return !adds_atomically(config_.finish); }

SummationShape VariantKernel::summation_shape() const {
  SummationShape shape;
  const long long vectors = n_ / config_.vec;
  const long long threads = grid_blocks_ * config_.block;
  const long long loads_per_thread = std::max(1LL, ceil_div(vectors, threads));
  shape.per_thread_terms = loads_per_thread * config_.vec + (config_.vec > 1 ? 1 : 0);
  shape.block = config_.block;
  shape.partials = grid_blocks_;
  shape.finish_is_sequential = adds_atomically(config_.finish);
  if (config_.finish == GridFinish::cluster) {
    // Rank 0 adds the cluster's kClusterBlocks sums one after another: a
    // chain that lengthens every path by that many adds (counted with the
    // thread's own), and block 0 then gathers one total per cluster.
    shape.per_thread_terms += kClusterBlocks;
    shape.partials = grid_blocks_ / kClusterBlocks;
  }
  shape.finish_block = finish_block_threads(config_, grid_blocks_);
  // What the sums are rounded to: f32 (own on f32/f16/bf16, kahan) or f64
  // (own on f64, acc f64). Kahan compensates each thread's chain only; the
  // block and grid sums are plain f32.
  shape.unit_roundoff = accumulator_bytes(config_.type, config_.acc) == 8 ? 0x1p-53 : 0x1p-24;
  shape.compensated = config_.acc == Accumulator::kahan;
  // An f64 sum returned in a float slot (f32/f16/bf16 inputs) is rounded
  // once more on the way out: the bound must carry that rounding (found on
  // the H200: acc f64 rows erred by ~2^-24 against a 2^-53 bound).
  if (shape.unit_roundoff < 0x1p-24 && result_bytes(config_.type) == 4) shape.rounded_output = ElementType::f32;
  return shape;
}

}  // namespace dotsweep
