#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "core/check/correctness_verdict.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {
const double verdict_u32 = std::ldexp(1.0, -24);  // unit roundoff of float
const float kNaN = std::numeric_limits<float>::quiet_NaN();

SummationShape small_shape() {
  SummationShape s;
  s.per_thread_terms = 4;
  s.block = 256;
  s.partials = 10;  // depth 1 + 4 + 8 + 10 = 23
  return s;
}

// A passing set of results and the references they match.
ObservedResults good_results() {
  ObservedResults o;
  o.random_integers = -12.0f;
  o.periodic_integers = 33.0f;
  o.float_first = 1.5f;
  o.float_second = 1.5f;
  return o;
}
ExpectedResults expected_results() {
  ExpectedResults e;
  e.random_integers = -12;
  e.periodic_integers = 33;
  e.floats = DotReference{1.5, 100.0};
  return e;
}

CorrectnessVerdict verdict_judge(const ObservedResults& o, bool promises = true, const SummationShape& shape = small_shape()) {
  return judge_results(o, expected_results(), shape, promises);
}

// ---- Host-side mutants: what a kernel with a bug would return -------------

struct VerdictInputs {
  std::vector<float> a, b;
};
VerdictInputs make_verdict_inputs(InputKind kind, std::size_t n, std::uint64_t seed) {
  VerdictInputs in{std::vector<float>(n), std::vector<float>(n)};
  fill_input_pair(in.a, in.b, kind, seed, 2);
  return in;
}

// The sum of a_i b_i over [begin, end), exactly (in long double, exact for
// these integers and far more precise than float for the uniform data).
long double range_sum(const VerdictInputs& in, std::size_t begin, std::size_t end) {
  long double sum = 0;
  for (std::size_t i = begin; i < end; ++i) sum += static_cast<long double>(in.a[i]) * in.b[i];
  return sum;
}

// All three input sets at one size with their references, and the results a
// kernel returns when it adds `factor` x the elements [begin, end) to the right
// answer (factor -1: it dropped them; +1: it counted them twice). The results
// are the mutant's exact sums rounded once to float: a kernel that is wrong
// only by its bug.
struct SizeData {
  std::size_t n;
  VerdictInputs random, periodic, positive;
  ExpectedResults expected;

  explicit SizeData(std::size_t n_, std::uint64_t seed = 2026)
      : n(n_),
        random(make_verdict_inputs(InputKind::random_integers, n_, seed)),
        periodic(make_verdict_inputs(InputKind::periodic_integers, n_, seed)),
        positive(make_verdict_inputs(InputKind::positive_uniform, n_, seed)) {
    expected.random_integers = exact_integer_dot(random.a, random.b, 2);
    expected.periodic_integers = exact_integer_dot(periodic.a, periodic.b, 2);
    expected.floats = reference_dot(positive.a, positive.b, 2);
  }

  ObservedResults mutant(std::size_t begin, std::size_t end, int factor) const {
    ObservedResults o;
    o.random_integers = static_cast<float>(expected.random_integers + factor * range_sum(random, begin, end));
    o.periodic_integers = static_cast<float>(expected.periodic_integers + factor * range_sum(periodic, begin, end));
    o.float_first = o.float_second =
        static_cast<float>(static_cast<long double>(expected.floats.value) + factor * range_sum(positive, begin, end));
    return o;
  }
};

// A realistic atomic-finish shape at n: block 256, 4 float4 per thread, one
// tile per block; the finish is a chain over every block partial, so the
// float64 bound is loose (this is where the float check alone is blind).
SummationShape atomic_shape(std::int64_t n) {
  SummationShape s;
  s.per_thread_terms = 16;
  s.block = 256;
  s.partials = (n + 4095) / 4096;
  s.finish_is_sequential = true;
  return s;
}
// The same kernel with the two-pass finish (512-thread tree second pass).
SummationShape two_pass_shape(std::int64_t n) {
  SummationShape s = atomic_shape(n);
  s.finish_is_sequential = false;
  s.finish_block = 512;
  return s;
}
}  // namespace

