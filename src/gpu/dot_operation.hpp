// Anything that computes a dot product on the GPU: a candidate variant or a
// baseline (cuBLAS, CUB, the seed kernel). The timers and the correctness
// checks see only this interface.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "core/error_bound.hpp"

namespace dotsweep {

struct DotInputs {
  const float* a = nullptr;
  const float* b = nullptr;
  long long n = 0;
  float* result = nullptr;  // one float in device memory
};

class DotOperation {
 public:
  virtual ~DotOperation() = default;
  // Sizes the launch and any scratch for n. Called outside every timed region.
  virtual void prepare(long long n) = 0;
  // Queues all the work that leaves the dot product in *inputs.result: no
  // allocation, no synchronization, so it can be captured in a CUDA graph.
  virtual void enqueue(const DotInputs& inputs, cudaStream_t stream) = 0;
  virtual long long grid_blocks() const = 0;
  // The order of summation, for the a priori error bound.
  virtual SummationShape summation_shape() const = 0;
  // True when two runs on the same inputs must give the same bits (a fixed
  // summation order: two-pass finishes, the libraries); an operation that
  // promises it and breaks it is incorrect. Atomic finishes promise nothing.
  virtual bool promises_determinism() const = 0;
};

}  // namespace dotsweep
