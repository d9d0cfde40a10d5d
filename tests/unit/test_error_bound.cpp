#include <doctest/doctest.h>

#include <cmath>

#include "core/check/error_bound.hpp"

using namespace dotsweep;

namespace {
const double u32 = std::ldexp(1.0, -24);  // unit roundoff of float
}

TEST_CASE("gamma bound") {
  CHECK(gamma_bound(1, 0.25) == doctest::Approx(1.0 / 3.0));
  CHECK(gamma_bound(10, u32) == doctest::Approx(10 * u32 / (1 - 10 * u32)));
  CHECK(gamma_bound(0, u32) == 0.0);
  CHECK(std::isinf(gamma_bound(2, 0.5)));
  CHECK(std::isinf(gamma_bound(3, 0.5)));
}

TEST_CASE("summation depth of a small shape") {
  SummationShape s;
  s.per_thread_terms = 4;
  s.block = 256;      // 8 tree levels
  s.partials = 10;
  s.finish_is_sequential = true;
  CHECK(summation_depth(s) == 1 + 4 + 8 + 10);

  s.finish_is_sequential = false;
  s.finish_block = 4;  // ceil(10 / 4) = 3 adds per thread, then 2 tree levels
  CHECK(summation_depth(s) == 1 + 4 + 8 + 3 + 2);

  s.block = 100;  // not a power of two: ceil(log2(100)) = 7
  CHECK(summation_depth(s) == 1 + 4 + 7 + 3 + 2);

  SummationShape one;
  one.block = 1;
  one.partials = 1;
  CHECK(summation_depth(one) == 1 + 1 + 0 + 1);
}

TEST_CASE("dot error bound") {
  SummationShape s;
  s.per_thread_terms = 4;
  s.block = 256;
  s.partials = 10;
  const double g = 23 * u32 / (1 - 23 * u32);
  CHECK(dot_error_bound(s, 100.0) == doctest::Approx(2 * g * 100.0));
  CHECK(dot_error_bound(s, 100.0, 3.0) == doctest::Approx(3 * g * 100.0));
  CHECK(dot_error_bound(s, 0.0) == 0.0);
}
