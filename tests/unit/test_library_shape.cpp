// The error bound's shape for a library whose summation order is hidden
// (cuBLAS, CUB, thrust, the tuned table): one warp per SM sums a chain,
// then trees; f64 is bounded as summed in f64, the narrower types in f32.
#include <doctest/doctest.h>

#include "gpu/baselines.hpp"

using namespace dotsweep;

TEST_CASE("library shape: f64 gets the f64 roundoff, f32, f16 and bf16 the f32 one") {
  CHECK(opaque_library_shape(1 << 20, 132, ElementType::f64).unit_roundoff == 0x1p-53);
  CHECK(opaque_library_shape(1 << 20, 132, ElementType::f32).unit_roundoff == 0x1p-24);
  CHECK(opaque_library_shape(1 << 20, 132, ElementType::f16).unit_roundoff == 0x1p-24);
  CHECK(opaque_library_shape(1 << 20, 132, ElementType::bf16).unit_roundoff == 0x1p-24);
}

TEST_CASE("library shape: one warp per SM, each summing its share of n in a chain") {
  const SummationShape shape = opaque_library_shape((1LL << 28) + 1, 132, ElementType::f32);
  CHECK(shape.partials == 32 * 132);
  CHECK(shape.per_thread_terms == ((1LL << 28) + 1 + 32 * 132 - 1) / (32 * 132));
  CHECK_FALSE(shape.finish_is_sequential);
  // n = 1 and a device that reports no SMs still give one term on one warp.
  CHECK(opaque_library_shape(1, 0, ElementType::f32).per_thread_terms == 1);
  CHECK(opaque_library_shape(1, 0, ElementType::f32).partials == 32);
}
