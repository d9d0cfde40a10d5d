// The speed/accuracy Pareto front, and the launch floor's rows: shown in
// every group of summary.md, never ranked, tied or called incorrect.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/stats/ranking.hpp"
#include "core/report/report_writer.hpp"
#include "core/stats/tie_group.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::timed_row;

namespace {
MeasurementRecord with_err(MeasurementRecord r, double rel_err) {
  r.rel_err = rel_err;
  return r;
}
std::vector<std::string> names(const std::vector<const MeasurementRecord*>& rows) {
  std::vector<std::string> out;
  for (const auto* r : rows) out.push_back(r->variant);
  return out;
}
std::vector<const MeasurementRecord*> views(const std::vector<MeasurementRecord>& rows) {
  std::vector<const MeasurementRecord*> out;
  for (const auto& r : rows) out.push_back(&r);
  return out;
}
MeasurementRecord floor_row(double lo, double median, double hi, const std::string& type = "f32") {
  MeasurementRecord r = timed_row("floor", lo, median, hi, 1024);
  r.kind = "floor";
  r.type = type;
  r.correct = false;
  r.reason = "floor: an empty kernel, timed only (no dot product to check)";
  return r;
}
}  // namespace

TEST_CASE("pareto front: fastest for a given rel_err; dominated rows are off it") {
  const std::vector<MeasurementRecord> rows = {
      with_err(timed_row("fast_rough", 1, 10, 11, 1024), 1e-6),
      with_err(timed_row("mid", 1, 12, 13, 1024), 1e-7),
      with_err(timed_row("slow_exact", 1, 20, 21, 1024), 1e-9),
      with_err(timed_row("dominated", 1, 15, 16, 1024), 1e-6),      // slower than fast_rough, no more accurate
      with_err(timed_row("worse_both", 1, 25, 26, 1024), 1e-8),     // slower and less accurate than slow_exact
      with_err(timed_row("cublas", 1, 9, 10, 1024), 1e-10),         // baselines are not contestants
  };
  CHECK(names(pareto_front(views(rows))) == std::vector<std::string>{"fast_rough", "mid", "slow_exact"});
}

TEST_CASE("pareto front: incorrect, untimed, floor and non-finite rows are never on it; equal rows both are") {
  std::vector<MeasurementRecord> rows = {
      with_err(timed_row("a", 1, 10, 11, 1024), 1e-7), with_err(timed_row("b", 1, 10, 11, 1024), 1e-7),
      with_err(timed_row("wrong", 1, 1, 2, 1024), 0.0), with_err(timed_row("nan_err", 1, 2, 3, 1024), 1.0 / 0.0),
      timed_row("no_err", 1, 3, 4, 1024),
  };
  rows[2].correct = false;
  MeasurementRecord fl = floor_row(1, 2, 3);
  fl.rel_err = 0.0;
  rows.push_back(fl);
  CHECK(names(pareto_front(views(rows))) == std::vector<std::string>{"a", "b"});
  CHECK(pareto_front({}).empty());
}

TEST_CASE("pareto front: at an equal median the more accurate row dominates; at an equal error the faster one") {
  const std::vector<MeasurementRecord> same_time = {with_err(timed_row("exact", 1, 10, 11, 1024), 1e-9),
                                                    with_err(timed_row("rough", 1, 10, 11, 1024), 1e-7)};
  CHECK(names(pareto_front(views(same_time))) == std::vector<std::string>{"exact"});
  const std::vector<MeasurementRecord> same_error = {with_err(timed_row("slow", 1, 12, 13, 1024), 1e-8),
                                                     with_err(timed_row("fast", 1, 10, 11, 1024), 1e-8)};
  CHECK(names(pareto_front(views(same_error))) == std::vector<std::string>{"fast"});
}

TEST_CASE("the floor is never ranked, tied or a winner, though it is the fastest row") {
  std::vector<MeasurementRecord> rs = {timed_row("v1", 4.4, 4.5, 4.6, 1024), timed_row("cub", 3.9, 4.0, 4.1, 1024),
                                       floor_row(2.6, 2.7, 2.8)};
  rank_records(rs);
  CHECK_FALSE(rs[2].rank.has_value());
  CHECK_FALSE(rs[2].tied_best.has_value());
  CHECK(rs[1].rank == 1);  // CUB leads, not the floor
  const std::vector<BestRow> best = best_per_group(rs);
  REQUIRE(best.size() == 1);
  CHECK(best[0].record.variant == "v1");
  CHECK(best[0].verdict == Verdict::baseline);
  CHECK(std::find(best[0].tie_members.begin(), best[0].tie_members.end(), "floor") == best[0].tie_members.end());
  // Even a floor row marked correct (by an older or hand-edited CSV) stands nowhere.
  rs[2].correct = true;
  rank_records(rs);
  CHECK_FALSE(rs[2].rank.has_value());
  CHECK(rs[1].rank == 1);
}

