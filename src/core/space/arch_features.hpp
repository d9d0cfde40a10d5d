// The axis values whose code needs a newer GPU than the oldest dotsweep builds
// for (sm_75), with the oldest SM architecture that has it and why. The
// planner rejects them on an older device (variant_config.cpp), so a sweep
// plans only what it can run; `dotsweep list --arch NN` shows the same.
// Every other axis value compiles (NVRTC) and runs from sm_75 on: bf16 is only
// widened to f32 (cuda_bf16.h converts it on every arch), the atomics are f32
// and f64 adds (sm_60) and acq_rel/relaxed loads (sm_70).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/space/variant_config.hpp"

namespace dotsweep {

struct ArchRequirement {
  std::string value;   // as `list` names it: "finish cluster", "hint bulk"
  int min_arch;        // sm_XX of the oldest architecture that has it
  std::string needs;   // the hardware feature its code uses
  bool (*used_by)(const VariantConfig&);
};

// Every requirement, oldest first (kernels/*.cuh are the other side).
const std::vector<ArchRequirement>& arch_requirements();

// Why `config` cannot run on sm_<arch>, or nullopt; arch 0 (unknown) is never judged.
std::optional<std::string> arch_rejection(const VariantConfig& config, int arch);

// Shared memory a block may opt in to on sm_<arch> (cudaDevAttrMaxSharedMemoryPerBlockOptin,
// per the CUDA C++ Programming Guide's table of compute capabilities), for
// planning without a device (`list --arch`); nullopt for an arch not in that table.
std::optional<int> shared_optin_bytes_of_arch(int arch);

}  // namespace dotsweep
