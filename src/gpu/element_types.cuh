// The element types the library baselines are instantiated for, defined once:
// how an element widens to its accumulator (f16 and bf16 sum in f32, as every
// narrow-type variant does; f32 and f64 in their own type), and which
// (element, accumulator) pair each ElementType names.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <memory>
#include <string>

#include "gpu/cuda_error.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

__host__ __device__ inline float widen(__half x) { return __half2float(x); }
__host__ __device__ inline float widen(__nv_bfloat16 x) { return __bfloat162float(x); }
__host__ __device__ inline float widen(float x) { return x; }
__host__ __device__ inline double widen(double x) { return x; }

// Op<T, Acc>(device, type) for the element type `type`; `maker` names the
// caller in the error an unknown type raises.
template <template <typename T, typename Acc> class Op>
std::unique_ptr<DotOperation> make_for_element(const DeviceInfo& device, ElementType type, const char* maker) {
  switch (type) {
    case ElementType::f32: return std::make_unique<Op<float, float>>(device, type);
    case ElementType::f64: return std::make_unique<Op<double, double>>(device, type);
    case ElementType::f16: return std::make_unique<Op<__half, float>>(device, type);
    case ElementType::bf16: return std::make_unique<Op<__nv_bfloat16, float>>(device, type);
  }
  throw GpuError(std::string(maker) + ": unknown element type");
}

}  // namespace dotsweep
