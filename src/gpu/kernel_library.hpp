// A cubin loaded with the runtime API (cudaLibraryLoadData), so the binary
// links no libcuda and starts on machines without a driver.
#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <vector>

namespace dotsweep {

class KernelLibrary {
 public:
  explicit KernelLibrary(const std::vector<char>& cubin);
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  // A kernel by its lowered (mangled) name. The runtime accepts the handle
  // wherever it takes a kernel function pointer (cudaLaunchKernel,
  // cudaFuncGetAttributes, occupancy queries).
  const void* kernel(const std::string& lowered_name) const;

 private:
  cudaLibrary_t library_ = nullptr;
};

}  // namespace dotsweep
