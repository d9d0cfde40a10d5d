#include <doctest/doctest.h>

#include "core/tie_group.hpp"

using namespace dotsweep;

namespace {

MeasurementRecord timed(const std::string& variant, double median, std::optional<double> lo = std::nullopt,
                        std::optional<double> hi = std::nullopt, bool correct = true) {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = "candidate";
  r.type = "f32";
  r.n = 1024;
  r.mode = "cold";
  r.median_us = median;
  r.ci_lo_us = lo;
  r.ci_hi_us = hi;
  r.correct = correct;
  return r;
}

std::vector<std::string> ids(const std::vector<const MeasurementRecord*>& rows) {
  std::vector<std::string> out;
  for (const auto* r : rows) out.push_back(r->variant);
  return out;
}

}  // namespace

TEST_CASE("intervals overlap when they share a point, closed ends included") {
  CHECK(overlaps({1, 2}, {1.5, 3}));
  CHECK(overlaps({1.5, 3}, {1, 2}));
  CHECK(overlaps({1, 2}, {2, 3}));      // touching ends
  CHECK(overlaps({1, 4}, {2, 3}));      // one inside the other
  CHECK(overlaps({5, 5}, {5, 5}));      // two zero-width intervals at the same median
  CHECK_FALSE(overlaps({1, 2}, {2.001, 3}));
  CHECK_FALSE(overlaps({2.001, 3}, {1, 2}));
}

TEST_CASE("a row's interval; zero width at the median without one") {
  const auto with = median_interval_of(timed("a", 5, 4.5, 5.5));
  REQUIRE(with);
  CHECK(with->lo == 4.5);
  CHECK(with->hi == 5.5);
  const auto older = median_interval_of(timed("a", 5));
  REQUIRE(older);
  CHECK(older->lo == 5.0);
  CHECK(older->hi == 5.0);
  const auto half = median_interval_of(timed("a", 5, 4.5));  // one end alone is no interval
  CHECK(half->lo == 5.0);
  MeasurementRecord untimed;
  CHECK_FALSE(median_interval_of(untimed).has_value());
}

TEST_CASE("speedup interval: baseline lo / row hi to baseline hi / row lo") {
  const auto range = speedup_interval(timed("row", 10, 8, 12), timed("cublas", 20, 18, 24));
  REQUIRE(range);
  CHECK(range->lo == doctest::Approx(18.0 / 12.0));
  CHECK(range->hi == doctest::Approx(24.0 / 8.0));
  // No invented certainty from rows without intervals.
  CHECK_FALSE(speedup_interval(timed("row", 10), timed("cublas", 20, 18, 24)).has_value());
  CHECK_FALSE(speedup_interval(timed("row", 10, 8, 12), timed("cublas", 20)).has_value());
  CHECK_FALSE(speedup_interval(timed("row", 0, 0, 1), timed("cublas", 20, 18, 24)).has_value());
}

TEST_CASE("standing: median order, the fastest row's tie group, untimed and wrong rows left out") {
  const std::vector<MeasurementRecord> rs = {
      timed("c", 12, 11.5, 12.5),       // overlaps nothing of the fastest's [9.5, 10.5]
      timed("b", 11, 10.4, 11.6),       // overlaps it
      timed("a", 10, 9.5, 10.5),        // fastest
      timed("wrong", 1, 0.5, 1.5, false),
      [] { auto r = timed("untimed", 0); r.median_us.reset(); return r; }(),
  };
  std::vector<const MeasurementRecord*> group;
  for (const auto& r : rs) group.push_back(&r);
  const auto s = standing_of(group);
  CHECK(ids(s.by_median) == std::vector<std::string>{"a", "b", "c"});
  CHECK(ids(s.tie_group) == std::vector<std::string>{"a", "b"});
  CHECK(s.tied(&rs[1]));
  CHECK_FALSE(s.tied(&rs[0]));
  CHECK_FALSE(s.tied(&rs[3]));
  CHECK(standing_of({}).by_median.empty());
}

TEST_CASE("standing: overlap is with the fastest row, not a chain through others") {
  // b overlaps a and c overlaps b, but c does not reach a.
  const std::vector<MeasurementRecord> rs = {timed("a", 10, 9, 11), timed("b", 12, 10.5, 13.5),
                                             timed("c", 14, 13, 15)};
  const auto s = standing_of({&rs[0], &rs[1], &rs[2]});
  CHECK(ids(s.tie_group) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("groups by (type, n, mode)") {
  auto hot = timed("a", 1);
  hot.mode = "hot";
  auto big = timed("a", 1);
  big.n = 2048;
  const std::vector<MeasurementRecord> rs = {big, timed("a", 1), hot, timed("b", 1)};
  const auto groups = group_by_question(rs);
  REQUIRE(groups.size() == 3);
  auto it = groups.begin();
  CHECK(it->first == GroupKey{"f32", 1024, "cold"});
  CHECK(it->second.size() == 2);
  ++it;
  CHECK(it->first == GroupKey{"f32", 1024, "hot"});
  ++it;
  CHECK(it->first == GroupKey{"f32", 2048, "cold"});
}

TEST_CASE("member list: the first 8 ids, then a count") {
  CHECK(member_list({}) == "");
  CHECK(member_list({"a"}) == "a");
  CHECK(member_list({"a", "b", "c"}) == "a b c");
  std::vector<std::string> many;
  for (int i = 0; i < 27; ++i) many.push_back("v" + std::to_string(i));
  CHECK(member_list(many) == "v0 v1 v2 v3 v4 v5 v6 v7 +19 more");
  many.resize(8);
  CHECK(member_list(many) == "v0 v1 v2 v3 v4 v5 v6 v7");
  many.push_back("v8");
  CHECK(member_list(many) == "v0 v1 v2 v3 v4 v5 v6 v7 +1 more");
}
