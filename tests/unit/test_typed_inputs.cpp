// The input sets in every element type: the values are exact in the type,
// the integer sets are the same integers in every type, the references are
// computed from the values as stored, and the checks are tight enough to
// catch a result one accumulator ulp off at an exact set.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/check/correctness_verdict.hpp"
#include "core/check/element_array.hpp"
#include "core/check/input_data.hpp"

using namespace dotsweep;

namespace {
constexpr InputKind kAllTypedKinds[] = {InputKind::random_integers, InputKind::periodic_integers,
                                   InputKind::positive_uniform};

struct TypedInputs {
  ElementArray a, b;
};
TypedInputs make_typed(ElementType type, InputKind kind, std::size_t n, std::uint64_t seed, unsigned threads = 2) {
  TypedInputs in{ElementArray(type, n), ElementArray(type, n)};
  fill_input_pair(in.a, in.b, kind, seed, threads);
  return in;
}

int digits_of(ElementType type) {
  switch (type) {
    case ElementType::f32: return 24;
    case ElementType::f64: return 53;
    case ElementType::f16: return 11;
    case ElementType::bf16: return 8;
  }
  return 0;
}
}  // namespace

TEST_CASE("every generated value is exact in its type: storing it loses nothing") {
  for (const ElementType type : all_element_types())
    for (const InputKind kind : kAllTypedKinds) {
      CAPTURE(to_string(type));
      CAPTURE(static_cast<int>(kind));
      for (std::uint64_t i = 0; i < 5000; ++i) {
        const InputPairValue v = input_pair_value(kind, type, 7, i);
        REQUIRE(round_to_element(type, v.a) == v.a);
        REQUIRE(round_to_element(type, v.b) == v.b);
      }
    }
}

TEST_CASE("the integer sets are the same integers in every type; f32 values are unchanged") {
  for (const InputKind kind : {InputKind::random_integers, InputKind::periodic_integers}) {
    const TypedInputs f32 = make_typed(ElementType::f32, kind, 3000, 11);
    for (const ElementType type : all_element_types()) {
      const TypedInputs t = make_typed(type, kind, 3000, 11);
      for (std::size_t i = 0; i < 3000; ++i) {
        REQUIRE(t.a.at(i) == f32.a.at(i));
        REQUIRE(t.b.at(i) == f32.b.at(i));
      }
      CHECK(exact_integer_dot(t.a, t.b, 3) == exact_integer_dot(f32.a, f32.b, 1));
    }
  }
  // The typed f32 path generates what the float path always did.
  std::vector<float> a(2000), b(2000);
  fill_input_pair(a, b, InputKind::positive_uniform, 5, 2);
  const TypedInputs typed = make_typed(ElementType::f32, InputKind::positive_uniform, 2000, 5);
  for (std::size_t i = 0; i < 2000; ++i) {
    REQUIRE(typed.a.at(i) == a[i]);
    REQUIRE(typed.b.at(i) == b[i]);
  }
}

TEST_CASE("positive uniform per type: odd multiples of 2^-p in (0, 1), using all p digits") {
  for (const ElementType type : all_element_types()) {
    CAPTURE(to_string(type));
    const double quantum = std::ldexp(1.0, -digits_of(type));
    bool saw_low_bit_pattern = false;
    for (std::uint64_t i = 0; i < 4000; ++i) {
      const InputPairValue v = positive_uniform_pair_value(type, 3, i);
      for (const double x : {v.a, v.b}) {
        REQUIRE(x > 0.0);
        REQUIRE(x < 1.0);
        const double k = x / quantum;
        REQUIRE(k == std::floor(k));
        REQUIRE(std::fmod(k, 2.0) == 1.0);
        // Above 0.5 the last digit is the 2^-p bit itself: values need all p digits.
        if (x > 0.5) saw_low_bit_pattern = true;
      }
    }
    CHECK(saw_low_bit_pattern);
  }
}

TEST_CASE("max_checked_n: the f32-or-wider accumulator's cap holds for every type") {
  for (const ElementType type : all_element_types()) {
    CHECK(max_checked_n(type) == kMaxCheckedN);
    // Every value of the exact sets and the canary fits the type's exact integers.
    CHECK(exact_integer_limit(type) >= 64.0);
  }
}

