// Where NVRTC finds the CUDA toolkit's headers (cuda_fp16.h, cuda_bf16.h,
// and, for the library block reductions, cub/ and cooperative_groups.h).
// NVRTC has no default search path: the directory is found at configure time
// from nvcc's location, and DOTSWEEP_CUDA_INCLUDE overrides it (a binary
// carried to another machine, a toolkit installed elsewhere).
#pragma once

#include <string>
#include <vector>

namespace dotsweep {

// The -I directories for NVRTC: the toolkit's include directory and, where
// the toolkit keeps CUB/Thrust apart (CUDA 13: include/cccl), that one too.
// Throws InputError, one line naming the directory and the fix, when the
// directory lacks cuda_fp16.h or cuda_bf16.h.
std::vector<std::string> nvrtc_include_dirs();

}  // namespace dotsweep
