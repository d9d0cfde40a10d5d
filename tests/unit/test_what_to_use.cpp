// summary.md's what-to-use table: the model on the committed H200 baseline
// and at its edges, and the printer.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "core/export/dispatch_table.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/export/tuned_tables.hpp"
#include "core/space/variant_config.hpp"
#include "core/report/what_to_use.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::timed_row;

namespace {

const std::string kBaseline = std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.csv.gz";

// A candidate row of block size `block` (its id and axis columns agree, as
// the sweep writes them).
MeasurementRecord candidate(int block, double lo, double median, double hi, std::int64_t n = 1 << 20) {
  VariantConfig c;
  c.block = block;
  MeasurementRecord r = timed_row(c.id(), lo, median, hi, n);
  set_axis_columns(r, c);
  return r;
}

// The recommendation of one (type, n, mode); fails the test when there is none.
const Recommendation& at(const std::vector<Recommendation>& table, const GroupKey& key) {
  const auto found = std::find_if(table.begin(), table.end(), [&](const Recommendation& r) { return r.key == key; });
  REQUIRE(found != table.end());
  return *found;
}

Recommendation only_recommendation(const std::vector<Recommendation>& table) {
  REQUIRE(table.size() == 1);
  return table.front();
}

}  // namespace

TEST_CASE("what to use on the committed H200 baseline: one row per group, export's pick in every tie") {
  std::vector<MeasurementRecord> rows = read_records(kBaseline);
  rank_records(rows);
  const std::vector<Recommendation> table = what_to_use(rows);
  REQUIRE(table.size() == 96);  // 4 types x 12 sizes x 2 modes
  // The export of the same report, cold and hot: the kernel the header runs at each measured n.
  const ExportReport report{"h200.csv.gz", rows};
  std::map<std::tuple<std::string, std::int64_t, std::string>, std::string> exported;
  for (const char* mode : {"cold", "hot"}) {
    const TunedTables tables = tuned_tables({report}, mode);
    for (const auto& type : tables.devices.at(0).types)
      for (const auto& range : type.ranges)
        for (const auto& [n, median] : range.measured) exported[{to_string(type.type), n, mode}] = range.config.id();
  }
  std::size_t ties = 0, winners = 0, noisy = 0;
  for (const auto& r : table) {
    CAPTURE(std::get<0>(r.key));
    CAPTURE(std::get<1>(r.key));
    CAPTURE(std::get<2>(r.key));
    REQUIRE(r.pick != Pick::none);
    REQUIRE(r.pick != Pick::partial);
    CHECK(r.variant == exported.at(r.key));
    ties += r.pick == Pick::tie;
    winners += r.pick == Pick::winner;
    noisy += r.vs_cub && r.vs_cub->within_noise;
    REQUIRE(r.vs_cub);  // CUB is correct everywhere
    CHECK(r.vs_cub->speedup > 0);
  }
  // Most groups are ties (65 of 96 in the baseline of 2026-12-02); every one names a kernel.
  CHECK(ties >= 55);
  CHECK(winners >= 10);
  // f32 at n = 1, cold: every kernel ties CUB (results/baselines/README.md), so its margin is within noise.
  const Recommendation& f32_1 = at(table, GroupKey{"f32", 1, "cold"});
  CHECK(f32_1.pick == Pick::tie);
  CHECK(f32_1.vs_cub->within_noise);
  // f32 at 2^28, cold: 459.78 us, 1.02x CUB (README): a margin of about 2%, inside the gate's
  // floor of 0.5 us + 3% (14.3 us here).
  const Recommendation& f32_28 = at(table, GroupKey{"f32", 268435456, "cold"});
  CHECK(*f32_28.median_us == doctest::Approx(459.78).epsilon(0.002));
  CHECK(f32_28.vs_cub->speedup == doctest::Approx(1.02).epsilon(0.01));
  CHECK(f32_28.vs_cub->within_noise);
  // f16 from 2^18: cuBLAS returns an overflowed f16 (wrong rows), so no margin over it; its
  // fastest kernel there wins alone.
  const Recommendation& f16_18 = at(table, GroupKey{"f16", 262144, "cold"});
  CHECK_FALSE(f16_18.vs_cublas);
  CHECK(f16_18.pick == Pick::winner);
  // bf16 at 2^14 cold: 4.45 us, 1.37x CUB (README): far outside the noise.
  const Recommendation& bf16_14 = at(table, GroupKey{"bf16", 16384, "cold"});
  CHECK(bf16_14.vs_cub->speedup == doctest::Approx(1.37).epsilon(0.01));
  CHECK_FALSE(bf16_14.vs_cub->within_noise);
  CHECK(noisy > 0);
  CHECK(noisy < 96);

  const std::string md = what_to_use_markdown(table);
  CHECK(md.rfind("## What to use\n", 0) == 0);
  CHECK(contains(md, "| f32 | 2^28 | cold | " + f32_28.variant + " | 459."));
  for (const char* size : {"| 1 |", "| 2^12 |", "| 1000003 |", "| 2^20+3 |"})  // sizes as --sizes spells them
    CHECK(contains(md, std::string("| f32 ") + size + " cold | "));
  CHECK(contains(md, "within noise"));
  CHECK(contains(md, kChoiceRule));
}

