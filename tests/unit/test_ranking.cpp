#include <doctest/doctest.h>

#include <algorithm>

#include "core/stats/ranking.hpp"

using namespace dotsweep;

namespace {

MeasurementRecord row(const std::string& variant, std::optional<double> median_us, bool correct = true,
                      std::int64_t n = 1024, const std::string& mode = "cold") {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = variant == "cublas" || variant == "cub" || variant == "seed" ? "baseline" : "candidate";
  r.type = "f32";
  r.n = n;
  r.mode = mode;
  r.median_us = median_us;
  r.correct = correct;
  return r;
}

// A correct row with a median and its 95% interval.
MeasurementRecord ranking_timed(const std::string& variant, double lo, double median, double hi, std::int64_t n = 1024) {
  MeasurementRecord r = row(variant, median, true, n);
  r.ci_lo_us = lo;
  r.ci_hi_us = hi;
  return r;
}

const MeasurementRecord& ranking_find(const std::vector<MeasurementRecord>& rs, const std::string& variant,
                              std::int64_t n = 1024, const std::string& mode = "cold") {
  auto it = std::find_if(rs.begin(), rs.end(), [&](const auto& r) {
    return r.variant == variant && r.n == n && r.mode == mode;
  });
  REQUIRE(it != rs.end());
  return *it;
}

}  // namespace

TEST_CASE("rows without intervals rank by median; equal medians tie, whatever their ids") {
  std::vector<MeasurementRecord> rs = {
      row("a", 10.0), row("c", 8.0), row("b", 8.0), row("d", 5.0, false),
      row("e", std::nullopt), row("cublas", 9.0), row("cub", 12.0),
      row("a", 1.0, true, 1024, "hot"),  // other group: must not shift the cold ranks
  };
  rs[3].rank = 1;  // a stale rank on an incorrect row is cleared
  rs[3].tied_best = true;
  rank_records(rs);
  // b and c: zero-width intervals at the same median overlap: both best, no alphabetical winner.
  CHECK(ranking_find(rs, "b").rank == 1);
  CHECK(ranking_find(rs, "c").rank == 1);
  CHECK(ranking_find(rs, "b").tied_best == true);
  CHECK(ranking_find(rs, "c").tied_best == true);
  CHECK(ranking_find(rs, "cublas").rank == 3);  // competition ranking: two rows ahead
  CHECK(ranking_find(rs, "a").rank == 4);
  CHECK(ranking_find(rs, "cub").rank == 5);
  CHECK(ranking_find(rs, "cublas").tied_best == false);
  CHECK_FALSE(ranking_find(rs, "d").rank.has_value());
  CHECK_FALSE(ranking_find(rs, "d").tied_best.has_value());  // not timed-and-correct: empty
  CHECK_FALSE(ranking_find(rs, "e").rank.has_value());
  CHECK_FALSE(ranking_find(rs, "e").tied_best.has_value());
  CHECK(ranking_find(rs, "a", 1024, "hot").rank == 1);
  CHECK(ranking_find(rs, "a", 1024, "hot").tied_best == true);

  CHECK(*ranking_find(rs, "b").speedup_vs_cublas == doctest::Approx(9.0 / 8.0));
  CHECK(*ranking_find(rs, "b").speedup_vs_cub == doctest::Approx(12.0 / 8.0));
  CHECK(*ranking_find(rs, "cublas").speedup_vs_cublas == doctest::Approx(1.0));
  CHECK_FALSE(ranking_find(rs, "e").speedup_vs_cublas.has_value());  // no median of its own
}

TEST_CASE("overlapping intervals share rank 1; a disjoint interval ranks by its median") {
  std::vector<MeasurementRecord> rs = {
      ranking_timed("slow", 11.0, 11.5, 12.0),  // disjoint from the fastest's [9.8, 10.2]
      ranking_timed("fast", 9.8, 10.0, 10.2),
      ranking_timed("close", 10.1, 10.3, 10.5),  // overlaps it, median higher
  };
  rank_records(rs);
  CHECK(ranking_find(rs, "fast").rank == 1);
  CHECK(ranking_find(rs, "close").rank == 1);
  CHECK(ranking_find(rs, "close").tied_best == true);
  CHECK(ranking_find(rs, "slow").rank == 3);
  CHECK(ranking_find(rs, "slow").tied_best == false);
}

