// A candidate variant: one instantiation of kernels/dot_kernel.cuh, compiled by
// NVRTC and launched through the runtime API.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/space/variant_config.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/kernel_library.hpp"
#include "gpu/nvrtc_compiler.hpp"
#include "gpu/scratch_arena.hpp"

namespace dotsweep {

// The NVRTC name expressions a variant needs: its dot kernel and, for the
// two-pass finish, the finishing kernel (the second launch).
std::vector<std::string> kernel_name_expressions(const VariantConfig& config);
// The NVRTC options the variant compiles with beyond the compiler's own:
// -DDOTSWEEP_NO_CUB / -DDOTSWEEP_NO_CG unless its reduction needs those
// headers (kernels/block_reduce.cuh), which saves NVRTC seconds per variant.
// Options are part of the cubin cache key.
std::vector<std::string> kernel_compile_options(const VariantConfig& config);

class VariantKernel : public DotOperation {
 public:
  // `scratch` (shared by every candidate of the process) must outlive it.
  VariantKernel(const VariantConfig& config, const CompiledKernels& compiled, const DeviceInfo& device,
                const ScratchArena& scratch);

  void prepare(long long n) override;
  void enqueue(const DotInputs& inputs, cudaStream_t stream) override;
  long long grid_blocks() const override { return grid_blocks_; }
  ElementType element_type() const override { return config_.type; }
  SummationShape summation_shape() const override;
  // Two-pass, last-block, cluster and gather finishes sum the partials in a fixed
  // order; atomic and atomic_ticket add them in whatever order blocks finish.
  bool promises_determinism() const override;

 private:
  VariantConfig config_;
  KernelLibrary library_;
  const ScratchArena& scratch_;
  const void* dot_kernel_ = nullptr;
  const void* finish_kernel_ = nullptr;
  int resident_blocks_per_sm_ = 0;
  int sms_ = 0;
  long long n_ = 0;
  long long grid_blocks_ = 0;
  int dynamic_shared_bytes_ = 0;        // the bulk ring's stages (hint bulk), else 0
  // The kernel's Acc*: its partials or gather slots in the arena, or
  // atomic_ticket's running sum; null for the atomic finish.
  void* partials_ = nullptr;
};

}  // namespace dotsweep