TEST_CASE("what to use: a group with no cuBLAS row shows a dash for it and still names the winner") {
  std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.1), candidate(512, 19.9, 20.0, 20.1),
                                         timed_row("cub", 29.0, 30.0, 31.0, 1 << 20)};
  rank_records(rows);
  const Recommendation r = only_recommendation(what_to_use(rows));
  CHECK(r.pick == Pick::winner);
  CHECK(r.variant == rows[0].variant);
  CHECK_FALSE(r.vs_cublas);
  REQUIRE(r.vs_cub);
  CHECK(r.vs_cub->speedup == doctest::Approx(3.0));
  CHECK(r.vs_cub->range->lo == doctest::Approx(29.0 / 10.1));
  // 18.9 us apart against a floor of 2 + 3% x 30 = 2.9 us: outside the noise.
  CHECK(r.vs_cub->separation_us == doctest::Approx(18.9));
  CHECK(r.vs_cub->floor_us == doctest::Approx(2.9));
  CHECK_FALSE(r.vs_cub->within_noise);
  const std::string md = what_to_use_markdown({r});
  CHECK(contains(md, "| f32 | 2^20 | cold | " + r.variant + " | 10.00 [9.90, 10.10] | — | 3.00x [2.87, 3.13] | winner |"));
}

TEST_CASE("what to use: intervals apart by less than the gate's floor are within noise") {
  // 1.0 us apart: disjoint in this run, but under 2 us + 3% of 11.
  std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.0), timed_row("cublas", 11.0, 11.1, 11.2, 1 << 20)};
  rank_records(rows);
  const Recommendation r = only_recommendation(what_to_use(rows));
  CHECK(r.pick == Pick::winner);
  REQUIRE(r.vs_cublas);
  CHECK(r.vs_cublas->within_noise);
  CHECK(contains(what_to_use_markdown({r}), "1.11x [1.10, 1.13] within noise"));
}

TEST_CASE("what to use: intervals apart by exactly the floor are still within noise") {
  // Numbers exact in binary: floor 2 + 3% x 100 = 5 us, and 99 - 94 = 5 us apart.
  std::vector<MeasurementRecord> rows = {candidate(256, 93.0, 93.5, 94.0), timed_row("cub", 99.0, 100.0, 101.0, 1 << 20)};
  rank_records(rows);
  const Recommendation r = only_recommendation(what_to_use(rows));
  REQUIRE(r.vs_cub);
  REQUIRE(r.vs_cub->floor_us == 5.0);
  REQUIRE(r.vs_cub->separation_us == 5.0);
  CHECK(r.vs_cub->within_noise);
}

