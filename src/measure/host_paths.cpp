#include "measure/host_paths.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/stats/crossover.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/host_path_dot.hpp"
#include "measure/cpu_dot.hpp"

namespace dotsweep {

namespace {

std::unique_ptr<DotOperation> make_path(const DeviceInfo& device, const std::string& name, ElementType type) {
  if (name == kGpuFromPageableName) return make_host_path_dot(device, HostPath::pageable, type);
  if (name == kGpuFromPinnedName) return make_host_path_dot(device, HostPath::pinned, type);
  if (name == kGpuResidentName) return make_host_path_dot(device, HostPath::resident, type);
  if (name == kCpuBlasName) return make_cpu_blas_dot(type);
  if (name == kCpuLoopName) return make_cpu_loop_dot(type);
  throw std::logic_error("no host path is named '" + name + "'");
}

}  // namespace

std::vector<ElementType> host_path_types(const std::vector<ElementType>& types) {
  std::vector<ElementType> out;
  for (const ElementType type : {ElementType::f32, ElementType::f64})
    if (std::find(types.begin(), types.end(), type) != types.end()) out.push_back(type);
  return out;
}

std::vector<MeasuredOperation> host_path_operations(const DeviceInfo& device, const std::vector<ElementType>& types) {
  std::vector<std::string> names = gpu_path_names();
  for (const auto& name : cpu_path_names()) names.push_back(name);
  std::vector<MeasuredOperation> operations;
  for (const ElementType type : host_path_types(types))
    for (const auto& name : names) {
      MeasuredOperation op;
      op.name = name;
      op.type = type;
      op.host_synchronous = true;
      op.host_path = true;
      try {
        op.operation = make_path(device, name, type);
      } catch (const GpuError& e) {
        op.failure = e.what();  // its rows say why; the other rows go on
      }
      operations.push_back(std::move(op));
    }
  return operations;
}

}  // namespace dotsweep
