#include <doctest/doctest.h>

#include <algorithm>

#include "core/ranking.hpp"

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

const MeasurementRecord& find(const std::vector<MeasurementRecord>& rs, const std::string& variant,
                              std::int64_t n = 1024, const std::string& mode = "cold") {
  auto it = std::find_if(rs.begin(), rs.end(), [&](const auto& r) {
    return r.variant == variant && r.n == n && r.mode == mode;
  });
  REQUIRE(it != rs.end());
  return *it;
}

}  // namespace

TEST_CASE("ranks by median within a group, ties by id, correct rows only") {
  std::vector<MeasurementRecord> rs = {
      row("a", 10.0), row("c", 8.0), row("b", 8.0), row("d", 5.0, false),
      row("e", std::nullopt), row("cublas", 9.0), row("cub", 12.0),
      row("a", 1.0, true, 1024, "hot"),  // other group: must not shift the cold ranks
  };
  rs[3].rank = 1;  // a stale rank on an incorrect row is cleared
  rank_records(rs);
  CHECK(find(rs, "b").rank == 1);
  CHECK(find(rs, "c").rank == 2);
  CHECK(find(rs, "cublas").rank == 3);
  CHECK(find(rs, "a").rank == 4);
  CHECK(find(rs, "cub").rank == 5);
  CHECK_FALSE(find(rs, "d").rank.has_value());
  CHECK_FALSE(find(rs, "e").rank.has_value());
  CHECK(find(rs, "a", 1024, "hot").rank == 1);

  CHECK(*find(rs, "b").speedup_vs_cublas == doctest::Approx(9.0 / 8.0));
  CHECK(*find(rs, "b").speedup_vs_cub == doctest::Approx(12.0 / 8.0));
  CHECK(*find(rs, "cublas").speedup_vs_cublas == doctest::Approx(1.0));
  CHECK_FALSE(find(rs, "e").speedup_vs_cublas.has_value());  // no median of its own
}

TEST_CASE("missing cuBLAS leaves its speedup empty") {
  std::vector<MeasurementRecord> rs = {row("a", 10.0), row("cub", 20.0)};
  rank_records(rs);
  CHECK_FALSE(find(rs, "a").speedup_vs_cublas.has_value());
  CHECK(*find(rs, "a").speedup_vs_cub == doctest::Approx(2.0));
  // A cuBLAS row in another group does not count.
  std::vector<MeasurementRecord> other = {row("a", 10.0), row("cublas", 5.0, true, 2048)};
  rank_records(other);
  CHECK_FALSE(find(other, "a").speedup_vs_cublas.has_value());
}

TEST_CASE("best_per_group skips baselines and groups without a correct candidate") {
  std::vector<MeasurementRecord> rs = {
      row("slow", 9.0, true, 4096),   row("cublas", 1.0, true, 4096),
      row("fast", 3.0, true, 4096),   row("wrong", 0.5, false, 4096),
      row("x", 2.0, true, 1024),      row("y", 1.0, false, 2048),
      row("cublas", 1.0, true, 2048), row("x", 2.0, true, 1024, "hot"),
  };
  rank_records(rs);
  const auto best = best_per_group(rs);
  REQUIRE(best.size() == 3);  // n = 2048 has no correct candidate
  CHECK(best[0].variant == "x");
  CHECK(best[0].n == 1024);
  CHECK(best[0].mode == "cold");
  CHECK(best[1].variant == "x");
  CHECK(best[1].mode == "hot");
  CHECK(best[2].variant == "fast");
  CHECK(best[2].rank == 2);  // cuBLAS is rank 1 but a baseline
  CHECK(*best[2].speedup_vs_cublas == doctest::Approx(1.0 / 3.0));
}
