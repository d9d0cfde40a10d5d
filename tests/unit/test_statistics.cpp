#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "core/sampling/statistics.hpp"

using namespace dotsweep;

namespace {

// 1..n in a scrambled order, so a test of order statistics also tests sorting.
std::vector<double> one_to(std::size_t n) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(static_cast<double>((i * 7) % n + 1));
  return v;
}

// Exact P(B(n, 1/2) <= k) * 2^n with integers; good for n <= 100 (2^100 fits in 128 bits).
unsigned __int128 count_at_most(unsigned n, unsigned k) {
  unsigned __int128 sum = 0, choose = 1;  // C(n, 0)
  for (unsigned j = 0; j <= k && j <= n; ++j) {
    sum += choose;
    choose = choose * (n - j) / (j + 1);  // C(n, j+1), exact: C(n,j)(n-j) is divisible by j+1
  }
  return sum;
}

}  // namespace

TEST_CASE("quantile interpolates linearly like numpy's default") {
  const std::vector<double> v = {4, 1, 3, 2};  // unsorted on purpose
  CHECK(quantile(v, 0.0) == 1.0);
  CHECK(quantile(v, 0.25) == doctest::Approx(1.75));
  CHECK(quantile(v, 0.5) == doctest::Approx(2.5));
  CHECK(quantile(v, 0.75) == doctest::Approx(3.25));
  CHECK(quantile(v, 1.0) == 4.0);
  CHECK(quantile({7}, 0.3) == 7.0);
  CHECK(quantile({10, 20}, 0.1) == doctest::Approx(11.0));
  CHECK_THROWS_AS(quantile({}, 0.5), std::invalid_argument);
  CHECK_THROWS_AS(quantile({1, 2}, 1.5), std::invalid_argument);
}

TEST_CASE("summarize") {
  const auto s = summarize({14, 10, 12, 13, 11});
  CHECK(s.samples == 5);
  CHECK(s.median == 12.0);
  CHECK(s.min == 10.0);
  CHECK(s.p25 == 11.0);
  CHECK(s.p75 == 13.0);
  CHECK(s.noise_pct == doctest::Approx(2.0 / 12.0 * 100.0));
  CHECK(s.ci_lo == 10.0);  // n = 5: min and max
  CHECK(s.ci_hi == 14.0);

  const auto even = summarize({1, 2, 3, 4});
  CHECK(even.median == doctest::Approx(2.5));
  CHECK(even.noise_pct == doctest::Approx((3.25 - 1.75) / 2.5 * 100.0));

  CHECK(summarize({0, 0, 0}).noise_pct == 0.0);
  CHECK_THROWS_AS(summarize({}), std::invalid_argument);
}

TEST_CASE("binomial_half_cdf is exact where it can be checked by hand") {
  CHECK(binomial_half_cdf(10, 1) == doctest::Approx(11.0 / 1024.0).epsilon(1e-12));
  CHECK(binomial_half_cdf(10, 2) == doctest::Approx(56.0 / 1024.0).epsilon(1e-12));
  CHECK(binomial_half_cdf(5, 0) == doctest::Approx(1.0 / 32.0).epsilon(1e-12));
  CHECK(binomial_half_cdf(4, 2) == doctest::Approx(11.0 / 16.0).epsilon(1e-12));
  CHECK(binomial_half_cdf(7, 7) == 1.0);
  CHECK(binomial_half_cdf(7, 100) == 1.0);
  // Symmetry at odd n: exactly half the mass is at or below (n - 1) / 2.
  CHECK(binomial_half_cdf(301, 150) == doctest::Approx(0.5).epsilon(1e-12));
  // P(B = 0) = 2^-3001 underflows a double; summed in log space the bulk still comes out.
  CHECK(binomial_half_cdf(3001, 1500) == doctest::Approx(0.5).epsilon(1e-9));
  CHECK(binomial_half_cdf(3001, 1600) > 0.99);
  CHECK(binomial_half_cdf(3001, 0) == 0.0);
}