TEST_CASE("disjoint intervals give a single best row") {
  std::vector<MeasurementRecord> rs = {ranking_timed("fast", 9.8, 10.0, 10.2), ranking_timed("next", 10.3, 10.5, 10.7),
                                       ranking_timed("last", 12, 13, 14)};
  rank_records(rs);
  CHECK(ranking_find(rs, "fast").rank == 1);
  CHECK(ranking_find(rs, "fast").tied_best == true);
  CHECK(ranking_find(rs, "next").rank == 2);
  CHECK(ranking_find(rs, "next").tied_best == false);
  CHECK(ranking_find(rs, "last").rank == 3);
}

TEST_CASE("ranks after a tie group of 5 continue at 6; equal medians outside it share the lower rank") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 5; ++i) rs.push_back(ranking_timed("t" + std::to_string(i), 9.0, 10.0 + 0.1 * i, 11.0));
  rs.push_back(ranking_timed("x", 20.0, 21.0, 22.0));
  rs.push_back(ranking_timed("y", 20.5, 21.0, 21.5));  // same median as x, both outside the tie group
  rs.push_back(ranking_timed("z", 30.0, 31.0, 32.0));
  rank_records(rs);
  for (int i = 0; i < 5; ++i) CHECK(ranking_find(rs, "t" + std::to_string(i)).rank == 1);
  CHECK(ranking_find(rs, "x").rank == 6);
  CHECK(ranking_find(rs, "y").rank == 6);
  CHECK(ranking_find(rs, "z").rank == 8);
}

TEST_CASE("the tie group is who overlaps the fastest row, even at a higher median than an outsider") {
  std::vector<MeasurementRecord> rs = {
      ranking_timed("fast", 9.9, 10.0, 10.1),
      ranking_timed("narrow", 10.4, 10.5, 10.6),  // lower median than `wide`, but disjoint from `fast`
      ranking_timed("wide", 8.0, 11.0, 14.0),     // overlaps `fast`
  };
  rank_records(rs);
  CHECK(ranking_find(rs, "wide").rank == 1);
  CHECK(ranking_find(rs, "wide").tied_best == true);
  CHECK(ranking_find(rs, "narrow").rank == 2);  // one row with a lower median
  CHECK(ranking_find(rs, "narrow").tied_best == false);
}

TEST_CASE("baselines join the tie group") {
  std::vector<MeasurementRecord> rs = {ranking_timed("cand", 9.8, 10.0, 10.2), ranking_timed("cublas", 10.0, 10.1, 10.3)};
  rank_records(rs);
  CHECK(ranking_find(rs, "cublas").rank == 1);
  CHECK(ranking_find(rs, "cublas").tied_best == true);
}

TEST_CASE("re-ranking is stable and clears stale flags") {
  std::vector<MeasurementRecord> rs = {ranking_timed("a", 9.8, 10.0, 10.2), ranking_timed("b", 11, 12, 13)};
  rs[1].tied_best = true;
  rs[1].rank = 1;
  rank_records(rs);
  rank_records(rs);
  CHECK(ranking_find(rs, "b").tied_best == false);
  CHECK(ranking_find(rs, "b").rank == 2);
}

TEST_CASE("missing cuBLAS leaves its speedup empty") {
  std::vector<MeasurementRecord> rs = {row("a", 10.0), row("cub", 20.0)};
  rank_records(rs);
  CHECK_FALSE(ranking_find(rs, "a").speedup_vs_cublas.has_value());
  CHECK(*ranking_find(rs, "a").speedup_vs_cub == doctest::Approx(2.0));
  // A cuBLAS row in another group does not count.
  std::vector<MeasurementRecord> other = {row("a", 10.0), row("cublas", 5.0, true, 2048)};
  rank_records(other);
  CHECK_FALSE(ranking_find(other, "a").speedup_vs_cublas.has_value());
}

TEST_CASE("an untimed cuBLAS row (it failed its check) gives no speedup; nor does a median of 0") {
  // The untimed cuBLAS row comes first, so a lookup that took any row of that
  // name would divide by its missing median.
  std::vector<MeasurementRecord> rs = {row("cublas", std::nullopt, false), row("a", 10.0), row("zero", 0.0)};
  rank_records(rs);
  CHECK_FALSE(ranking_find(rs, "a").speedup_vs_cublas.has_value());
  std::vector<MeasurementRecord> with_cub = {row("cub", 20.0), row("zero", 0.0)};
  rank_records(with_cub);
  CHECK_FALSE(ranking_find(with_cub, "zero").speedup_vs_cub.has_value());  // 20 / 0 is no speedup
}

