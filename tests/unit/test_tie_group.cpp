#include <doctest/doctest.h>

#include "core/stats/tie_group.hpp"

using namespace dotsweep;

namespace {

MeasurementRecord tie_timed(const std::string& variant, double median, std::optional<double> lo = std::nullopt,
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

std::vector<std::string> tie_ids(const std::vector<const MeasurementRecord*>& rows) {
  std::vector<std::string> out;
  for (const auto* r : rows) out.push_back(r->variant);
  return out;
}

}  // namespace

TEST_CASE("wholly below: every value of one under every value of the other; touching ends are not") {
  CHECK(wholly_below({1, 2}, {2.001, 3}));
  CHECK_FALSE(wholly_below({2.001, 3}, {1, 2}));
  CHECK_FALSE(wholly_below({1, 2}, {2, 3}));    // touching ends share the point 2
  CHECK_FALSE(wholly_below({1, 2}, {1.5, 3}));  // overlapping
  CHECK_FALSE(wholly_below({2, 3}, {1, 4}));    // one inside the other
  CHECK(wholly_below({5, 5}, {5.001, 5.001}));  // zero-width intervals at different medians
  CHECK_FALSE(wholly_below({5, 5}, {5, 5}));    // ... and at the same one
}

TEST_CASE("not shown slower: the intervals whose lo reaches the lowest hi, in input order") {
  using V = std::vector<std::size_t>;
  CHECK(not_shown_slower({}).empty());
  CHECK(not_shown_slower({{1, 2}}) == V{0});
  // The anchor [3.648, 3.808] overlaps both, but [3.648, 3.648] is wholly below [3.776, 3.808].
  CHECK(not_shown_slower({{3.648, 3.808}, {3.776, 3.808}, {3.648, 3.648}}) == V{0, 2});
  // Touching: lo equal to the lowest hi ties.
  CHECK(not_shown_slower({{1, 2}, {2, 3}, {2.001, 3}}) == V{0, 1});
  // Zero-width intervals: equal points tie, a higher point is shown slower.
  CHECK(not_shown_slower({{5, 5}, {5, 5}, {5.001, 5.001}}) == V{0, 1});
  // The lowest hi need not be the lowest lo's: a wide interval under a narrow one.
  CHECK(not_shown_slower({{4, 10}, {5, 6}, {6.5, 7}}) == V{0, 1});
  // Never empty: the interval with the lowest lo always qualifies.
  CHECK(not_shown_slower({{9, 9.5}, {1, 100}}) == V{0, 1});
}

TEST_CASE("a row's interval; zero width at the median without one") {
  const auto with = median_interval_of(tie_timed("a", 5, 4.5, 5.5));
  REQUIRE(with);
  CHECK(with->lo == 4.5);
  CHECK(with->hi == 5.5);
  const auto older = median_interval_of(tie_timed("a", 5));
  REQUIRE(older);
  CHECK(older->lo == 5.0);
  CHECK(older->hi == 5.0);
  const auto half = median_interval_of(tie_timed("a", 5, 4.5));  // one end alone is no interval
  CHECK(half->lo == 5.0);
  MeasurementRecord untimed;
  CHECK_FALSE(median_interval_of(untimed).has_value());
}

TEST_CASE("speedup interval: baseline lo / row hi to baseline hi / row lo") {
  const auto range = speedup_interval(tie_timed("row", 10, 8, 12), tie_timed("cublas", 20, 18, 24));
  REQUIRE(range);
  CHECK(range->lo == doctest::Approx(18.0 / 12.0));
  CHECK(range->hi == doctest::Approx(24.0 / 8.0));
  // No invented certainty from rows without intervals.
  CHECK_FALSE(speedup_interval(tie_timed("row", 10), tie_timed("cublas", 20, 18, 24)).has_value());
  CHECK_FALSE(speedup_interval(tie_timed("row", 10, 8, 12), tie_timed("cublas", 20)).has_value());
  CHECK_FALSE(speedup_interval(tie_timed("row", 0, 0, 1), tie_timed("cublas", 20, 18, 24)).has_value());
}

TEST_CASE("standing: median order, the fastest row's tie group, untimed and wrong rows left out") {
  const std::vector<MeasurementRecord> rs = {
      tie_timed("c", 12, 11.5, 12.5),       // overlaps nothing of the fastest's [9.5, 10.5]
      tie_timed("b", 11, 10.4, 11.6),       // overlaps it
      tie_timed("a", 10, 9.5, 10.5),        // fastest
      tie_timed("wrong", 1, 0.5, 1.5, false),
      [] { auto r = tie_timed("untimed", 0); r.median_us.reset(); return r; }(),
  };
  std::vector<const MeasurementRecord*> group;
  for (const auto& r : rs) group.push_back(&r);
  const auto s = standing_of(group);
  CHECK(tie_ids(s.by_median) == std::vector<std::string>{"a", "b", "c"});
  CHECK(tie_ids(s.tie_group) == std::vector<std::string>{"a", "b"});
  CHECK(s.tied(&rs[1]));
  CHECK_FALSE(s.tied(&rs[0]));
  CHECK_FALSE(s.tied(&rs[3]));
  CHECK(standing_of({}).by_median.empty());
}

TEST_CASE("standing: no chain through others; a row tied only by the fastest's width is out") {
  // b overlaps a and c overlaps b, but a's interval is wholly below c's.
  const std::vector<MeasurementRecord> rs = {tie_timed("a", 10, 9, 11), tie_timed("b", 12, 10.5, 13.5),
                                             tie_timed("c", 14, 13, 15)};
  const auto s = standing_of({&rs[0], &rs[1], &rs[2]});
  CHECK(tie_ids(s.tie_group) == std::vector<std::string>{"a", "b"});
}

TEST_CASE("standing: a row is out of the tie group when any row is wholly below it, not only the fastest") {
  // bf16 n = 1 cold in results/baselines/h200.csv.gz: the row
  // with the lowest median sorts first by id among equal medians, and its
  // wide interval overlaps the gather row's; CUB's zero-width interval at the
  // same median lies wholly below the gather row's, so that row is shown slower.
  MeasurementRecord cub = tie_timed("cub", 3.648, 3.648, 3.648);
  cub.kind = "baseline";
  const std::vector<MeasurementRecord> rs = {
      tie_timed("bf16.b512.i4.v8.cover.warp.shfl.gather.plain.own", 3.808, 3.776, 3.808),
      cub,
      tie_timed("bf16.b1024.i1.v8.single.warp.shfl.last.plain.own", 3.648, 3.648, 3.808),
  };
  const auto s = standing_of({&rs[0], &rs[1], &rs[2]});
  CHECK(tie_ids(s.by_median) == std::vector<std::string>{"bf16.b1024.i1.v8.single.warp.shfl.last.plain.own", "cub",
                                                     "bf16.b512.i4.v8.cover.warp.shfl.gather.plain.own"});
  CHECK(tie_ids(s.tie_group) == std::vector<std::string>{"bf16.b1024.i1.v8.single.warp.shfl.last.plain.own", "cub"});
  CHECK_FALSE(s.tied(&rs[0]));
}

TEST_CASE("standing: touching intervals tie; zero-width intervals tie only at the same median") {
  const std::vector<MeasurementRecord> touching = {tie_timed("a", 10, 9, 11), tie_timed("b", 12, 11, 13)};
  CHECK(tie_ids(standing_of({&touching[0], &touching[1]}).tie_group) == std::vector<std::string>{"a", "b"});
  const std::vector<MeasurementRecord> points = {tie_timed("p", 5), tie_timed("q", 5), tie_timed("r", 5.001)};
  CHECK(tie_ids(standing_of({&points[0], &points[1], &points[2]}).tie_group) == std::vector<std::string>{"p", "q"});
}

TEST_CASE("standing: the order is median then id, whatever the input order") {
  const std::vector<MeasurementRecord> rs = {tie_timed("z", 10, 9, 11), tie_timed("m", 10, 9.5, 10.5),
                                             tie_timed("a", 10.2, 9, 12)};
  const auto forward = standing_of({&rs[0], &rs[1], &rs[2]});
  const auto backward = standing_of({&rs[2], &rs[1], &rs[0]});
  CHECK(tie_ids(forward.tie_group) == std::vector<std::string>{"m", "z", "a"});
  CHECK(tie_ids(backward.tie_group) == tie_ids(forward.tie_group));
}

TEST_CASE("standing: an interval that misses its median is widened to hold it") {
  // A damaged row whose interval lies above its own median still ranks first
  // by median, so it must be in the tie group, not shown slower than itself.
  const std::vector<MeasurementRecord> rs = {tie_timed("damaged", 5, 6, 7), tie_timed("next", 5.5, 5.2, 5.8)};
  const auto s = standing_of({&rs[0], &rs[1]});
  CHECK(tie_ids(s.by_median) == std::vector<std::string>{"damaged", "next"});
  CHECK(s.tied(&rs[0]));
  const auto widened = median_interval_of(rs[0]);
  CHECK(widened->lo == 5.0);
  CHECK(widened->hi == 7.0);
}

TEST_CASE("groups by (type, n, mode)") {
  auto hot = tie_timed("a", 1);
  hot.mode = "hot";
  auto big = tie_timed("a", 1);
  big.n = 2048;
  const std::vector<MeasurementRecord> rs = {big, tie_timed("a", 1), hot, tie_timed("b", 1)};
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
