#include "gpu/nvrtc_includes.hpp"

#include <cstdlib>
#include <filesystem>

#include "core/input_error.hpp"

#ifndef DOTSWEEP_CUDA_INCLUDE_DEFAULT
#error "the build defines DOTSWEEP_CUDA_INCLUDE_DEFAULT (meson.build: from nvcc's location)"
#endif

namespace dotsweep {

std::vector<std::string> nvrtc_include_dirs() {
  const char* env = std::getenv("DOTSWEEP_CUDA_INCLUDE");
  const bool from_env = env && *env;
  const std::string dir = from_env ? env : DOTSWEEP_CUDA_INCLUDE_DEFAULT;
  std::error_code ec;
  for (const char* header : {"cuda_fp16.h", "cuda_bf16.h"}) {
    if (!std::filesystem::is_regular_file(std::filesystem::path(dir) / header, ec))
      throw InputError(std::string("NVRTC needs the CUDA toolkit's ") + header + ", which is not in '" + dir + "' (" +
                       (from_env ? "DOTSWEEP_CUDA_INCLUDE" : "the toolkit found at build time") +
                       "); set DOTSWEEP_CUDA_INCLUDE to the toolkit's include directory");
  }
  std::vector<std::string> dirs{dir};
  if (std::filesystem::is_directory(std::filesystem::path(dir) / "cccl", ec)) dirs.push_back(dir + "/cccl");
  return dirs;
}

}  // namespace dotsweep
