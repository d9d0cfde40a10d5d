// The references every sweep measures beside its candidates: cuBLAS, CUB and
// the seed article's kernel (as written, and completed by a second pass).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

struct Baseline {
  std::string name;  // "cublas", "cub", "seed-as-written", "seed-two-pass"
  std::unique_ptr<DotOperation> operation;
};

// cublasSdot_64 in device pointer mode (the result stays on the GPU, as for every variant).
std::unique_ptr<DotOperation> make_cublas_dot(const DeviceInfo& device);
// cub::DeviceReduce::Reduce over a transform iterator of a[i] * b[i]; temp
// storage is sized in prepare() and reused by every launch.
std::unique_ptr<DotOperation> make_cub_dot(const DeviceInfo& device);
// The seed kernel; as written, the result is block 0's partial only.
std::unique_ptr<DotOperation> make_seed_dot(bool completed_by_second_pass);

std::vector<Baseline> make_baselines(const DeviceInfo& device);

// Bound shape for a library whose summation order is not ours to see: at
// least one warp per SM sums sequentially, then trees. Deliberately loose.
SummationShape opaque_library_shape(long long n, int sms);

}  // namespace dotsweep
