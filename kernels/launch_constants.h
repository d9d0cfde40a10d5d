// Constants the kernels and the host launcher must agree on. Plain C++ (no
// CUDA keywords): NVRTC sees it through dot_policy.cuh, the host includes it
// directly (src/gpu/variant_kernel.cpp), so each constant is written once.
#pragma once

namespace dotsweep_kernels {

// Threads of the two-pass finish's second kernel (finish_partials).
constexpr int kFinishBlock = 512;

}  // namespace dotsweep_kernels
