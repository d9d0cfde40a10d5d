#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "core/correctness_verdict.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {
const double u32 = std::ldexp(1.0, -24);  // unit roundoff of float

SummationShape small_shape() {
  SummationShape s;
  s.per_thread_terms = 4;
  s.block = 256;
  s.partials = 10;  // depth 1 + 4 + 8 + 10 = 23
  return s;
}

// A passing set of results: exact integer result, random result equal to the reference.
ObservedResults good_results() {
  ObservedResults o;
  o.integer_result = -12.0f;
  o.random_first = 1.5f;
  o.random_second = 1.5f;
  return o;
}
const std::int64_t kExact = -12;
const DotReference kReference{1.5, 100.0};
}  // namespace

TEST_CASE("correct results") {
  const CorrectnessVerdict v = judge_results(good_results(), kExact, kReference, small_shape());
  CHECK(v.correct);
  CHECK(v.reason.empty());
  CHECK(v.rel_err == 0.0);
  CHECK(v.deterministic);
  CHECK(v.err_bound > 0.0);
}

TEST_CASE("error bound and relative error are on the sum|a_i b_i| scale") {
  const SummationShape shape = small_shape();
  const CorrectnessVerdict v = judge_results(good_results(), kExact, kReference, shape);
  CHECK(v.err_bound == doctest::Approx(dot_error_bound(shape, u32, 100.0) / 100.0).epsilon(1e-12));
  CHECK(v.err_bound == doctest::Approx(2 * 23 * u32 / (1 - 23 * u32)).epsilon(1e-12));

  ObservedResults off = good_results();
  off.random_first = 1.5f + 0.25f * static_cast<float>(v.err_bound) * 100.0f;
  off.random_second = off.random_first;
  const CorrectnessVerdict w = judge_results(off, kExact, kReference, shape);
  CHECK(w.rel_err == doctest::Approx((static_cast<double>(off.random_first) - 1.5) / 100.0));
  CHECK(w.rel_err > 0.0);
  CHECK(w.correct);  // within the bound
}

TEST_CASE("NaN results are rejected") {
  ObservedResults o = good_results();
  o.random_first = std::numeric_limits<float>::quiet_NaN();
  CorrectnessVerdict v = judge_results(o, kExact, kReference, small_shape());
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "NaN"));

  o = good_results();
  o.integer_result = std::numeric_limits<float>::quiet_NaN();
  v = judge_results(o, kExact, kReference, small_shape());
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "NaN"));
}

TEST_CASE("small-integer mismatch is rejected") {
  ObservedResults o = good_results();
  o.integer_result = -11.0f;
  const CorrectnessVerdict v = judge_results(o, kExact, kReference, small_shape());
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "small-integer"));
  CHECK(contains(v.reason, "-11"));
  CHECK(contains(v.reason, "-12"));

  // Off by the smallest step still fails: the check is exact.
  o.integer_result = std::nextafter(-12.0f, 0.0f);
  CHECK_FALSE(judge_results(o, kExact, kReference, small_shape()).correct);
}

TEST_CASE("error beyond the bound is rejected") {
  const SummationShape shape = small_shape();
  const double bound = judge_results(good_results(), kExact, kReference, shape).err_bound;

  ObservedResults o = good_results();
  o.random_first = 1.5f + 4.0f * static_cast<float>(bound) * 100.0f;  // 4x the bound
  o.random_second = o.random_first;
  const CorrectnessVerdict v = judge_results(o, kExact, kReference, shape);
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "exceeds bound"));
  CHECK(v.rel_err > v.err_bound);
  CHECK(v.deterministic);

  o.random_first = o.random_second = std::numeric_limits<float>::infinity();
  const CorrectnessVerdict inf = judge_results(o, kExact, kReference, shape);
  CHECK_FALSE(inf.correct);
  CHECK(contains(inf.reason, "exceeds bound"));

  // A bigger bound (deeper summation) admits the same error.
  SummationShape deep = shape;
  deep.partials = 1000;
  o.random_first = o.random_second = 1.5f + 4.0f * static_cast<float>(bound) * 100.0f;
  CHECK(judge_results(o, kExact, kReference, deep).correct);
}

TEST_CASE("determinism compares the bits of the two runs") {
  ObservedResults o = good_results();
  CHECK(judge_results(o, kExact, kReference, small_shape()).deterministic);

  o.random_second = std::nextafter(o.random_first, 2.0f);
  const CorrectnessVerdict v = judge_results(o, kExact, kReference, small_shape());
  CHECK_FALSE(v.deterministic);
  CHECK(v.correct);  // both runs are accurate, they just differ

  o.random_second = std::nextafter(o.random_first, 0.0f);
  CHECK_FALSE(judge_results(o, kExact, kReference, small_shape()).deterministic);
}
