// Groups a sweep stopped inside (core/stats/group_coverage.hpp): found from the
// planned candidates per type, marked `partial` in best.csv, and named as
// such, with no winner, in summary.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/gate/compare.hpp"
#include "core/stats/group_coverage.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/report_writer.hpp"

using namespace dotsweep;

namespace {

MeasurementRecord coverage_timed(const std::string& variant, const std::string& kind, double median, std::int64_t n,
                        const std::string& type = "f32") {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = kind;
  r.type = type;
  r.n = n;
  r.mode = "cold";
  r.median_us = median;
  r.ci_lo_us = median * 0.99;
  r.ci_hi_us = median * 1.01;
  r.correct = true;
  return r;
}

// f32 with 3 planned candidates: complete at n = 1 and 2; at n = 4 the sweep
// stopped after 1 candidate, beside all three baselines (which must not count
// as candidates), and that one candidate is the fastest row there.
std::vector<MeasurementRecord> stopped_at_4() {
  std::vector<MeasurementRecord> rows;
  for (const std::int64_t n : {1, 2}) {
    for (const char* v : {"a", "b", "c"}) rows.push_back(coverage_timed(v, "candidate", v[0] - 'a' + 1.0 + n, n));
    rows.push_back(coverage_timed("cub", "baseline", 10.0, n));
  }
  rows.push_back(coverage_timed("c", "candidate", 1.0, 4));
  for (const char* v : {"cub", "cublas", "thrust"}) rows.push_back(coverage_timed(v, "baseline", 10.0, 4));
  rows.push_back(coverage_timed("x", "candidate", 5.0, 4, "f64"));  // f64: not planned, not judged
  return rows;
}

}  // namespace

TEST_CASE("group coverage: a group with fewer candidates than planned is partial; baselines do not count") {
  const auto partial = partial_groups(stopped_at_4(), {{"f32", 3}});
  REQUIRE(partial.size() == 1);
  const GroupKey key{"f32", 4, "cold"};
  REQUIRE(partial.count(key) == 1);
  CHECK(partial.at(key).measured == 1);
  CHECK(partial.at(key).planned == 3);
  CHECK(partial_groups(stopped_at_4(), {}).empty());  // nothing planned: nothing judged
}

TEST_CASE("group coverage: one planned candidate missing is partial, none missing is whole") {
  // The edges of `measured < planned`: 2 of 3 (the sweep stopped before the
  // last candidate) is partial; 3 of 3 is not.
  std::vector<MeasurementRecord> rows = stopped_at_4();
  rows.push_back(coverage_timed("a", "candidate", 2.0, 4));
  const auto one_missing = partial_groups(rows, {{"f32", 3}});
  const GroupKey key{"f32", 4, "cold"};
  REQUIRE(one_missing.size() == 1);
  REQUIRE(one_missing.count(key) == 1);
  CHECK(one_missing.at(key).measured == 2);
  CHECK(one_missing.at(key).planned == 3);

  rows.push_back(coverage_timed("b", "candidate", 3.0, 4));
  CHECK(partial_groups(rows, {{"f32", 3}}).empty());
}

TEST_CASE("group coverage: best.csv says partial and summary.md names no winner for a stopped group") {
  std::vector<MeasurementRecord> rows = stopped_at_4();
  rank_records(rows);
  const auto partial = partial_groups(rows, {{"f32", 3}});
  const auto best = best_per_group(rows, partial);
  const auto at4 = std::find_if(best.begin(), best.end(), [](const BestRow& b) { return b.record.n == 4; });
  REQUIRE(at4 != best.end());
  CHECK(at4->verdict == Verdict::partial);
  CHECK(std::string(verdict_name(at4->verdict)) == "partial");
  // Without the coverage the same rows call it a winner: the check can fail.
  const auto unaware = best_per_group(rows);
  CHECK(std::find_if(unaware.begin(), unaware.end(), [](const BestRow& b) {
          return b.record.n == 4 && b.verdict == Verdict::winner;
        }) != unaware.end());

  const std::string md = summary_markdown(rows, 5, partial);
  const std::size_t section = md.find("### f32, n = 2^2, ");
  REQUIRE(section != std::string::npos);
  const std::string group = md.substr(section, md.find("### ", section + 4) - section);
  CHECK(group.find("partial group: the sweep stopped inside it, 1 of 3 candidates") != std::string::npos);
  CHECK(group.find("winner") == std::string::npos);
  CHECK(group.find("| tie |") == std::string::npos);
  // The complete groups keep their verdicts.
  CHECK(md.substr(0, section).find("winner: a") != std::string::npos);
}

TEST_CASE("group coverage: compare reads best.csv's partial verdict") {
  CHECK(parse_declared_standing("1", "c", "partial", "best.csv, row 2").verdict == Verdict::partial);
}

// What a committed sweep planned: every candidate of a type measured at
// n = 4096, cold (every strategy measures one set of candidates at every size).
static CandidateCounts planned_from_4096(const std::vector<MeasurementRecord>& records) {
  CandidateCounts planned;
  for (const auto& r : records)
    if (r.kind == "candidate" && r.n == 4096 && r.mode == "cold") ++planned[r.type];
  return planned;
}

TEST_CASE("group coverage: the partial H200 report of 2026-11-30 stopped inside f64 at 2^28, and nowhere else") {
  const auto records = read_records(std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/reports/h200-2026-11-30-default-top-partial.csv.gz");
  const CandidateCounts planned = planned_from_4096(records);
  REQUIRE(planned.size() == 4);
  const auto partial = partial_groups(records, planned);
  REQUIRE(partial.size() == 2);
  for (const char* mode : {"cold", "hot"}) {
    const GroupKey key{"f64", 268435456, mode};
    REQUIRE(partial.count(key) == 1);
    CHECK(partial.at(key).measured == 2);
    CHECK(partial.at(key).planned == planned.at("f64"));
  }
}

TEST_CASE("group coverage: the committed H200 baseline is whole, every group measured") {
  const auto records = read_records(std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.csv.gz");
  const CandidateCounts planned = planned_from_4096(records);
  REQUIRE(planned.size() == 4);
  CHECK(partial_groups(records, planned).empty());
}