TEST_CASE("typed reference: exact on integer sets, independent of threads, accurate for f64 products") {
  for (const ElementType type : all_element_types()) {
    CAPTURE(to_string(type));
    const TypedInputs in = make_typed(type, InputKind::periodic_integers, 100003, 2);
    const DotReference r = reference_dot(in.a, in.b, 3);
    CHECK(r.value == static_cast<double>(exact_integer_dot(in.a, in.b, 2)));
    const TypedInputs u = make_typed(type, InputKind::positive_uniform, 300001, 2);
    const DotReference one = reference_dot(u.a, u.b, 1), four = reference_dot(u.a, u.b, 4);
    CHECK(one.value == four.value);
    CHECK(one.sum_abs == four.sum_abs);
    CHECK(one.value == doctest::Approx(one.sum_abs).epsilon(1e-12));  // positive data: value = sum |a b|
  }
  // Products of two f64 are not exact in f64: (1 + 2^-27)^2 = 1 + 2^-26 + 2^-54
  // rounds to 1 + 2^-26. Cancelled against -(1 + 2^-26), the exact dot product
  // is 2^-54, which a plain f64 sum of rounded products gives as 0.
  ElementArray a(ElementType::f64, 2), b(ElementType::f64, 2);
  a.set(0, 1.0 + 0x1p-27);
  b.set(0, 1.0 + 0x1p-27);
  a.set(1, 1.0);
  b.set(1, -(1.0 + 0x1p-26));
  CHECK(reference_dot(a, b, 1).value == 0x1p-54);
}

TEST_CASE("mutant at an exact set: a result one accumulator ulp off is flagged, the exact one is not") {
  for (const ElementType type : all_element_types()) {
    CAPTURE(to_string(type));
    const std::size_t n = 50000;
    const TypedInputs random = make_typed(type, InputKind::random_integers, n, 9);
    const TypedInputs periodic = make_typed(type, InputKind::periodic_integers, n, 9);
    const TypedInputs positive = make_typed(type, InputKind::positive_uniform, n, 9);
    ExpectedResults expected;
    expected.type = type;
    expected.random_integers = exact_integer_dot(random.a, random.b, 2);
    expected.periodic_integers = exact_integer_dot(periodic.a, periodic.b, 2);
    expected.floats = reference_dot(positive.a, positive.b, 2);

    SummationShape shape;
    shape.per_thread_terms = 8;
    shape.block = 256;
    shape.partials = 25;
    shape.unit_roundoff = result_bytes(type) == 8 ? 0x1p-53 : 0x1p-24;

    ObservedResults good;
    good.random_integers = exact_in_result_slot(type, expected.random_integers);
    good.periodic_integers = exact_in_result_slot(type, expected.periodic_integers);
    good.float_first = good.float_second = result_bytes(type) == 8
                                               ? expected.floats.value
                                               : static_cast<double>(static_cast<float>(expected.floats.value));
    CHECK(judge_results(good, expected, shape, true).correct);

    // One ulp of the result slot's type, up and down, on each exact set.
    const auto ulp_off = [&](double x, double direction) {
      return result_bytes(type) == 8 ? std::nextafter(x, direction)
                                     : static_cast<double>(std::nextafter(static_cast<float>(x),
                                                                          static_cast<float>(direction)));
    };
    for (const double direction : {-1e300, 1e300}) {
      ObservedResults off = good;
      off.random_integers = ulp_off(good.random_integers, direction);
      CHECK_FALSE(judge_results(off, expected, shape, true).correct);
      off = good;
      off.periodic_integers = ulp_off(good.periodic_integers, direction);
      CHECK_FALSE(judge_results(off, expected, shape, true).correct);
    }
  }
}

TEST_CASE("an f64 accumulator gets its own, tighter bound: an f32-accurate f64 result fails it") {
  const std::size_t n = 100000;
  const TypedInputs positive = make_typed(ElementType::f64, InputKind::positive_uniform, n, 4);
  ExpectedResults expected;
  expected.type = ElementType::f64;
  expected.floats = reference_dot(positive.a, positive.b, 2);
  SummationShape shape;
  shape.per_thread_terms = 16;
  shape.block = 256;
  shape.partials = 25;
  shape.unit_roundoff = 0x1p-53;
  ObservedResults o;
  o.float_first = o.float_second = expected.floats.value;
  CHECK(judge_results(o, expected, shape, true).correct);
  // What an f64 kernel that secretly accumulates in f32 would be off by: 2^-24 relative.
  o.float_first = o.float_second = expected.floats.value * (1 + 0x1p-24);
  const CorrectnessVerdict tight = judge_results(o, expected, shape, true);
  CHECK_FALSE(tight.correct);
  shape.unit_roundoff = 0x1p-24;  // the same result is within an f32 accumulator's bound
  CHECK(judge_results(o, expected, shape, true).correct);
}