TEST_CASE("correct results") {
  for (const bool promises : {true, false}) {
    const CorrectnessVerdict v = verdict_judge(good_results(), promises);
    CHECK(v.correct);
    CHECK(v.reason.empty());
    CHECK(v.rel_err == 0.0);
    CHECK(v.deterministic);
    CHECK(v.err_bound > 0.0);
  }
}

TEST_CASE("error bound and relative error are on the sum|a_i b_i| scale") {
  const SummationShape shape = small_shape();
  const CorrectnessVerdict v = verdict_judge(good_results());
  CHECK(v.err_bound == doctest::Approx(dot_error_bound(shape, 100.0) / 100.0).epsilon(1e-12));
  CHECK(v.err_bound == doctest::Approx(2 * 23 * verdict_u32 / (1 - 23 * verdict_u32)).epsilon(1e-12));

  ObservedResults off = good_results();
  off.float_first = off.float_second = 1.5f + 0.25f * static_cast<float>(v.err_bound) * 100.0f;
  const CorrectnessVerdict w = verdict_judge(off);
  CHECK(w.rel_err == doctest::Approx((static_cast<double>(off.float_first) - 1.5) / 100.0));
  CHECK(w.rel_err > 0.0);
  CHECK(w.correct);  // within the bound
}

TEST_CASE("NaN anywhere: the output was never written") {
  for (double ObservedResults::*field : {&ObservedResults::random_integers, &ObservedResults::periodic_integers,
                                        &ObservedResults::float_first, &ObservedResults::float_second}) {
    ObservedResults o = good_results();
    o.*field = kNaN;
    const CorrectnessVerdict v = verdict_judge(o);
    CHECK_FALSE(v.correct);
    CHECK(v.reason == "result is NaN: the output was never written");
  }
}

TEST_CASE("random-integer check: bit-equal to the exact value") {
  ObservedResults o = good_results();
  o.random_integers = -11.0f;
  const CorrectnessVerdict v = verdict_judge(o);
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "random-integer check"));
  CHECK(contains(v.reason, "got -11"));
  CHECK(contains(v.reason, "exact -12"));

  // Off by the smallest step still fails: the check is exact.
  o.random_integers = std::nextafter(-12.0f, 0.0f);
  CHECK(contains(verdict_judge(o).reason, "random-integer check"));
  // Infinity too.
  o.random_integers = std::numeric_limits<float>::infinity();
  CHECK(contains(verdict_judge(o).reason, "random-integer check"));
}

TEST_CASE("periodic check: bit-equal to the exact value, the difference counts periods") {
  ObservedResults o = good_results();
  o.periodic_integers = 31.0f;
  const CorrectnessVerdict v = verdict_judge(o);
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "periodic check"));
  CHECK(contains(v.reason, "got 31"));
  CHECK(contains(v.reason, "exact 33"));
  CHECK(contains(v.reason, "difference -2"));
  CHECK(contains(v.reason, "lost"));

  o.periodic_integers = 33.0f + 4096.0f;  // one element read past the end (padding canary)
  const CorrectnessVerdict past = verdict_judge(o);
  CHECK(contains(past.reason, "difference 4096"));
  CHECK(contains(past.reason, "read past the end"));

  o.periodic_integers = std::nextafter(33.0f, 40.0f);
  CHECK(contains(verdict_judge(o).reason, "periodic check"));
}

TEST_CASE("mutant: a dropped tile whose random-integer sum is 0 is caught by the periodic check") {
  // The escape the periodic set exists for: a 256-element tile (one block of
  // 256 threads, one element each) whose random-integer products cancel. At
  // 2^23 the atomic finish's float64 bound (2.5e-4) is looser than one tile
  // (256 / 2^23 = 3e-5 of the result).
  const std::size_t n = (1u << 23) + 3, tile = 256;
  const SizeData data(n);
  std::size_t zero_tile = n;
  for (std::size_t begin = 0; begin + tile <= n && zero_tile == n; begin += tile)
    if (range_sum(data.random, begin, begin + tile) == 0) zero_tile = begin;
  REQUIRE(zero_tile < n);  // about 2% of such tiles sum to 0

  for (const int factor : {-1, +1}) {  // dropped, counted twice
    CAPTURE(factor);
    const ObservedResults o = data.mutant(zero_tile, zero_tile + tile, factor);
    // The atomic shape's bound at this n is far looser than one tile: only the periodic set can see it.
    const CorrectnessVerdict v = judge_results(o, data.expected, atomic_shape(n), false);
    CHECK(o.random_integers == static_cast<float>(data.expected.random_integers));  // the random check is blind
    CHECK(v.rel_err <= v.err_bound);                                                // so is the float check
    CHECK_FALSE(v.correct);
    CHECK(contains(v.reason, "periodic check"));
    CHECK(contains(v.reason, factor < 0 ? "difference -8 " : "difference 8 "));  // 256 / 32 periods
  }
}

