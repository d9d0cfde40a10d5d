#include <doctest/doctest.h>

#include <stdexcept>

#include "core/statistics.hpp"

using namespace dotsweep;

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

  const auto even = summarize({1, 2, 3, 4});
  CHECK(even.median == doctest::Approx(2.5));
  CHECK(even.noise_pct == doctest::Approx((3.25 - 1.75) / 2.5 * 100.0));

  CHECK(summarize({0, 0, 0}).noise_pct == 0.0);
  CHECK_THROWS_AS(summarize({}), std::invalid_argument);
}

TEST_CASE("stopping rule") {
  StoppingRule rule;  // min 10, max 1000, 1% noise, 0.5 s
  const std::vector<double> steady(10, 5.0);
  const std::vector<double> steady9(9, 5.0);
  std::vector<double> noisy;
  for (int i = 0; i < 10; ++i) noisy.push_back(i % 2 ? 5.0 : 6.0);

  CHECK_FALSE(rule.should_stop({}, 0.0));
  CHECK_FALSE(rule.should_stop(steady9, 0.0));   // quiet but too few
  CHECK_FALSE(rule.should_stop(steady9, 10.0));  // budget spent, min_samples still honoured
  CHECK(rule.should_stop(steady, 0.0));          // quiet and enough
  CHECK_FALSE(rule.should_stop(noisy, 0.1));     // noisy, budget left
  CHECK(rule.should_stop(noisy, 0.5));           // noisy, budget spent

  std::vector<double> many;
  for (int i = 0; i < 1000; ++i) many.push_back(i % 2 ? 5.0 : 6.0);
  CHECK(rule.should_stop(many, 0.0));

  StoppingRule capped;
  capped.min_samples = 10;
  capped.max_samples = 5;  // max wins over min
  CHECK(capped.should_stop(std::vector<double>(5, 1.0), 0.0));
  CHECK_FALSE(capped.should_stop(std::vector<double>(4, 1.0), 0.0));

  StoppingRule strict;
  strict.max_noise_pct = 0.0;  // "under", not "at most": zero noise never satisfies 0
  CHECK_FALSE(strict.should_stop(steady, 0.0));
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

  const auto all_unknown = drop_throttled({1, 2}, {0, -1}, 0.75, dropped);
  CHECK(all_unknown.size() == 2);
  CHECK(dropped == 0);

  // Exactly at the threshold stays (drop only below it).
  const auto edge = drop_throttled({1, 2, 3}, {1000, 1000, 750}, 0.75, dropped);
  CHECK(edge.size() == 3);

  CHECK_THROWS_AS(drop_throttled({1, 2}, {1000}, 0.75, dropped), std::invalid_argument);
}