TEST_CASE("Kahan-compensated chains: a bound that no longer grows with the chain") {
  SummationShape plain;
  plain.per_thread_terms = 4096;
  plain.block = 256;
  plain.partials = 64;
  plain.finish_is_sequential = false;
  plain.finish_block = 64;
  SummationShape kahan = plain;
  kahan.compensated = true;
  // Plain: 1 + 4096 + 8 + 1 + 6; compensated: 2 + 4096^2 2^-24 = 3 in place of 4096.
  CHECK(summation_depth(plain) == 1 + 4096 + 8 + 1 + 6);
  CHECK(summation_depth(kahan) == doctest::Approx(1 + 3 + 8 + 1 + 6));
  CHECK(dot_error_bound(kahan, 1.0) < dot_error_bound(plain, 1.0) / 100);
  // A chain too long for the compensation term to help falls back to the plain bound.
  SummationShape long_kahan = kahan;
  long_kahan.per_thread_terms = std::int64_t{1} << 24;
  SummationShape long_plain = plain;
  long_plain.per_thread_terms = std::int64_t{1} << 24;
  CHECK(summation_depth(long_kahan) == summation_depth(long_plain));
}

TEST_CASE("exact values in the result slot: float for narrow and f32 slots, double for f64") {
  const std::int64_t odd = (std::int64_t{1} << 24) + 1;  // not a float
  CHECK(exact_in_result_slot(ElementType::f64, odd) == static_cast<double>(odd));
  for (const ElementType type : {ElementType::f32, ElementType::f16, ElementType::bf16})
    CHECK(exact_in_result_slot(type, odd) == 16777216.0);
  // A result returned in f16 first (cublasDotEx): the exact sum rounded to f16.
  CHECK(exact_in_result_slot(ElementType::f16, 2049, ElementType::f16) == 2048.0);
  CHECK(exact_in_result_slot(ElementType::bf16, 257, ElementType::bf16) == 256.0);
  CHECK(exact_in_result_slot(ElementType::f16, 2049, std::nullopt) == 2049.0);
}

TEST_CASE("a result rounded to f16 or bf16: judged against the rounded exact sums and a widened bound") {
  for (const ElementType type : {ElementType::f16, ElementType::bf16}) {
    CAPTURE(to_string(type));
    ExpectedResults expected;
    expected.type = type;
    expected.random_integers = 2049;  // 2048 in f16, 2048 in bf16
    expected.periodic_integers = 257;  // 257 in f16, 256 in bf16
    expected.floats = DotReference{1000.3, 1000.3};
    SummationShape shape;
    shape.rounded_output = type;
    ObservedResults o;
    o.random_integers = round_to_element(type, 2049.0);
    o.periodic_integers = round_to_element(type, 257.0);
    o.float_first = o.float_second = round_to_element(type, 1000.3);
    const CorrectnessVerdict right = judge_results(o, expected, shape, true);
    CHECK(right.correct);
    CHECK(right.err_bound >= unit_roundoff(type));
    // The bound written out: 2 gamma_11 for the default shape (1 + 8 + 1 + 1
    // roundings in f32), plus one rounding to the output type of a result up
    // to (1 + that) sum|a_i b_i|.
    const double plain = 2 * (11 * 0x1p-24 / (1 - 11 * 0x1p-24));
    const double u_out = type == ElementType::f16 ? 0x1p-11 : 0x1p-8;
    CHECK(right.err_bound == doctest::Approx(plain + u_out * (1 + plain)).epsilon(1e-12));
    // The unrounded exact sum is not what a correct f16 result holds: one ulp of the output type off fails.
    ObservedResults off = o;
    off.random_integers = round_to_element(type, 2049.0) + (type == ElementType::f16 ? 2.0 : 16.0);
    CHECK_FALSE(judge_results(off, expected, shape, true).correct);
    // Without the rounding declared, the rounded results fail the exact checks.
    shape.rounded_output.reset();
    CHECK_FALSE(judge_results(o, expected, shape, true).correct);
  }
  // An exact sum past f16's range: no f16 answer is right, and the reason says why.
  ExpectedResults big;
  big.type = ElementType::f16;
  big.random_integers = 70000;
  big.periodic_integers = 1;
  big.floats = DotReference{1.0, 1.0};
  SummationShape shape;
  shape.rounded_output = ElementType::f16;
  ObservedResults o;
  o.random_integers = 1.0 / 0.0;
  o.periodic_integers = o.float_first = o.float_second = 1.0;
  const CorrectnessVerdict v = judge_results(o, big, shape, true);
  CHECK_FALSE(v.correct);
  CHECK(v.reason == "exact sum 70000 overflows f16, the type the result is returned in");
}