TEST_CASE("mutant: a tile missing or counted twice at every tile size") {
  // One tile's periodic sum is tile / 32 > 0, so the periodic result is wrong
  // whatever tile a kernel drops or doubles. (Here the other checks may catch
  // it too; the periodic result must be wrong on its own.)
  const std::size_t n = (1u << 18) + 1;
  const SizeData data(n);
  for (std::size_t tile = 32; tile <= 4096; tile *= 2) {
    for (const std::size_t begin : {std::size_t{0}, tile * 5, (n / tile - 1) * tile}) {
      for (const int factor : {-1, +1}) {
        ObservedResults o = data.mutant(begin, begin + tile, factor);
        CHECK(o.periodic_integers == static_cast<float>(data.expected.periodic_integers) +
                                         static_cast<float>(factor * static_cast<int>(tile / 32)));
        o.random_integers = static_cast<float>(data.expected.random_integers);  // as if its random sum were 0
        const CorrectnessVerdict v = judge_results(o, data.expected, atomic_shape(n), false);
        CHECK_FALSE(v.correct);
        CHECK(contains(v.reason, "periodic check"));
      }
    }
  }
}

TEST_CASE("mutant: a kernel that drops the float4 tail") {
  // n % 4 == 2 and the two tail products of the random integers cancel (the
  // brief's "two tail products can cancel"): the random check is blind, the
  // tail is far below the float64 bound, the periodic tail sums to 2 or -29.
  std::size_t n = (1u << 22) + 2;  // the tail (< 2 of about 2^20) stays below the two-pass bound
  for (int tries = 0; tries < 1000; ++tries, n += 4) {
    const InputPairValue x = random_integer_pair_value(2026, n - 2), y = random_integer_pair_value(2026, n - 1);
    if (x.a * x.b + y.a * y.b == 0.0f) break;
  }
  REQUIRE(random_integer_pair_value(2026, n - 2).a * random_integer_pair_value(2026, n - 2).b ==
          -random_integer_pair_value(2026, n - 1).a * random_integer_pair_value(2026, n - 1).b);  // 3 in 16 do
  const SizeData data(n);
  const ObservedResults o = data.mutant(n - 2, n, -1);
  const CorrectnessVerdict v = judge_results(o, data.expected, two_pass_shape(static_cast<std::int64_t>(n)), true);
  CHECK(o.random_integers == static_cast<float>(data.expected.random_integers));
  CHECK(v.rel_err <= v.err_bound);
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "periodic check"));

  // A single missing tail element is caught by the random-integer check first.
  const ObservedResults one = data.mutant(n - 1, n, -1);
  const CorrectnessVerdict w = judge_results(one, data.expected, two_pass_shape(static_cast<std::int64_t>(n)), true);
  CHECK_FALSE(w.correct);
  CHECK(contains(w.reason, "random-integer check"));
}

