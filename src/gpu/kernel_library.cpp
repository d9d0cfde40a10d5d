#include "gpu/kernel_library.hpp"

#include "gpu/cuda_error.hpp"

namespace dotsweep {

KernelLibrary::KernelLibrary(const std::vector<char>& cubin) {
  check_cuda(cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0),
             "cudaLibraryLoadData");
}

KernelLibrary::~KernelLibrary() {
  if (library_) cudaLibraryUnload(library_);
}

const void* KernelLibrary::kernel(const std::string& lowered_name) const {
  cudaKernel_t handle = nullptr;
  check_cuda(cudaLibraryGetKernel(&handle, library_, lowered_name.c_str()), "cudaLibraryGetKernel");
  return reinterpret_cast<const void*>(handle);
}

}  // namespace dotsweep