TEST_CASE("median interval ranks, computed by hand from the binomial") {
  // n = 10: P(B <= 1) = 11/1024 = 1.07% <= 2.5% < P(B <= 2) = 56/1024 = 5.5%,
  // so x(2)..x(9), covering 1 - 22/1024 = 97.85%.
  auto r = median_ci_ranks(10);
  CHECK(r.lower == 2);
  CHECK(r.upper == 9);
  CHECK(r.reaches_confidence);
  CHECK(r.coverage == doctest::Approx(1.0 - 22.0 / 1024.0));
  // n = 100: P(B <= 39) = 1.76% <= 2.5% < P(B <= 40) = 2.84%: x(40)..x(61), 96.48%.
  r = median_ci_ranks(100);
  CHECK(r.lower == 40);
  CHECK(r.upper == 61);
  CHECK(r.coverage == doctest::Approx(0.9648).epsilon(1e-4));
  // n = 6 is the first with a 95% interval: [min, max] covers 1 - 2/64 = 96.9%.
  r = median_ci_ranks(6);
  CHECK(r.lower == 1);
  CHECK(r.upper == 6);
  CHECK(r.reaches_confidence);
  // n = 9: P(B <= 1) = 10/512 = 1.95% <= 2.5% < P(B <= 2) = 46/512 = 9.0%.
  r = median_ci_ranks(9);
  CHECK(r.lower == 2);
  CHECK(r.upper == 8);
  // Larger n from an exact rational computation: 300 -> x(133)..x(168), 1000 -> x(469)..x(532).
  CHECK(median_ci_ranks(300).lower == 133);
  CHECK(median_ci_ranks(300).upper == 168);
  CHECK(median_ci_ranks(1000).lower == 469);
  CHECK(median_ci_ranks(1000).upper == 532);
}

TEST_CASE("median interval ranks: too few samples for 95% fall back to min and max") {
  for (std::size_t n = 1; n < 6; ++n) {
    CAPTURE(n);
    const auto r = median_ci_ranks(n);
    CHECK(r.lower == 1);
    CHECK(r.upper == n);
    CHECK_FALSE(r.reaches_confidence);
    CHECK(r.coverage < 0.95);
  }
  CHECK(median_ci_ranks(5).coverage == doctest::Approx(1.0 - 2.0 / 32.0));
  CHECK(median_ci_ranks(0).upper == 0);
}

TEST_CASE("median interval ranks are the narrowest symmetric pair with exact coverage >= 95%") {
  // Against integer arithmetic: 40 * (count below the lower rank) <= 2^n,
  // and one rank narrower would break it.
  for (unsigned n = 6; n <= 100; ++n) {
    CAPTURE(n);
    const auto r = median_ci_ranks(n);
    REQUIRE(r.lower >= 1);
    CHECK(r.upper == n + 1 - r.lower);
    const unsigned __int128 all = static_cast<unsigned __int128>(1) << n;
    CHECK(40 * count_at_most(n, static_cast<unsigned>(r.lower - 1)) <= all);
    CHECK(40 * count_at_most(n, static_cast<unsigned>(r.lower)) > all);
  }
}

TEST_CASE("summarize reports the median interval's order statistics") {
  const auto ten = summarize(one_to(10));
  CHECK(ten.ci_lo == 2.0);
  CHECK(ten.ci_hi == 9.0);
  CHECK(ten.median == 5.5);
  const auto hundred = summarize(one_to(100));
  CHECK(hundred.ci_lo == 40.0);
  CHECK(hundred.ci_hi == 61.0);
  const auto one = summarize({3.5});
  CHECK(one.ci_lo == 3.5);
  CHECK(one.ci_hi == 3.5);
}

TEST_CASE("stopping rule defaults are the program's defaults") {
  const StoppingRule rule;
  CHECK(rule.min_samples == 10);
  CHECK(rule.max_samples == 300);
  CHECK(rule.ci_halfwidth_pct == 1.0);
  CHECK(rule.resolution_us == 0.0);
  CHECK(rule.budget_seconds == 0.25);
}

TEST_CASE("stopping rule: the interval's half-width") {
  StoppingRule rule;  // min 10, max 300, 1% half-width, no resolution floor, 0.25 s
  // Ten samples 100.0 .. 100.9: median 100.45, interval x(2)..x(9) = [100.1, 100.8],
  // larger half-width 0.35 = 0.35% of the median.
  std::vector<double> tight;
  for (int i = 0; i < 10; ++i) tight.push_back(100.0 + 0.1 * i);
  // Same shape, 10x the spread: median 104.5, interval [101, 108], half-width 3.5 = 3.35%.
  std::vector<double> wide;
  for (int i = 0; i < 10; ++i) wide.push_back(100.0 + 1.0 * i);

  CHECK_FALSE(rule.should_stop({}, 0.0));
  CHECK(rule.should_stop(tight, 0.0));
  CHECK_FALSE(rule.should_stop(wide, 0.0));
  CHECK_FALSE(rule.should_stop(std::vector<double>(tight.begin(), tight.end() - 1), 0.0));  // too few
  CHECK_FALSE(rule.should_stop(std::vector<double>(9, 5.0), 10.0));  // min_samples honoured past the budget

  // The larger side decides: a lopsided interval (median 100.5, lo 100.4, hi 104)
  // has a 0.1% lower but a 3.5% upper half-width.
  const std::vector<double> lopsided = {100, 100.4, 100.4, 100.5, 100.5, 100.5, 100.5, 100.5, 104, 110};
  CHECK_FALSE(rule.should_stop(lopsided, 0.0));

  StoppingRule loose = rule;
  loose.ci_halfwidth_pct = 3.4;  // just over the wide set's 3.35%
  CHECK(loose.should_stop(wide, 0.0));
  loose.ci_halfwidth_pct = 3.3;  // just under it
  CHECK_FALSE(loose.should_stop(wide, 0.0));
}