TEST_CASE("a result of 0, or of half the elements, at 2^28 fails the float check") {
  // positive_uniform at 2^28: E[a b] = 1/4, so value = sum|ab| ~ 2^26. The
  // exact checks are given right answers so only the float check can fail.
  const std::int64_t n = std::int64_t{1} << 28;
  ExpectedResults expected;
  expected.random_integers = 1234;
  expected.periodic_integers = n / 32;
  expected.floats = DotReference{67108864.5, 67108864.5};
  ObservedResults o;
  o.random_integers = 1234.0f;
  o.periodic_integers = static_cast<float>(n / 32);
  for (const SummationShape& shape : {two_pass_shape(n), atomic_shape(n)}) {
    const bool two_pass = !shape.finish_is_sequential;
    CAPTURE(two_pass);
    o.float_first = o.float_second = 0.0f;
    const CorrectnessVerdict zero = judge_results(o, expected, shape, two_pass);
    CHECK(zero.err_bound < 0.01);
    CHECK(zero.rel_err == 1.0);
    CHECK_FALSE(zero.correct);
    CHECK(contains(zero.reason, "float64 check"));
    CHECK(contains(zero.reason, "exceeds bound"));

    o.float_first = o.float_second = static_cast<float>(expected.floats.value / 2);
    const CorrectnessVerdict half = judge_results(o, expected, shape, two_pass);
    CHECK_FALSE(half.correct);
    CHECK(contains(half.reason, "float64 check"));
  }
  // All of it zero (the output of a kernel that never summed): the exact checks say so first.
  o = ObservedResults{};
  CHECK(contains(judge_results(o, expected, two_pass_shape(n), true).reason, "random-integer check"));
}

TEST_CASE("error beyond the bound is rejected, in either float run") {
  const SummationShape shape = small_shape();
  const double bound = verdict_judge(good_results()).err_bound;
  const float far = 1.5f + 4.0f * static_cast<float>(bound) * 100.0f;  // 4x the bound

  ObservedResults o = good_results();
  o.float_first = o.float_second = far;
  const CorrectnessVerdict v = verdict_judge(o);
  CHECK_FALSE(v.correct);
  CHECK(contains(v.reason, "float64 check (first run)"));
  CHECK(contains(v.reason, "exceeds bound"));
  CHECK(v.rel_err > v.err_bound);
  CHECK(v.deterministic);

  // Only the second run wrong (a racy kernel that is sometimes right).
  o = good_results();
  o.float_second = far;
  const CorrectnessVerdict second = verdict_judge(o, false);
  CHECK_FALSE(second.correct);
  CHECK(contains(second.reason, "float64 check (second run)"));
  CHECK(second.rel_err > second.err_bound);

  o.float_first = o.float_second = std::numeric_limits<float>::infinity();
  const CorrectnessVerdict inf = verdict_judge(o);
  CHECK_FALSE(inf.correct);
  CHECK(contains(inf.reason, "exceeds bound"));

  // A bigger bound (deeper summation) admits the same error.
  SummationShape deep = shape;
  deep.partials = 1000;
  o.float_first = o.float_second = far;
  CHECK(verdict_judge(o, true, deep).correct);
}

TEST_CASE("the float64 check's edge: 0.95x the bound passes, 1.05x fails, in either run and for the timed result") {
  // The bound written out here rather than read from the verdict or from
  // error_bound.cpp, so a verdict that admits a wider error cannot set its
  // own pass mark: small_shape() sums each product through 1 + 4 + 8 + 10 =
  // 23 roundings, and the bound is 2 gamma_23 on the sum|a_i b_i| scale.
  const double bound = 2 * (23 * verdict_u32 / (1 - 23 * verdict_u32));
  const ExpectedResults expected = expected_results();  // reference 1.5, sum|a_i b_i| 100
  for (const double factor : {0.95, 1.05}) {
    for (const double side : {+1.0, -1.0}) {
      CAPTURE(factor);
      CAPTURE(side);
      // What a kernel returns: a float. The owed verdict from that float's
      // own error (a float step at 1.5 is 0.04% of the 5% margin).
      const float result = static_cast<float>(1.5 + side * factor * bound * 100.0);
      const bool owed_within = std::fabs(static_cast<double>(result) - 1.5) / 100.0 <= bound;
      REQUIRE(owed_within == (factor < 1.0));

      ObservedResults both = good_results();
      both.float_first = both.float_second = result;
      const CorrectnessVerdict v = verdict_judge(both, true);
      CHECK(v.correct == owed_within);
      CHECK(v.err_bound == doctest::Approx(bound).epsilon(1e-12));
      if (!owed_within) CHECK(contains(v.reason, "float64 check (first run)"));

      ObservedResults first_only = good_results();
      first_only.float_first = result;
      const CorrectnessVerdict first = verdict_judge(first_only, false);
      CHECK(first.correct == owed_within);
      if (!owed_within) CHECK(contains(first.reason, "float64 check (first run)"));

      ObservedResults second_only = good_results();
      second_only.float_second = result;
      const CorrectnessVerdict second = verdict_judge(second_only, false);
      CHECK(second.correct == owed_within);
      if (!owed_within) CHECK(contains(second.reason, "float64 check (second run)"));

      // The timed result of an atomic finish is held to the same bound.
      const CorrectnessVerdict checked = verdict_judge(good_results(), false);
      REQUIRE(checked.correct);
      const std::optional<std::string> timed = timed_result_mismatch(result, good_results(), checked, expected, false);
      CHECK(timed.has_value() == !owed_within);
    }
  }
}