TEST_CASE("the floor's row has no GB/s, % of peak or speedups, even from a report that gave it some") {
  std::vector<MeasurementRecord> rs = {timed_row("cublas", 5.9, 6.0, 6.1, 1024), timed_row("cub", 3.9, 4.0, 4.1, 1024),
                                       floor_row(2.6, 2.7, 2.8)};
  rs[2].gbps = 0.003;  // as the measurer wrote it before it left the floor's out
  rs[2].pct_peak = 6e-5;
  rank_records(rs);
  CHECK_FALSE(rs[2].gbps.has_value());
  CHECK_FALSE(rs[2].pct_peak.has_value());
  CHECK_FALSE(rs[2].speedup_vs_cublas.has_value());
  CHECK_FALSE(rs[2].speedup_vs_cub.has_value());
  CHECK(rs[1].speedup_vs_cublas == doctest::Approx(1.5));  // the others keep theirs
  const std::string md = summary_markdown(rs, 5);
  CAPTURE(md);
  CHECK(contains(md, "| — |  | floor | 2.70 [2.60, 2.80] | — | — | — | — |"));
}

TEST_CASE("summary.md: per-type sections, the floor in every group, rel_err and the Pareto marks") {
  std::vector<MeasurementRecord> rs = {
      with_err(timed_row("f32_fast", 4.4, 4.5, 4.6, 1024), 1e-7),
      with_err(timed_row("f32_exact", 5.4, 5.5, 5.6, 1024), 1e-9),
      with_err(timed_row("f32_dominated", 6.4, 6.5, 6.6, 1024), 1e-7),
      with_err(timed_row("cub", 3.9, 4.0, 4.1, 1024), 1e-8),
      floor_row(2.6, 2.7, 2.8),
      floor_row(2.6, 2.7, 2.8, "f64"),
  };
  MeasurementRecord d = with_err(timed_row("f64_v", 8.0, 8.1, 8.2, 1024), 1e-16);
  d.type = "f64";
  rs.push_back(d);
  rank_records(rs);
  const std::string md = summary_markdown(rs, 1);  // top 1: the exact end of the front is shown anyway
  CAPTURE(md);
  CHECK(contains(md, "## f32\n"));
  CHECK(contains(md, "## f64\n"));
  CHECK(md.find("## f32") < md.find("## f64"));
  CHECK(contains(md, "| rel_err | front |"));
  CHECK(contains(md, "| f32_fast | 4.50 [4.40, 4.60] |"));
  CHECK(contains(md, "| 1.00e-07 | pareto |"));
  CHECK(contains(md, "| f32_exact |"));
  CHECK(contains(md, "| 1.00e-09 | pareto |"));
  CHECK_FALSE(contains(md, "f32_dominated"));  // off the front and beyond the top 1
  CHECK(contains(md, "| — |  | floor | 2.70 [2.60, 2.80] |"));
  CHECK(contains(md, "launch floor (an empty kernel, timed like every row): 2.70 [2.60, 2.80] µs"));
  // The floor is not an incorrect variant, and not a winner.
  CHECK_FALSE(contains(md, "variant incorrect"));
  CHECK_FALSE(contains(md, "winner: floor"));
  CHECK(contains(md, "2 candidates are on the speed/accuracy Pareto front"));
}

TEST_CASE("summary.md lists cuBLAS, CUB and thrust in that order, whatever the measuring order") {
  std::vector<MeasurementRecord> rs = {timed_row("v", 9.0, 9.5, 10.0, 1024), timed_row("thrust", 20, 21, 22, 1024),
                                       timed_row("cub", 4.0, 4.1, 4.2, 1024), timed_row("cublas", 5, 5.1, 5.2, 1024)};
  rs[1].kind = "baseline";
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CAPTURE(md);
  REQUIRE(contains(md, "| thrust |"));
  CHECK(md.find("| cublas |") < md.find("| cub |"));
  CHECK(md.find("| cub |") < md.find("| thrust |"));
}
