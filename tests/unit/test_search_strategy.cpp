// Which candidates each --strategy measures.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/space/search_strategy.hpp"
#include "core/stats/halving_survivors.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;
using dotsweep::test::timed_row;

namespace {
MeasurementRecord screened(const std::string& variant, std::int64_t n, double median, const std::string& type = "f32") {
  MeasurementRecord r = timed_row(variant, median * 0.99, median, median * 1.01, n);
  r.type = type;
  return r;
}
}  // namespace

TEST_CASE("strategy names and their options") {
  CHECK(strategy_from_string("halving") == Strategy::halving);
  CHECK(to_string(strategy_from_string("random")) == "random");
  CHECK(contains(input_error_of([] { strategy_from_string("greedy"); }), "accepted: exhaustive, random, halving"));

  StrategySettings s;
  CHECK_NOTHROW(check_strategy_settings(s, false, false));
  CHECK(contains(input_error_of([&] { check_strategy_settings(s, true, false); }), "--budget only applies"));
  CHECK(contains(input_error_of([&] { check_strategy_settings(s, false, true); }), "--keep only applies"));
  s.strategy = Strategy::random;
  CHECK(contains(input_error_of([&] { check_strategy_settings(s, false, false); }), "needs --budget"));
  s.budget = 0;
  CHECK(contains(input_error_of([&] { check_strategy_settings(s, true, false); }), "needs --budget"));
  s.budget = 3;
  CHECK_NOTHROW(check_strategy_settings(s, true, false));
  s.strategy = Strategy::halving;
  for (const double bad : {0.0, -0.5, 1.5, std::nan("")}) {
    s.keep_fraction = bad;
    CHECK(contains(input_error_of([&] { check_strategy_settings(s, false, true); }), "--keep"));
  }
  s.keep_fraction = 1;
  CHECK_NOTHROW(check_strategy_settings(s, false, true));
}

TEST_CASE("random selection: distinct, ascending, reproducible from the seed, uniform") {
  const auto a = random_selection(100, 10, 42);
  CHECK(a.size() == 10);
  CHECK(std::set<std::size_t>(a.begin(), a.end()).size() == 10);
  CHECK(std::is_sorted(a.begin(), a.end()));
  CHECK(a.back() < 100);
  CHECK(random_selection(100, 10, 42) == a);
  CHECK(random_selection(100, 10, 43) != a);
  CHECK(random_selection(5, 9, 1) == std::vector<std::size_t>{0, 1, 2, 3, 4});
  CHECK(random_selection(0, 3, 1).empty());
  // Every index is drawn about equally often: 20000 draws of 3 of 10, each
  // index expected 6000 times; a biased draw (e.g. always keeping the first
  // or the modulo bias of a bad reduction) would be far outside +-5%.
  std::vector<int> hits(10, 0);
  for (std::uint64_t seed = 0; seed < 20000; ++seed)
    for (const auto i : random_selection(10, 3, seed)) ++hits[i];
  for (const int h : hits) CHECK(std::abs(h - 6000) < 300);
}

TEST_CASE("halving screens at the smallest, middle and largest size") {
  CHECK(screen_sizes({4096}) == std::vector<std::int64_t>{4096});
  CHECK(screen_sizes({65536, 4096, 4096}) == std::vector<std::int64_t>{4096, 65536});
  CHECK(screen_sizes({1, 2, 3, 4, 5, 6}) == std::vector<std::int64_t>{1, 4, 6});
  CHECK(screen_sizes({7, 1, 3, 5, 2}) == std::vector<std::int64_t>{1, 3, 7});
}

TEST_CASE("halving keeps the best fraction per type by the geometric mean of relative times, and each question's fastest") {
  // Small n: a fastest; large n: b fastest by far. b's geometric mean of
  // relative times wins although a leads at small n. (A geometric mean weighs
  // every question alike; an arithmetic mean of microseconds would let the
  // large n alone decide.) a is kept too, as the fastest at small n: the
  // one-block kernels are such candidates, fastest at n = 4096 and far
  // behind at 2^24.
  std::vector<MeasurementRecord> rows{
      screened("a", 4096, 1.0),  screened("a", 1 << 24, 400.0),  //
      screened("b", 4096, 1.2),  screened("b", 1 << 24, 100.0),  //
      screened("c", 4096, 3.0),  screened("c", 1 << 24, 300.0),  //
      screened("d", 4096, 5.0),  screened("d", 1 << 24, 500.0),
      screened("cublas", 4096, 0.1), screened("cublas", 1 << 24, 1.0)};  // baselines are never selected
  CHECK(halving_survivors(rows, 0.25) == std::vector<std::string>{"a", "b"});
  CHECK(halving_survivors(rows, 0.5) == std::vector<std::string>{"a", "b"});
  CHECK(halving_survivors(rows, 0.75) == std::vector<std::string>{"a", "b", "c"});
  CHECK(halving_survivors(rows, 1.0) == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(halving_survivors(rows, 0.01) == std::vector<std::string>{"a", "b"});  // the score's best, and the winners
  // Without a lead anywhere, a poor score is not kept: c is second at large n.
  auto trailing = rows;
  trailing[0].median_us = 1.3;  // a no longer fastest at small n: b (1.2) is
  CHECK(halving_survivors(trailing, 0.25) == std::vector<std::string>{"b"});

  // Incorrect anywhere, or a question not answered: not kept.
  auto broken = rows;
  broken[3].correct = false;  // b wrong at the large size; c is then fastest there
  CHECK(halving_survivors(broken, 0.25) == std::vector<std::string>{"a", "c"});
  auto missing = rows;
  missing.erase(missing.begin() + 3);  // b has no large-size row
  CHECK(halving_survivors(missing, 0.25) == std::vector<std::string>{"a", "c"});

  // Each element type keeps its own best: an f64 candidate does not compete with f32 ones.
  rows.push_back(screened("e", 4096, 9.0, "f64"));
  rows.push_back(screened("e", 1 << 24, 800.0, "f64"));
  rows.push_back(screened("f", 4096, 8.0, "f64"));
  rows.push_back(screened("f", 1 << 24, 1000.0, "f64"));
  // e scores best of f64; f is fastest there at small n.
  CHECK(halving_survivors(rows, 0.25) == std::vector<std::string>{"a", "b", "e", "f"});

  // Modes are questions of their own too.
  std::vector<MeasurementRecord> modes{screened("a", 4096, 1.0), screened("b", 4096, 2.0)};
  modes.push_back(screened("a", 4096, 4.0));
  modes.back().mode = "hot";
  modes.push_back(screened("b", 4096, 1.0));
  modes.back().mode = "hot";
  // a: (1, 4) -> ratios 1, 4; b: 2, 1: geometric means 2 and sqrt(2): b by
  // score, and a as the fastest cold.
  CHECK(halving_survivors(modes, 0.5) == std::vector<std::string>{"a", "b"});
  // Ties go by id.
  CHECK(halving_survivors({screened("y", 4096, 1.0), screened("x", 4096, 1.0)}, 0.5) ==
        std::vector<std::string>{"x"});
}