TEST_CASE("the float64 check: an error of exactly the bound is within it") {
  // Reference 0 on a scale of 1 and the result the bound itself: the error
  // and the bound are the same double (23 u and 1 - 23 u are exact, and the
  // bound's other steps are by 2 and by 1), so only `<=` passes it.
  ExpectedResults expected = expected_results();
  expected.floats = DotReference{0.0, 1.0};
  const double bound = 2 * (23 * verdict_u32 / (1 - 23 * verdict_u32));
  ObservedResults o = good_results();
  o.float_first = o.float_second = bound;
  const CorrectnessVerdict at = judge_results(o, expected, small_shape(), true);
  REQUIRE(at.err_bound == bound);
  CHECK(at.rel_err == bound);
  CHECK(at.correct);
  CHECK_FALSE(timed_result_mismatch(bound, o, at, expected, false).has_value());

  o.float_first = o.float_second = std::nextafter(bound, 1.0);  // one double step past it
  CHECK_FALSE(judge_results(o, expected, small_shape(), true).correct);
  CHECK(timed_result_mismatch(std::nextafter(bound, 1.0), o, at, expected, false).has_value());
}

TEST_CASE("a float64 reference with no products to scale by (sum|a_i b_i| = 0): the error is judged absolutely") {
  ExpectedResults expected = expected_results();
  expected.floats = DotReference{0.0, 0.0};
  ObservedResults o = good_results();
  o.float_first = o.float_second = 0.0;
  const CorrectnessVerdict exact = judge_results(o, expected, small_shape(), true);
  CHECK(exact.correct);
  CHECK(exact.rel_err == 0.0);
  CHECK(exact.err_bound == doctest::Approx(2 * (23 * verdict_u32 / (1 - 23 * verdict_u32))).epsilon(1e-12));
  o.float_first = o.float_second = 1e-3;  // 1e-3 off on a scale of 1: far past 2 gamma_23 = 2.7e-6
  CHECK_FALSE(judge_results(o, expected, small_shape(), true).correct);
}

TEST_CASE("determinism: recorded always, a failure only where the finish promises it") {
  ObservedResults o = good_results();
  o.float_second = std::nextafter(static_cast<float>(o.float_first), 2.0f);  // both accurate, one float ulp apart

  const CorrectnessVerdict atomic = verdict_judge(o, false);
  CHECK(atomic.correct);
  CHECK(atomic.reason.empty());
  CHECK_FALSE(atomic.deterministic);

  const CorrectnessVerdict promised = verdict_judge(o, true);
  CHECK_FALSE(promised.correct);
  CHECK_FALSE(promised.deterministic);
  CHECK(promised.reason == "not deterministic: two runs gave 1.5 and 1.50000012, though this finish promises the same bits");

  o.float_second = std::nextafter(static_cast<float>(o.float_first), 0.0f);
  CHECK_FALSE(verdict_judge(o, true).correct);
  CHECK_FALSE(verdict_judge(o, false).deterministic);

  // Same bits: deterministic either way.
  CHECK(verdict_judge(good_results(), false).deterministic);
  CHECK(verdict_judge(good_results(), true).deterministic);
}

TEST_CASE("the checks apply in order: NaN, random, periodic, float, determinism") {
  ObservedResults o = good_results();
  o.float_second = std::nextafter(o.float_first, 2.0f);        // not deterministic
  CHECK(contains(verdict_judge(o).reason, "not deterministic"));
  o.float_first = 1000.0f;                                       // and beyond the bound
  CHECK(contains(verdict_judge(o).reason, "float64 check"));
  o.periodic_integers = 32.0f;                                   // and a period lost
  CHECK(contains(verdict_judge(o).reason, "periodic check"));
  o.random_integers = 0.0f;                                      // and the random check wrong
  CHECK(contains(verdict_judge(o).reason, "random-integer check"));
  o.float_second = kNaN;                                         // and never written
  CHECK(contains(verdict_judge(o).reason, "NaN"));
}

