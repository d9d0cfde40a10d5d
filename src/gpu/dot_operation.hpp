// Anything that computes a dot product on the GPU: a candidate variant or a
// baseline (cuBLAS, CUB, the seed kernel). The timers and the correctness
// checks see only this interface.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "core/space/element_type.hpp"
#include "core/check/error_bound.hpp"

namespace dotsweep {

// Untyped pointers so one interface carries every element type; `type` says
// how to read them, and an operation only ever receives inputs of its own
// element_type() (the measurer groups operations by type).
struct DotInputs {
  const void* a = nullptr;  // n elements of `type` (float, double, __half, __nv_bfloat16)
  const void* b = nullptr;
  long long n = 0;
  ElementType type = ElementType::f32;
  void* result = nullptr;   // result_bytes(type) bytes in device memory: double for f64, float otherwise
  // The same n values in host memory, for the rows whose data starts on the
  // host (measure/host_paths.hpp): pageable (the generator's arrays) and
  // page-locked copies, the latter only when the sweep measures host paths.
  const void* host_a = nullptr;
  const void* host_b = nullptr;
  const void* pinned_a = nullptr;
  const void* pinned_b = nullptr;
};

class DotOperation {
 public:
  virtual ~DotOperation() = default;
  // Sizes the launch and any scratch for n, and sets scratch it shares with
  // other operations as its launches expect it. Called outside every timed
  // region, before its launches whenever another operation may have run since.
  virtual void prepare(long long n) = 0;
  // Queues all the work that leaves the dot product in *inputs.result: no
  // allocation, no synchronization, so it can be captured in a CUDA graph.
  virtual void enqueue(const DotInputs& inputs, cudaStream_t stream) = 0;
  virtual long long grid_blocks() const = 0;
  // The type of the inputs it reads (and so of the result slot it writes).
  virtual ElementType element_type() const = 0;
  // The order of summation, for the a priori error bound.
  virtual SummationShape summation_shape() const = 0;
  // True when two runs on the same inputs must give the same bits (a fixed
  // summation order: two-pass finishes, the libraries); an operation that
  // promises it and breaks it is incorrect. Atomic finishes promise nothing.
  virtual bool promises_determinism() const = 0;
};

}  // namespace dotsweep
