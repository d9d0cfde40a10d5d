#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <vector>

#include "core/input_data.hpp"

using namespace dotsweep;

namespace {
bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }
}  // namespace

TEST_CASE("uniform values are in (-1, 1) and never zero") {
  const std::uint64_t n = 1 << 20;
  double sum = 0;
  float lo = 1, hi = -1;
  for (std::uint64_t i = 0; i < n; ++i) {
    const float v = uniform_value(42, 0, i);
    if (v == 0.0f || !(v > -1.0f && v < 1.0f)) {
      FAIL_CHECK("uniform_value(42, 0, " << i << ") = " << v);
      break;
    }
    sum += v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  // Spread over the whole interval, centred on 0.
  CHECK(lo < -0.999f);
  CHECK(hi > 0.999f);
  CHECK(std::fabs(sum / n) < 0.01);
  // Other seeds and streams keep the same range.
  bool in_range = true;
  for (std::uint64_t i = 0; i < 10000 && in_range; ++i) {
    const float v = uniform_value(7, 3, i);
    in_range = v != 0.0f && v > -1.0f && v < 1.0f;
  }
  CHECK(in_range);
}

TEST_CASE("uniform values depend only on seed, stream and index") {
  CHECK(uniform_value(1, 2, 12345) == uniform_value(1, 2, 12345));
  int same_seed = 0, same_stream = 0, same_index = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    const float v = uniform_value(1, 0, i);
    same_seed += v == uniform_value(2, 0, i);
    same_stream += v == uniform_value(1, 1, i);
    same_index += v == uniform_value(1, 0, i + 1);
  }
  CHECK(same_seed < 5);
  CHECK(same_stream < 5);
  CHECK(same_index < 5);
}

TEST_CASE("small integer values are -2, -1, 1 or 2, all four appearing") {
  std::map<float, int> counts;
  const int n = 4000;
  for (int i = 0; i < n; ++i) ++counts[small_integer_value(9, 1, i)];
  REQUIRE(counts.size() == 4);
  CHECK(counts.count(-2.0f) == 1);
  CHECK(counts.count(-1.0f) == 1);
  CHECK(counts.count(1.0f) == 1);
  CHECK(counts.count(2.0f) == 1);
  for (const auto& [value, count] : counts) CHECK_MESSAGE((count > n / 8 && count < n * 3 / 8), value);
  CHECK(small_integer_value(9, 1, 77) == small_integer_value(9, 1, 77));
}

TEST_CASE("fill_inputs does not depend on the thread count") {
  const std::size_t n = 200003;  // several chunks and a ragged tail
  for (const InputKind kind : {InputKind::uniform, InputKind::small_integers}) {
    std::vector<float> one(n, 0.0f), four(n, 0.0f);
    fill_inputs(one, kind, 5, 2, 1);
    fill_inputs(four, kind, 5, 2, 4);
    CHECK(one == four);
    // Every element is the per-index value, tail included.
    const auto expected = [&](std::uint64_t i) {
      return kind == InputKind::uniform ? uniform_value(5, 2, i) : small_integer_value(5, 2, i);
    };
    CHECK(one[0] == expected(0));
    CHECK(one[70000] == expected(70000));
    CHECK(one[n - 1] == expected(n - 1));
    bool all_match = true;
    for (std::size_t i = 0; i < n && all_match; ++i) all_match = four[i] == expected(i);
    CHECK(all_match);
  }
}

TEST_CASE("reference dot on a small vector") {
  const std::vector<float> a = {1.0f, 2.0f, -3.0f, 0.5f};
  const std::vector<float> b = {4.0f, -1.0f, 2.0f, 10.0f};
  const DotReference r = reference_dot(a, b, 1);
  CHECK(r.value == 1.0);      // 4 - 2 - 6 + 5
  CHECK(r.sum_abs == 17.0);   // 4 + 2 + 6 + 5

  // Products are taken in float64: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is not a float.
  const float x = 1.0f + std::ldexp(1.0f, -12);
  const DotReference sq = reference_dot({x}, {x}, 1);
  CHECK(sq.value == 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -24));
  CHECK(sq.sum_abs == sq.value);

  const DotReference neg = reference_dot({-1.5f, -2.0f}, {2.0f, 3.0f}, 2);
  CHECK(neg.value == -9.0);
  CHECK(neg.sum_abs == 9.0);

  const DotReference empty = reference_dot({}, {}, 3);
  CHECK(empty.value == 0.0);
  CHECK(empty.sum_abs == 0.0);
}

TEST_CASE("reference dot is bitwise independent of the thread count") {
  const std::size_t n = 300007;
  std::vector<float> a(n), b(n);
  fill_inputs(a, InputKind::uniform, 4, 0, 2);
  fill_inputs(b, InputKind::uniform, 4, 1, 2);
  // Seed 4: here a per-thread running sum would change the last bits for 2 and 3 threads.
  const DotReference r1 = reference_dot(a, b, 1);
  const DotReference r3 = reference_dot(a, b, 3);
  const DotReference r2 = reference_dot(a, b, 2);
  CHECK(same_bits(r1.value, r3.value));
  CHECK(same_bits(r1.sum_abs, r3.sum_abs));
  CHECK(same_bits(r1.value, r2.value));
  CHECK(same_bits(r1.sum_abs, r2.sum_abs));

  // And it is the dot product: close to a plain sequential sum.
  double value = 0, sum_abs = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double p = static_cast<double>(a[i]) * b[i];
    value += p;
    sum_abs += std::fabs(p);
  }
  CHECK(r1.value == doctest::Approx(value).epsilon(1e-9));
  CHECK(r1.sum_abs == doctest::Approx(sum_abs).epsilon(1e-9));
  CHECK(r1.sum_abs > 0.2 * n);  // E|ab| = 1/4 for uniform a, b
}

TEST_CASE("exact integer dot") {
  CHECK(exact_integer_dot({1.0f, -2.0f, 2.0f}, {2.0f, 2.0f, -1.0f}) == -4);
  CHECK(exact_integer_dot({2.0f, 2.0f}, {2.0f, 2.0f}) == 8);
  CHECK(exact_integer_dot({-1.0f}, {2.0f}) == -2);
  CHECK(exact_integer_dot({}, {}) == 0);

  // On generated small integers it agrees with the (exact) float64 reference.
  const std::size_t n = 100000;
  std::vector<float> a(n), b(n);
  fill_inputs(a, InputKind::small_integers, 3, 0, 1);
  fill_inputs(b, InputKind::small_integers, 3, 1, 1);
  const DotReference r = reference_dot(a, b, 1);
  CHECK(static_cast<double>(exact_integer_dot(a, b)) == r.value);
}
