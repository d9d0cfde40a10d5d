#include "measure/sweep_operations.hpp"

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/variant_kernel.hpp"

namespace dotsweep {

std::vector<MeasuredOperation> sweep_operations(const DeviceInfo& device, const std::vector<VariantConfig>& variants,
                                                CompileQueue& queue, const ScratchArena& scratch) {
  std::vector<MeasuredOperation> operations = baseline_operations(device, baseline_types(variants));
  for (auto& op : variant_operations(device, variants, queue, scratch)) operations.push_back(std::move(op));
  return operations;
}

std::vector<MeasuredOperation> baseline_operations(const DeviceInfo& device, const std::vector<ElementType>& types) {
  std::vector<MeasuredOperation> operations;
  for (auto& baseline : make_baselines(device, types)) {
    MeasuredOperation op;
    op.name = baseline.name;
    op.timed_only = baseline.name == kFloorName;
    op.host_synchronous = baseline.host_synchronous;
    op.type = baseline.type;
    op.operation = std::move(baseline.operation);
    op.failure = baseline.failure;  // its rows say why; the other operations go on
    operations.push_back(std::move(op));
  }
  return operations;
}

std::vector<MeasuredOperation> variant_operations(const DeviceInfo& device, const std::vector<VariantConfig>& variants,
                                                  CompileQueue& queue, const ScratchArena& scratch) {
  std::vector<MeasuredOperation> operations;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    MeasuredOperation op;
    op.name = variants[i].id();
    op.config = variants[i];
    op.type = variants[i].type;
    op.make = [&queue, &device, &scratch, config = variants[i], i]() -> std::unique_ptr<DotOperation> {
      const CompileOutcome& outcome = queue.get(i);
      if (!outcome.kernels) throw GpuError("compile failed: " + outcome.error);
      try {
        return std::make_unique<VariantKernel>(config, *outcome.kernels, device, scratch);
      } catch (const GpuError& e) {
        throw GpuError(std::string("load failed: ") + e.what());
      }
    };
    operations.push_back(std::move(op));
  }
  return operations;
}

}  // namespace dotsweep