TEST_CASE("verdict names") {
  CHECK(std::string(verdict_name(Verdict::winner)) == "winner");
  CHECK(std::string(verdict_name(Verdict::tie)) == "tie");
  CHECK(std::string(verdict_name(Verdict::baseline)) == "baseline");
}

TEST_CASE("best_per_group skips groups without a correct candidate; baselines are not picked") {
  std::vector<MeasurementRecord> rs = {
      row("slow", 9.0, true, 4096),   row("cublas", 1.0, true, 4096),
      row("fast", 3.0, true, 4096),   row("wrong", 0.5, false, 4096),
      row("x", 2.0, true, 1024),      row("y", 1.0, false, 2048),
      row("cublas", 1.0, true, 2048), row("x", 2.0, true, 1024, "hot"),
  };
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 3);  // n = 2048 has no correct candidate
  CHECK(best[0].record.variant == "x");
  CHECK(best[0].record.n == 1024);
  CHECK(best[0].record.mode == "cold");
  CHECK(best[0].verdict == Verdict::winner);
  CHECK(best[0].tie_size() == 1);
  CHECK(best[1].record.variant == "x");
  CHECK(best[1].record.mode == "hot");
  CHECK(best[2].record.variant == "fast");
  CHECK(best[2].record.rank == 2);  // cuBLAS is rank 1 but a baseline
  CHECK(*best[2].record.speedup_vs_cublas == doctest::Approx(1.0 / 3.0));
  CHECK(best[2].verdict == Verdict::baseline);
  CHECK(best[2].tie_members == std::vector<std::string>{"cublas"});
}

TEST_CASE("best_per_group verdict: winner when the intervals are disjoint") {
  std::vector<MeasurementRecord> rs = {ranking_timed("next", 10.3, 10.5, 10.7), ranking_timed("fast", 9.8, 10.0, 10.2),
                                       ranking_timed("cublas", 11, 12, 13)};
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].record.variant == "fast");
  CHECK(best[0].verdict == Verdict::winner);
  CHECK(best[0].tie_size() == 1);
  CHECK(best[0].tie_members == std::vector<std::string>{"fast"});
}

TEST_CASE("best_per_group verdict: tie when other rows overlap, baselines counted, by median") {
  std::vector<MeasurementRecord> rs = {ranking_timed("b", 9.9, 10.2, 10.4), ranking_timed("fast", 9.8, 10.0, 10.2),
                                       ranking_timed("cublas", 10.0, 10.1, 10.3), ranking_timed("far", 12, 13, 14)};
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].record.variant == "fast");
  CHECK(best[0].verdict == Verdict::tie);
  CHECK(best[0].tie_size() == 3);
  CHECK(best[0].tie_members == std::vector<std::string>{"fast", "cublas", "b"});
  CHECK(best[0].record.tied_best == true);
}

TEST_CASE("best_per_group verdict: tie with a faster baseline that overlaps the best candidate") {
  std::vector<MeasurementRecord> rs = {ranking_timed("cub", 9.8, 10.0, 10.2), ranking_timed("cand", 10.1, 10.2, 10.4)};
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].record.variant == "cand");
  CHECK(best[0].verdict == Verdict::tie);
  CHECK(best[0].tie_members == std::vector<std::string>{"cub", "cand"});
}

TEST_CASE("best_per_group verdict: baseline when a baseline is clearly faster") {
  std::vector<MeasurementRecord> rs = {ranking_timed("cublas", 9.8, 10.0, 10.2), ranking_timed("cub", 10.1, 10.2, 10.3),
                                       ranking_timed("cand", 11, 12, 13)};
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].record.variant == "cand");
  CHECK(best[0].verdict == Verdict::baseline);
  CHECK(best[0].tie_size() == 2);  // the fastest row's group: cublas and cub
  CHECK(best[0].tie_members == std::vector<std::string>{"cublas", "cub"});
  CHECK(best[0].record.tied_best == false);
}

TEST_CASE("a 27-row exact tie gives tie_size 27 and no winner") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 26; ++i) rs.push_back(row("v" + std::to_string(100 + i), 4.5));
  rs.push_back(row("cublas", 4.5));
  rank_records(rs);
  for (const auto& r : rs) {
    CHECK(r.rank == 1);
    CHECK(r.tied_best == true);
  }
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].tie_size() == 27);
  CHECK(best[0].verdict == Verdict::tie);
  CHECK(best[0].record.variant == "v100");  // stable output order among equals, not a winner
}