TEST_CASE("what to use: a tie of all members names export's pick, not the fastest row of the size") {
  // Every interval is [9, 11]: both sizes tie all three. Block 512 is fastest at 2^20, but block 256
  // has the least sum of medians over the range both sizes share (19.2 us), so export runs it at both.
  std::vector<MeasurementRecord> rows;
  const std::int64_t n20 = std::int64_t{1} << 20, n22 = std::int64_t{1} << 22;
  for (auto [n, b256, b512, b1024] : {std::tuple{n20, 10.0, 9.8, 10.2}, std::tuple{n22, 9.2, 10.5, 10.2}}) {
    rows.push_back(candidate(256, 9.0, b256, 11.0, n));
    rows.push_back(candidate(512, 9.0, b512, 11.0, n));
    rows.push_back(candidate(1024, 9.0, b1024, 11.0, n));
  }
  rank_records(rows);
  const std::vector<Recommendation> table = what_to_use(rows);
  REQUIRE(table.size() == 2);
  VariantConfig c;
  c.block = 256;
  for (const auto& r : table) {
    CHECK(r.pick == Pick::tie);
    CHECK(r.tie_size == 3);
    CHECK(r.variant == c.id());
  }
  CHECK(table[0].fastest != c.id());  // at 2^20 the pick is not the fastest row
  CHECK(contains(what_to_use_markdown(table), "tie of 3, export's pick"));
}

TEST_CASE("what to use: one row, a faster library, a partial group and rows without a configuration") {
  SUBCASE("one row") {
    std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.1)};
    rank_records(rows);
    const Recommendation r = only_recommendation(what_to_use(rows));
    CHECK(r.pick == Pick::winner);
    CHECK_FALSE(r.vs_cublas);
    CHECK_FALSE(r.vs_cub);
  }
  SUBCASE("CUB faster, intervals apart: the fastest kernel, said so") {
    std::vector<MeasurementRecord> rows = {candidate(256, 19.9, 20.0, 20.1), timed_row("cub", 9.9, 10.0, 10.1, 1 << 20)};
    rank_records(rows);
    const Recommendation r = only_recommendation(what_to_use(rows));
    CHECK(r.pick == Pick::baseline_faster);
    CHECK(r.fastest == "cub");
    CHECK(r.vs_cub->speedup == doctest::Approx(0.5));
    CHECK(contains(what_to_use_markdown({r}), "cub is faster; the fastest kernel"));
  }
  SUBCASE("partial") {
    std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.1)};
    rank_records(rows);
    const Recommendation r = only_recommendation(what_to_use(rows, {{GroupKey{"f32", 1 << 20, "cold"}, GroupCoverage{1, 3}}}));
    CHECK(r.pick == Pick::partial);
    CHECK(r.variant.empty());
    CHECK(contains(what_to_use_markdown({r}), "no recommendation: the sweep stopped inside this group"));
  }
  SUBCASE("no correct candidate") {
    std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.1), timed_row("cub", 9.9, 10.0, 10.1, 1 << 20)};
    rows[0].correct = false;
    rank_records(rows);
    const Recommendation r = only_recommendation(what_to_use(rows));
    CHECK(r.pick == Pick::none);
    CHECK(r.why_none == "no correct timed candidate");
  }
  SUBCASE("a row whose columns do not spell its id") {
    std::vector<MeasurementRecord> rows = {timed_row("fast", 9.9, 10.0, 10.1, 1 << 20)};
    rank_records(rows);
    const Recommendation r = only_recommendation(what_to_use(rows));
    CHECK(r.pick == Pick::none);
    CHECK(contains(r.why_none, "do not spell their configuration"));
  }
}

TEST_CASE("summary.md: the opening, then what to use, then the detail per type") {
  const dotsweep::test::TempPath dir("what_to_use_summary");
  std::vector<MeasurementRecord> rows = {candidate(256, 9.9, 10.0, 10.1), timed_row("cub", 29.0, 30.0, 31.0, 1 << 20)};
  const std::string id = rows[0].variant;
  const std::string summary = ReportFolder(dir.str()).finish(rows, 5, {}, "# opening\n");
  const auto opening = summary.find("# opening"), table = summary.find("## What to use"),
             detail = summary.find("## f32\n");
  REQUIRE(table != std::string::npos);
  REQUIRE(detail != std::string::npos);
  CHECK(opening == 0);
  CHECK(table < detail);
  CHECK(contains(summary, "| f32 | 2^20 | cold | " + id + " | 10.00 [9.90, 10.10] | — | 3.00x"));
}