TEST_CASE("timed result: same bits where determinism is promised, else within the bound") {
  const ObservedResults checked = good_results();
  const ExpectedResults expected = expected_results();

  // Promised determinism: the very same bits.
  const CorrectnessVerdict two_pass = verdict_judge(checked, true);
  REQUIRE(two_pass.correct);
  CHECK_FALSE(timed_result_mismatch(1.5f, checked, two_pass, expected, true).has_value());
  const std::optional<std::string> ulp =
      timed_result_mismatch(std::nextafter(1.5f, 2.0f), checked, two_pass, expected, true);
  REQUIRE(ulp.has_value());
  CHECK(contains(*ulp, "timed result 1.50000012"));
  CHECK(contains(*ulp, "checked result 1.5"));
  CHECK(contains(*ulp, "promises the same bits"));

  // Atomic: other bits are fine while within the float64 bound ...
  const CorrectnessVerdict atomic = verdict_judge(checked, false);
  REQUIRE(atomic.correct);
  const float near = 1.5f + 0.25f * static_cast<float>(atomic.err_bound) * 100.0f;
  CHECK(near != 1.5f);
  CHECK_FALSE(timed_result_mismatch(near, checked, atomic, expected, false).has_value());
  // ... but not beyond it (the timed launches ran on other inputs, or raced).
  const float far = 1.5f + 4.0f * static_cast<float>(atomic.err_bound) * 100.0f;
  const std::optional<std::string> off = timed_result_mismatch(far, checked, atomic, expected, false);
  REQUIRE(off.has_value());
  CHECK(contains(*off, "exceeds bound"));
  CHECK(contains(*off, "timed result"));
  CHECK(timed_result_mismatch(0.0f, checked, atomic, expected, false).has_value());

  // A timed launch that never wrote its output, either way.
  for (const bool promises : {true, false}) {
    const std::optional<std::string> nan = timed_result_mismatch(kNaN, checked, promises ? two_pass : atomic,
                                                                 expected, promises);
    REQUIRE(nan.has_value());
    CHECK(contains(*nan, "NaN"));
  }
}

TEST_CASE("timed results: every timed launch is judged, and the reason counts the ones that differ") {
  const ObservedResults checked = good_results();
  const ExpectedResults expected = expected_results();
  const CorrectnessVerdict two_pass = verdict_judge(checked, true);
  REQUIRE(two_pass.correct);
  const double moved = std::nextafter(1.5f, 2.0f);

  CHECK_FALSE(timed_results_mismatch({1.5, 1.5, 1.5}, checked, two_pass, expected, true).has_value());
  // One launch in the middle: neither the first nor the last.
  const auto middle = timed_results_mismatch({1.5, moved, 1.5}, checked, two_pass, expected, true);
  REQUIRE(middle.has_value());
  CHECK(middle->rfind("1 of 3 timed launches differ; launch 2: timed result 1.50000012", 0) == 0);
  // The first differing launch names the reason; every differing one counts.
  const auto two = timed_results_mismatch({1.5, 1.5, moved, 1.5, moved}, checked, two_pass, expected, true);
  REQUIRE(two.has_value());
  CHECK(two->rfind("2 of 5 timed launches differ; launch 3:", 0) == 0);
  // The last one alone.
  const auto last = timed_results_mismatch({1.5, 1.5, moved}, checked, two_pass, expected, true);
  REQUIRE(last.has_value());
  CHECK(last->rfind("1 of 3 timed launches differ; launch 3:", 0) == 0);
  // Without the promise, other bits within the bound are fine.
  const CorrectnessVerdict atomic = verdict_judge(checked, false);
  CHECK_FALSE(timed_results_mismatch({1.5, moved, 1.5}, checked, atomic, expected, false).has_value());
  // Nothing read is not a pass.
  const auto none = timed_results_mismatch({}, checked, two_pass, expected, true);
  REQUIRE(none.has_value());
  CHECK(contains(*none, "no timed launch"));
}
