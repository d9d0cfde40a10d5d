// The references every sweep measures beside its candidates, per element
// type: cuBLAS, CUB, the launch floor, and (f32 only) the seed article's
// kernel (as written, and completed by a second pass).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gpu/baseline_table.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

struct Baseline {
  std::string name;  // "cublas", "cub", "thrust", "floor", "seed-as-written", "seed-two-pass"
  ElementType type = ElementType::f32;
  std::unique_ptr<DotOperation> operation;  // null when it could not be built
  // Why it could not be built, for its rows: a library without code for this
  // GPU (cuBLAS under CUDA_FORCE_PTX_JIT, or on a GPU newer than it) costs
  // its own rows, not the sweep.
  std::string failure;
  // Its enqueue waits for the result on the host (thrust::inner_product): it
  // cannot run behind the cold timer's blocker or inside a graph, and is
  // timed by the host-synchronous timer instead.
  bool host_synchronous = false;
};

// cublasSdot_64 (f32) or cublasDdot_64 (f64) in device pointer mode (the
// result stays on the GPU, as for every variant); f16 and bf16 go to
// make_cublas_dot_ex.
std::unique_ptr<DotOperation> make_cublas_dot(const DeviceInfo& device, ElementType type = ElementType::f32);
// cublasDotEx_64 for f16 and bf16, f32 execution (cublas_dot_ex.cu).
std::unique_ptr<DotOperation> make_cublas_dot_ex(const DeviceInfo& device, ElementType type);
// cub::DeviceReduce::Reduce over a transform iterator of a[i] * b[i] (f16 and
// bf16 widened to f32 and summed in f32); temp storage is sized in prepare()
// and reused by every launch.
std::unique_ptr<DotOperation> make_cub_dot(const DeviceInfo& device, ElementType type = ElementType::f32);
// thrust::inner_product on the stream, its host result copied into the slot (thrust_dot.cu).
std::unique_ptr<DotOperation> make_thrust_dot(const DeviceInfo& device, ElementType type);
// One launch of an empty kernel: the floor every row pays (floor_dot.cu).
std::unique_ptr<DotOperation> make_floor_operation(ElementType type);
// The seed kernel (seed_dot.cu): block kSeedBlock, a shared-memory tree, one
// partial per block; as written, the result is block 0's partial only.
inline constexpr int kSeedBlock = 256;
std::unique_ptr<DotOperation> make_seed_dot(bool completed_by_second_pass);

// Every baseline of baseline_table(types), in its order (gpu/baseline_table.hpp).
std::vector<Baseline> make_baselines(const DeviceInfo& device,
                                     const std::vector<ElementType>& types = {ElementType::f32});

// Bound shape for a library whose summation order is not ours to see: at
// least one warp per SM sums sequentially, then trees. Deliberately loose.
SummationShape opaque_library_shape(long long n, int sms);

}  // namespace dotsweep
