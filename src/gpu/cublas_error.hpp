// cuBLAS calls that fail throw GpuError naming the call and cuBLAS's status,
// as check_cuda does for the runtime (cuda_error.hpp).
#pragma once

#include <cublas_v2.h>

#include <string>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

inline void check_cublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS) throw GpuError(std::string(what) + ": " + cublasGetStatusName(status));
}

}  // namespace dotsweep
