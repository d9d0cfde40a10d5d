// Constants the kernels and the host launcher must agree on. Plain C++ (no
// CUDA keywords): NVRTC sees it through dot_policy.cuh, the host includes it
// directly (src/gpu/variant_kernel.cpp), so each constant is written once.
#pragma once

namespace dotsweep_kernels {

// Threads of the two-pass finish's second kernel (finish_partials).
constexpr int kFinishBlock = 512;

// Blocks per thread-block cluster of the cluster finish (sm_90): 8, the
// largest size every sm_90 GPU guarantees to schedule.
constexpr int kClusterBlocks = 8;

}  // namespace dotsweep_kernels
