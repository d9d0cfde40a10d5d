// Per-thread accumulators of the dot product: the element type's own, Kahan
// compensated f32, and f64. Self-contained for NVRTC: only toolkit headers.
//
// INTERFACE (clarifies the contract, no change to it):
//   accumulator<T, A> acc;            // zero
//   acc.add(x, y);                    // acc += x*y, x and y of type T
//   acc.add(vx, vy);                  // the same over vec<T, N> (load.cuh)
//   acc.value()                       // ::type, what block sums add up
// Valid pairs: own for every T; f64 for every T (for T = double it is the
// same code as own: exclude that pair from the space); kahan for float,
// __half and __nv_bfloat16 (a static_assert rejects double: Kahan here is an
// f32 technique).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "load.cuh"
#include "variant_axes.h"

namespace dotsweep_kernels {

// Widening is exact for every pair below (f16/bf16 -> f32, f32 -> f64).
__device__ __forceinline__ float widen(float x) { return x; }
__device__ __forceinline__ double widen(double x) { return x; }
__device__ __forceinline__ float widen(__half x) { return __half2float(x); }
__device__ __forceinline__ float widen(__nv_bfloat16 x) { return __bfloat162float(x); }

__device__ __forceinline__ float fused(float x, float y, float s) { return fmaf(x, y, s); }
__device__ __forceinline__ double fused(double x, double y, double s) { return fma(x, y, s); }

// The type's own accumulator: f32 for f32/f16/bf16 (the narrow types never
// accumulate in their own precision), f64 for f64.
template <typename T> struct own_precision { using type = float; };
template <> struct own_precision<double> { using type = double; };

template <typename T, Accum A> struct accumulator;

// Shared by every accumulator: the vector add is the scalar add per element,
// in index order (so the rounding sequence is that of the scalar loop).
template <typename Derived, typename T> struct vector_add {
  template <int N> __device__ __forceinline__ void add(const vec<T, N>& x, const vec<T, N>& y) {
#pragma unroll
    for (int k = 0; k < N; ++k) static_cast<Derived*>(this)->add(x.v[k], y.v[k]);
  }
};

// One fused multiply-add per product. For f16 and bf16 the product of two
// widened values is exact in f32 (11+11 and 8+8 significand bits <= 24), so
// the FMA rounds only the sum, as an f32 add of the exact product would.
template <typename T> struct accumulator<T, Accum::own> : vector_add<accumulator<T, Accum::own>, T> {
  using type = typename own_precision<T>::type;
  using vector_add<accumulator, T>::add;
  type sum = 0;
  __device__ __forceinline__ void add(T x, T y) {
    sum = fused(static_cast<type>(widen(x)), static_cast<type>(widen(y)), sum);
  }
  __device__ __forceinline__ type value() const { return sum; }
};

// f64 for every input type: the products of f32 (and narrower) values are
// exact in f64, so only the running sum rounds, with u = 2^-53.
template <typename T> struct accumulator<T, Accum::f64> : vector_add<accumulator<T, Accum::f64>, T> {
  using type = double;
  using vector_add<accumulator, T>::add;
  double sum = 0;
  __device__ __forceinline__ void add(T x, T y) {
    sum = fused(static_cast<double>(widen(x)), static_cast<double>(widen(y)), sum);
  }
  __device__ __forceinline__ double value() const { return sum; }
};

// Kahan-compensated f32 summation of the products. `comp` carries the low
// part the running sum lost; the error of the final sum no longer grows with
// n (it is about 2u|s| + O(n u^2) sum|x_i y_i|).
// Every operation is an explicitly rounded intrinsic: NVRTC compiles with
// -fmad=true, so a plain `x*y - comp` would fuse into one FFMA and the
// compensation would no longer subtract the rounded product it corrects;
// under any reassociating flag (-use_fast_math) `(next - sum) - term` could
// fold to 0 and remove the compensation. __fmul_rn/__fadd_rn/__fsub_rn are
// never contracted or reassociated (tests/unit checks the SASS). The product is rounded once (__fmul_rn):
// this compensates the summation only, not the f32 product of f32 inputs
// (for f16/bf16 inputs the product is exact anyway).
template <typename T> struct accumulator<T, Accum::kahan> : vector_add<accumulator<T, Accum::kahan>, T> {
  static_assert(sizeof(T) <= 4, "accumulator<double, Accum::kahan>: Kahan is an f32 accumulator; use Accum::own for f64");
  using type = float;
  using vector_add<accumulator, T>::add;
  float sum = 0.0f, comp = 0.0f;
  __device__ __forceinline__ void add(T x, T y) {
    const float product = __fmul_rn(widen(x), widen(y));
    const float term = __fsub_rn(product, comp);
    const float next = __fadd_rn(sum, term);
    comp = __fsub_rn(__fsub_rn(next, sum), term);  // what `next` dropped of `term`, negated
    sum = next;
  }
  // The compensation folded back in once, at the end.
  __device__ __forceinline__ float value() const { return __fsub_rn(sum, comp); }
};

}  // namespace dotsweep_kernels