TEST_CASE("stopping rule: the resolution floor stops at tiny medians") {
  // Median 2.045 us, half-width 0.035 us = 1.7%: over 1%, but the timer cannot
  // resolve below 0.5 us anyway.
  std::vector<double> tiny;
  for (int i = 0; i < 10; ++i) tiny.push_back(2.0 + 0.01 * i);
  StoppingRule rule;
  rule.ci_halfwidth_pct = 1.0;
  CHECK_FALSE(rule.should_stop(tiny, 0.0));  // resolution 0 = no floor
  rule.resolution_us = 0.5;
  CHECK(rule.should_stop(tiny, 0.0));
  rule.resolution_us = 0.03;  // finer than the half-width: keep going
  CHECK_FALSE(rule.should_stop(tiny, 0.0));
}

TEST_CASE("stopping rule: a half-width exactly at the target or at the resolution stops") {
  // Ten samples whose median is 8 and whose interval x(2)..x(9) is [6, 10]:
  // half-width 2, exactly 25% of the median (0.25 and 2 are exact doubles).
  const std::vector<double> samples = {5, 6, 7, 7.5, 8, 8, 8.5, 9, 10, 11};
  const SampleSummary s = summarize(samples);
  REQUIRE(s.median == 8.0);
  REQUIRE(s.ci_lo == 6.0);
  REQUIRE(s.ci_hi == 10.0);

  StoppingRule rule;
  rule.ci_halfwidth_pct = 25.0;  // at the half-width: stop
  CHECK(rule.should_stop(samples, 0.0));
  rule.ci_halfwidth_pct = 24.9;  // just under it: go on
  CHECK_FALSE(rule.should_stop(samples, 0.0));

  // The resolution floor, at the same interval: 2 us is not resolved finer.
  rule.resolution_us = 2.0;
  CHECK(rule.should_stop(samples, 0.0));
  rule.resolution_us = std::nextafter(2.0, 0.0);
  CHECK_FALSE(rule.should_stop(samples, 0.0));
}

TEST_CASE("stopping rule: the sample cap and the time budget") {
  std::vector<double> wide;
  for (int i = 0; i < 300; ++i) wide.push_back(i % 2 ? 5.0 : 6.0);  // interval [5, 6], 10%
  StoppingRule rule;
  CHECK(rule.should_stop(wide, 0.0));  // at max_samples
  const std::vector<double> wide299(wide.begin(), wide.end() - 1);
  CHECK_FALSE(rule.should_stop(wide299, 0.1));  // wide, budget left
  CHECK(rule.should_stop(wide299, 0.25));       // budget spent

  StoppingRule capped;
  capped.min_samples = 10;
  capped.max_samples = 5;  // max wins over min
  CHECK(capped.should_stop(std::vector<double>(5, 1.0), 0.0));
  CHECK_FALSE(capped.should_stop(std::vector<double>(4, 1.0), 0.0));
}

TEST_CASE("drop_throttled") {
  std::size_t dropped = 99;
  const auto kept =
      drop_throttled({1, 2, 3, 4, 5}, {1980, 1980, 1000, 1980, 0}, 0.75, dropped);
  CHECK(kept == std::vector<double>{1, 2, 4, 5});  // the 0 MHz reading is unknown: kept
  CHECK(dropped == 1);

  // The usual clock comes from known readings only, so unknowns cannot drag it down.
  const auto kept2 = drop_throttled({1, 2, 3, 4}, {0, 0, 0, 1980}, 0.75, dropped);
  CHECK(kept2.size() == 4);
  CHECK(dropped == 0);
  // Counted in, four unknowns would put the usual clock at 700 MHz and let 1400 pass.
  const auto kept3 =
      drop_throttled({1, 2, 3, 4, 5, 6, 7, 8}, {1980, 1980, 1980, 0, 0, 0, 0, 1400}, 0.75, dropped);
  CHECK(kept3 == std::vector<double>{1, 2, 3, 4, 5, 6, 7});
  CHECK(dropped == 1);

  const auto all_unknown = drop_throttled({1, 2}, {0, -1}, 0.75, dropped);
  CHECK(all_unknown.size() == 2);
  CHECK(dropped == 0);

  // Exactly at the threshold stays (drop only below it).
  const auto edge = drop_throttled({1, 2, 3}, {1000, 1000, 750}, 0.75, dropped);
  CHECK(edge.size() == 3);

  CHECK_THROWS_AS(drop_throttled({1, 2}, {1000}, 0.75, dropped), std::invalid_argument);
}
