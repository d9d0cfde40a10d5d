// compare: reports split by (gpu, timestamp), ratios with intervals, the
// per-size standing of each report, portability, and the Markdown. Fixtures
// (tests/fixtures/compare/README.md): two real back-to-back H200 cold sweeps
// cut to 31 rows each, and a SYNTHETIC second GPU made by editing run 2's cut;
// and, as hardware of its own, real reports of the whole H200 against a
// 40-SM partition of it (results/2026-12-01-sm-partitions/).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/gate/compare.hpp"
#include "core/gate/compare_markdown.hpp"
#include "core/report/report_writer.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

const std::string kFixtures = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/compare/";
constexpr std::int64_t k2to12 = 4096, k2to20 = 1048576, k2to28 = 268435456;
const std::string kRun1Best28 = "f32.b256.i8.v4.cover.seq.tree.atomic.plain.f32";
const std::string kRun2Best28 = "f32.b1024.i2.v4.cover.warp.shfl.atomic.plain.f32";
const std::string kRun1Best20 = "f32.b512.i8.v1.cover.warp.shfl.atomic.plain.f32";

CompareInput compare_fixture(const std::string& name) { return {name, read_records(kFixtures + name), {}}; }

const SizeComparison& at_size(const ReportComparison& c, std::int64_t n) {
  REQUIRE(c.questions.size() == 1);
  for (const auto& s : c.questions.front().sizes)
    if (s.n == n) return s;
  FAIL("no size " << n);
  throw;
}

// A correct timed row of one report.
MeasurementRecord compare_timed(const std::string& variant, double lo, double median, double hi,
                        const std::string& timestamp = "t1", std::int64_t n = 1 << 20) {
  MeasurementRecord r = test::timed_row(variant, lo, median, hi, n);
  r.env.gpu = "NVIDIA H200";
  r.env.peak_gbps = 4814;
  r.env.timestamp = timestamp;
  r.pct_peak = 100.0 * effective_gbps(n, 4, median) / r.env.peak_gbps;
  return r;
}

}  // namespace

TEST_CASE("split_reports groups rows by (gpu, timestamp), across files and within one") {
  const auto run1 = compare_fixture("h200_run1.csv");
  const auto run2 = compare_fixture("h200_run2.csv");
  const auto reports = split_reports({run1, run2});
  REQUIRE(reports.size() == 2);
  CHECK(reports[0].label == "A");
  CHECK(reports[1].label == "B");
  CHECK(reports[0].timestamp == "2026-11-30T05:46:13Z");
  CHECK(reports[1].timestamp == "2026-11-30T05:46:35Z");
  CHECK(reports[0].gpu == "NVIDIA H200");
  CHECK(reports[0].peak_gbps == doctest::Approx(4814.304));
  CHECK(reports[0].rows.size() == 31);
  CHECK(reports[0].origins == "h200_run1.csv");
  CHECK(reports[1].name() == "B (H200)");

  // Two reports of one GPU concatenated into one input: still two reports.
  CompareInput both{"both.csv", run1.rows, {}};
  both.rows.insert(both.rows.end(), run2.rows.begin(), run2.rows.end());
  const auto split = split_reports({both});
  REQUIRE(split.size() == 2);
  CHECK(split[0].rows.size() == 31);
  CHECK(split[1].rows.size() == 31);
  CHECK(split[1].origins == "both.csv");
}

TEST_CASE("split_reports keeps two GPUs of one model swept in the same second apart by their UUIDs") {
  // --devices starts every GPU's sweep at once: gpu and timestamp agree.
  std::vector<MeasurementRecord> rows;
  for (const char* uuid : {"GPU-aaaa", "GPU-bbbb"}) {
    MeasurementRecord r = compare_timed("f32.a", 9.9, 10.0, 10.1);
    r.env.gpu_uuid = uuid;
    rows.push_back(r);
  }
  const auto reports = split_reports({CompareInput{"both.csv", rows, {}}});
  REQUIRE(reports.size() == 2);
  CHECK(reports[0].gpu_uuid == "GPU-aaaa");
  CHECK(reports[1].gpu_uuid == "GPU-bbbb");
  CHECK(reports[0].rows.size() == 1);
  // The same UUID twice is one report holding a row twice.
  rows[1].env.gpu_uuid = "GPU-aaaa";
  CHECK(contains(input_error_of([&] { split_reports({CompareInput{"both.csv", rows, {}}}); }), "twice"));
}

TEST_CASE("split_reports refuses empty inputs, one report, and a report given twice") {
  const auto run1 = compare_fixture("h200_run1.csv");
  CHECK(contains(input_error_of([&] { split_reports({run1, CompareInput{"empty.csv", {}, {}}}); }), "empty.csv: no rows"));
  const std::string one = input_error_of([&] { split_reports({run1}); });
  CHECK(contains(one, "two or more reports"));
  CHECK(contains(one, "2026-11-30T05:46:13Z"));
  const std::string twice = input_error_of([&] { split_reports({run1, CompareInput{"again.csv", run1.rows, {}}}); });
  CHECK(contains(twice, "again.csv"));
  CHECK(contains(twice, "twice"));
}

TEST_CASE("time and pct_peak ratios carry the interval both medians' intervals imply") {
  const auto a = compare_timed("x", 9, 10, 11);
  const auto b = compare_timed("y", 19, 20, 22);
  const auto t = time_ratio(b, a);
  REQUIRE(t);
  CHECK(t->value == doctest::Approx(2.0));
  REQUIRE(t->interval);
  CHECK(t->interval->lo == doctest::Approx(19.0 / 11));
  CHECK(t->interval->hi == doctest::Approx(22.0 / 9));

  // pct_peak is 1 / time against each GPU's own peak: a GPU with half the
  // peak and twice the time reads the same fraction.
  auto slow_gpu = compare_timed("y", 19, 20, 22);
  slow_gpu.env.peak_gbps = 4814 / 2.0;
  slow_gpu.pct_peak = *a.pct_peak;  // 2x the time on half the peak
  const auto p = pct_peak_ratio(slow_gpu, a);
  REQUIRE(p);
  CHECK(p->value == doctest::Approx(1.0));
  REQUIRE(p->interval);
  CHECK(p->interval->lo == doctest::Approx((20.0 / 22) / (10.0 / 9)));
  CHECK(p->interval->hi == doctest::Approx((20.0 / 19) / (10.0 / 11)));

  // Without intervals the ratio is a bare point, never a made-up certainty.
  auto bare = compare_timed("z", 0, 5, 0);
  bare.ci_lo_us.reset();
  bare.ci_hi_us.reset();
  REQUIRE(time_ratio(bare, a));
  CHECK_FALSE(time_ratio(bare, a)->interval);
}

TEST_CASE("two back-to-back H200 runs: tie groups shared, ahead by time, portability") {
  const auto c = compare_reports(split_reports({compare_fixture("h200_run1.csv"), compare_fixture("h200_run2.csv")}));
  CHECK(c.same_peak);
  REQUIRE(c.questions.size() == 1);
  CHECK(c.questions[0].type == "f32");
  CHECK(c.questions[0].mode == "cold");
  CHECK(c.questions[0].sizes.size() == 3);

  const auto& big = at_size(c, k2to28);
  REQUIRE(big.sides[0].best);
  REQUIRE(big.sides[1].best);
  CHECK(big.sides[0].best->variant == kRun1Best28);
  CHECK(big.sides[1].best->variant == kRun2Best28);
  CHECK(big.sides[0].verdict == Verdict::tie);
  CHECK(big.sides[0].cublas);
  CHECK(big.sides[1].cub);
  CHECK(big.ahead.size() == 2);  // 459.10 [458.88, 460.64] vs 459.60 [458.66, 460.61]
  CHECK(big.agreement == Agreement::tie);
  CHECK(std::find(big.shared.begin(), big.shared.end(), kRun1Best28) != big.shared.end());
  // Run 1's best on run 2: 460.672 us there against run 2's best 459.600.
  const auto& p = big.portability[0][1];
  REQUIRE(p);
  CHECK(p->status == Portability::Status::measured);
  CHECK(p->variant == kRun1Best28);
  CHECK(*p->fraction_of_best == doctest::Approx(459.6000015735626 / 460.6720060110092));
  CHECK(*p->pct_peak == doctest::Approx(96.82879633103043));
  CHECK(p->tied);
  CHECK_FALSE(big.portability[0][0]);

  // n = 4096: CUB leads both runs outright; the shared tie group is CUB.
  const auto& small = at_size(c, k2to12);
  CHECK(small.sides[0].verdict == Verdict::baseline);
  CHECK(small.sides[1].verdict == Verdict::baseline);
  CHECK(small.agreement == Agreement::tie);
  CHECK(small.shared == std::vector<std::string>{"cub"});

  // n = 2^20: run 1's best is ahead of run 2's (intervals disjoint).
  const auto& mid = at_size(c, k2to20);
  CHECK(mid.ahead == std::vector<std::size_t>{0});
  const auto ratio = time_ratio(*mid.sides[1].best, *mid.sides[0].best);
  REQUIRE(ratio->interval);
  CHECK(ratio->interval->lo > 1.0);

  const std::string md = compare_markdown(c);
  CHECK(contains(md, "compared by time"));
  CHECK(contains(md, "| 2^28 | " + kRun1Best28 + " (tie of 7) | 459.10 [458.88, 460.64] | 97.2 |"));
  CHECK(contains(md, "| 1.001 [0.996, 1.004] | tie (A, B) | tie: 7 shared |"));
  CHECK(contains(md, "| 2^20 |"));
  CHECK(contains(md, "B/A time of the best candidate"));
  CHECK(contains(md, "Note: A and B ran on the same GPU model"));
  CHECK(contains(md, "A (H200)'s best candidate runs on B (H200) at"));
  CHECK_FALSE(contains(md, "% peak [95% CI]"));  // one peak: no pct_peak ratio columns
}

TEST_CASE("a different GPU is judged by fraction of its own peak; a variant wrong there says so") {
  // Without a measured read ceiling on one side, by each GPU's theoretical peak.
  std::vector<CompareInput> inputs = {compare_fixture("h200_run1.csv"), compare_fixture("synthetic_h100.csv")};
  for (auto& row : inputs[1].rows) row.env.measured_peak_gbps.reset();
  const auto c = compare_reports(split_reports(inputs));
  CHECK_FALSE(c.same_peak);
  CHECK_FALSE(c.by_measured_ceiling);
  CHECK(c.reports[1].peak_gbps == doctest::Approx(3352));

  // The synthetic GPU takes 1.5x the time on 0.696x the peak: 0.957 of the
  // H200's fraction of peak, so the H200 is ahead though both are "fast".
  const auto& big = at_size(c, k2to28);
  CHECK(big.ahead == std::vector<std::size_t>{0});
  const auto pct = pct_peak_ratio(*big.sides[1].best, *big.sides[0].best);
  REQUIRE(pct);
  CHECK(pct->value == doctest::Approx(92.92970854284412 / 97.1595013277258));
  const std::string md = compare_markdown(c);
  CHECK(contains(md, "by % of each GPU's own peak"));
  CHECK(contains(md, "B/A % peak [95% CI]"));
  CHECK(contains(md, "closer to its peak (% peak)"));
  CHECK(contains(md, "incorrect: synthetic"));
  CHECK(contains(md, "incorrect on B at 1 size"));
  CHECK_FALSE(contains(md, "same GPU model"));
}

TEST_CASE("reports that all carry a measured read ceiling are judged by % of it") {
  // The synthetic GPU reads 3100 of its 3352 GB/s, the H200 4680 of 4814:
  // against the ceilings the synthetic GPU's 1.5x time is no longer behind.
  const auto c = compare_reports(split_reports({compare_fixture("h200_run1.csv"), compare_fixture("synthetic_h100.csv")}));
  CHECK_FALSE(c.same_peak);
  REQUIRE(c.by_measured_ceiling);
  const auto& big = at_size(c, k2to28);
  const auto pct = pct_peak_ratio(*big.sides[1].best, *big.sides[0].best);
  REQUIRE(pct);
  const double theoretical = 92.92970854284412 / 97.1595013277258;  // the ratio of the previous case
  CHECK(pct->value == doctest::Approx(theoretical * (3352.0 / 3100.0) / (4814.304 / 4680.326716544269)));
  CHECK(*big.sides[0].best->pct_peak == doctest::Approx(97.1595013277258 * 4814.304 / 4680.326716544269));
  const std::string md = compare_markdown(c);
  CHECK(contains(md, "by % of each report's own measured read ceiling"));
  CHECK_FALSE(contains(md, "by % of each GPU's own peak"));
}

TEST_CASE("real hardware of its own: the whole H200 against a 40-SM partition, by % of each one's read ceiling") {
  const std::string dir = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/sweeps/2026-12-01-sm-partitions/";
  const auto input = [&](const std::string& name) {
    return CompareInput{name, read_records(dir + name + ".csv.gz"), {}};
  };
  const auto c = compare_reports(split_reports({input("q132"), input("q40")}));
  REQUIRE(c.reports.size() == 2);
  CHECK_FALSE(c.same_peak);  // a partition's peak is its own measured read ceiling
  CHECK(c.by_measured_ceiling);  // so the whole GPU is judged by its ceiling too (4597 of 4814 GB/s)
  const auto question = [&](const std::string& type) -> const QuestionComparison& {
    for (const auto& q : c.questions)
      if (q.type == type && q.mode == "cold") return q;
    FAIL("no " << type << " cold");
    throw;
  };
  const auto size = [](const QuestionComparison& q, std::int64_t n) -> const SizeComparison& {
    for (const auto& s : q.sizes)
      if (s.n == n) return s;
    FAIL("no size " << n);
    throw;
  };
  // bf16 at 2^24: the same variant wins on both, at 0.865 of the whole GPU's
  // % of theoretical peak (results/2026-12-01-sm-partitions/compare.md, made
  // before compare judged by the ceilings), 0.865 x 4597 / 4814 of its ceiling.
  const auto& bf16_24 = size(question("bf16"), 1 << 24);
  CHECK(bf16_24.agreement == Agreement::same);
  CHECK(bf16_24.ahead == std::vector<std::size_t>{0});
  const auto pct = pct_peak_ratio(*bf16_24.sides[1].best, *bf16_24.sides[0].best);
  REQUIRE(pct);
  CHECK(pct->value == doctest::Approx(0.865 * 4597.0 / 4814.304).epsilon(0.003));
  // bf16 at 2^28: a cluster-finish variant wins on 40 SMs; the whole GPU's
  // best runs there at 89.4% of it, outside its tie group.
  const auto& bf16_28 = size(question("bf16"), k2to28);
  CHECK(bf16_28.agreement == Agreement::differ);
  CHECK(bf16_28.sides[1].best->finish == "cluster");
  const auto& moved = bf16_28.portability[0][1];
  REQUIRE(moved);
  CHECK(moved->status == Portability::Status::measured);
  CHECK(*moved->fraction_of_best == doctest::Approx(0.894).epsilon(0.002));
  CHECK_FALSE(moved->tied);
  const std::string md = compare_markdown(c);
  CHECK(contains(md, "by % of each report's own measured read ceiling"));
  CHECK(contains(md, "NVIDIA H200 [40 of 132 SMs]"));
  CHECK(contains(md, "A (H200)'s best candidate runs on B (H200 [40 of 132 SMs]) at 89.4-100.0% of B's own best"));
}

TEST_CASE("agreement: same variant, disjoint tie groups, and a question only one report has") {
  // Report t1: x wins alone; t2: y wins alone and x is far behind.
  std::vector<MeasurementRecord> rows = {
      compare_timed("x", 9.9, 10, 10.1, "t1"), compare_timed("y", 11.9, 12, 12.1, "t1"),
      compare_timed("y", 9.9, 10, 10.1, "t2"), compare_timed("x", 11.9, 12, 12.1, "t2"),
  };
  auto hot = compare_timed("x", 4, 5, 6, "t2");
  hot.mode = "hot";
  rows.push_back(hot);
  auto c = compare_reports(split_reports({CompareInput{"rows.csv", rows, {}}}));
  REQUIRE(c.questions.size() == 2);
  const auto& cold = c.questions[0];
  CHECK(cold.mode == "cold");
  const auto& s = cold.sizes.at(0);
  CHECK(s.agreement == Agreement::differ);
  CHECK(s.shared.empty());
  CHECK(s.ahead.size() == 2);  // 10 [9.9, 10.1] on both
  const auto& p = s.portability[0][1];
  REQUIRE(p);
  CHECK(*p->fraction_of_best == doctest::Approx(10.0 / 12));
  CHECK_FALSE(p->tied);
  CHECK(c.questions[1].mode == "hot");
  CHECK(c.questions[1].present == std::vector<bool>{false, true});
  const std::string md = compare_markdown(c);
  CHECK(contains(md, "| differ |"));
  CHECK(contains(md, "Only B (H200) measured f32 hot: nothing to compare."));

  // The same variant best on both.
  rows = {compare_timed("x", 9.9, 10, 10.1, "t1"), compare_timed("x", 10.9, 11, 11.1, "t2")};
  c = compare_reports(split_reports({CompareInput{"rows.csv", rows, {}}}));
  const auto& same = c.questions.at(0).sizes.at(0);
  CHECK(same.agreement == Agreement::same);
  CHECK(same.ahead == std::vector<std::size_t>{0});
  CHECK(same.portability[0][1]->status == Portability::Status::same_variant);
}

TEST_CASE("a variant missing from the other report is named, not dropped") {
  std::vector<MeasurementRecord> rows = {compare_timed("x", 9.9, 10, 10.1, "t1"), compare_timed("y", 9.9, 10, 10.1, "t2")};
  const auto c = compare_reports(split_reports({CompareInput{"rows.csv", rows, {}}}));
  const auto& p = c.questions.at(0).sizes.at(0).portability[0][1];
  REQUIRE(p);
  CHECK(p->status == Portability::Status::not_measured);
  CHECK(contains(compare_markdown(c), "not measured on B at 1 size"));
}

TEST_CASE("a best.csv's lone row per group keeps its declared tie group") {
  const auto d = parse_declared_standing("17", "cub x y +14 more", "tie", "best.csv, row 3");
  CHECK(d.tie_size == 17);
  CHECK(d.tie_members == std::vector<std::string>{"cub", "x", "y"});
  CHECK(d.verdict == Verdict::tie);
  CHECK(contains(input_error_of([] { parse_declared_standing("0", "x", "tie", "best.csv, row 3"); }),
                 "best.csv, row 3: column 'tie_size'"));
  CHECK(contains(input_error_of([] { parse_declared_standing("1", "x", "won", "best.csv, row 3"); }),
                 "'won' is not winner, tie, baseline or partial"));

  // Report t1 from a best.csv: x alone, declared a tie of 17 led by cub.
  CompareInput best{"best.csv", {compare_timed("x", 9.9, 10, 10.1, "t1")}, {}};
  best.declared.push_back(parse_declared_standing("17", "cub x +15 more", "tie", "best.csv, row 1"));
  const CompareInput sweep{"sweep.csv", {compare_timed("x", 9.9, 10, 10.1, "t2"), compare_timed("cub", 9.8, 10, 10.2, "t2")}, {}};
  const auto c = compare_reports(split_reports({best, sweep}));
  const auto& s = c.questions.at(0).sizes.at(0);
  CHECK(s.sides[0].verdict == Verdict::tie);
  CHECK(s.sides[0].tie_size == 17);
  CHECK(s.sides[1].tie_size == 2);
  CHECK(s.agreement == Agreement::same);
  CHECK(contains(compare_markdown(c), "| x (tie of 17) |"));
}

TEST_CASE("a report whose group was cut short is never ahead, however fast its best row") {
  // Report t1's best.csv says its group is partial: its best is not the
  // group's, so only t2 can be ahead, although t1's row is faster.
  CompareInput cut{"best.csv", {compare_timed("x", 4.9, 5, 5.1, "t1")}, {}};
  cut.declared.push_back(parse_declared_standing("1", "x", "partial", "best.csv, row 1"));
  const CompareInput full{"sweep.csv", {compare_timed("y", 9.9, 10, 10.1, "t2")}, {}};
  const auto c = compare_reports(split_reports({cut, full}));
  const auto& s = c.questions.at(0).sizes.at(0);
  REQUIRE(s.sides[0].verdict == Verdict::partial);
  CHECK(s.ahead.empty());  // one complete report: nothing to be ahead of
  CHECK(s.agreement == Agreement::incomplete);
}

TEST_CASE("compare says when the reports swept different spaces, sizes or modes") {
  const auto markdown_of = [](const std::vector<MeasurementRecord>& rows) {
    const auto c = compare_reports(split_reports({CompareInput{"rows.csv", rows, {}}}));
    return std::make_pair(c.swept_alike, compare_markdown(c));
  };
  const std::string note = "\nThe reports swept different spaces, sizes or modes: a row both hold can read a few "
                           "percent apart by that alone (docs/measuring.md, \"What the process swept before\").\n";
  std::vector<MeasurementRecord> rows = {compare_timed("x", 9.9, 10, 10.1, "t1"), compare_timed("y", 11.9, 12, 12.1, "t1"),
                                         compare_timed("x", 9.9, 10, 10.1, "t2"), compare_timed("y", 11.9, 12, 12.1, "t2")};
  auto [alike, md] = markdown_of(rows);
  CHECK(alike);
  CHECK(!contains(md, "swept different"));

  // Another variant, another size, another mode on one side: the note.
  auto other_variant = rows;
  other_variant.back() = compare_timed("z", 11.9, 12, 12.1, "t2");
  std::tie(alike, md) = markdown_of(other_variant);
  CHECK(!alike);
  CHECK(contains(md, note));
  auto other_size = rows;
  other_size.push_back(compare_timed("x", 4.9, 5, 5.1, "t2", 4096));
  CHECK(!markdown_of(other_size).first);
  auto other_mode = rows;
  other_mode.push_back(compare_timed("x", 4.9, 5, 5.1, "t1"));
  other_mode.back().mode = "hot";
  CHECK(!markdown_of(other_mode).first);
  // Three reports: the first alone differs, the last two swept alike.
  auto first_differs = rows;
  first_differs.erase(first_differs.begin() + 1);  // y on t1
  for (const char* v : {"x", "y"}) first_differs.push_back(compare_timed(v, 9.9, 10, 10.1, "t3"));
  CHECK(!markdown_of(first_differs).first);

  // A best.csv holds its winners only: a sweep that also timed y swept alike.
  CompareInput best{"best.csv", {compare_timed("x", 9.9, 10, 10.1, "t1")}, {}};
  best.declared.push_back(parse_declared_standing("1", "x", "winner", "best.csv, row 1"));
  const CompareInput sweep{"sweep.csv", {compare_timed("x", 9.9, 10, 10.1, "t2"), compare_timed("y", 11.9, 12, 12.1, "t2")}, {}};
  const auto c = compare_reports(split_reports({best, sweep}));
  CHECK(c.swept_alike);
  CHECK(!contains(compare_markdown(c), "swept different"));
}

TEST_CASE("an H200 and an H100: faster by time at every size, closer to its ceiling only where bandwidth-bound") {
  // The committed baselines (results/baselines/README.md): the H200 (A) takes
  // less time at every bf16 size, 1.02-1.45x; the H100 (B) reads 1.3-11% more
  // of its own ceiling at 2^24-2^28, where each best reads 73-100% of its
  // own. At 2^22 the H200's best reads 41%, the H100's 51%: no footing.
  const std::string base = std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/";
  const auto c = compare_reports(split_reports({{"h200", read_records(base + "h200.csv.gz"), {}},
                                                {"h100", read_records(base + "h100.csv.gz"), {}}}));
  REQUIRE(c.by_measured_ceiling);
  const auto question = [&](const std::string& type) -> const QuestionComparison& {
    for (const auto& q : c.questions)
      if (q.type == type && q.mode == "cold") return q;
    FAIL("no " << type << " cold");
    throw;
  };
  const QuestionComparison& bf16 = question("bf16");
  REQUIRE(bf16.sizes.size() == 12);
  for (const auto& s : bf16.sizes) {
    CAPTURE(s.n);
    CHECK(s.faster == std::vector<std::size_t>{0});
    CHECK(s.bandwidth_bound == (s.n >= (1 << 24)));
    if (s.bandwidth_bound) CHECK(s.ahead == std::vector<std::size_t>{1});
  }
  // f32 is bandwidth-bound from 2^22 (58% and 68%), not at 2^20 (26% and 34%).
  for (const auto& s : question("f32").sizes)
    if (s.n == (1 << 20) || s.n == (1 << 22)) CHECK(s.bandwidth_bound == (s.n == (1 << 22)));
  const std::string md = compare_markdown(c);
  CHECK(contains(md, "| faster (time) | closer to its ceiling (% peak) |"));
  CHECK(contains(md, "| A | — (not bandwidth-bound) | differ |"));  // bf16 at 2^22
  CHECK(contains(md, "- B/A time of the best candidate: median 1.081 over 12 sizes (1.022 to 1.445); B faster at 0, "
                     "A faster at 12, intervals overlap at 0.\n"));
  CHECK(contains(md, "- B/A % of its own ceiling of the best candidate at the bandwidth-bound sizes (each best at 50% "
                     "of its own or more): median 1.045 over 3 sizes (1.013 to 1.111); B closer to its ceiling at 3, "
                     "A closer to its ceiling at 0, intervals overlap at 0."));
  CHECK_FALSE(contains(md, " ahead"));  // never "ahead" without saying of what
}

TEST_CASE("bandwidth-bound: every best at 50% of its peak or more, two reports at least") {
  const auto side = [](std::optional<double> pct) {
    ReportSide s;
    s.present = true;
    if (pct) {
      s.best = compare_timed("v", 1, 1, 1);
      s.best->pct_peak = *pct;
    }
    return s;
  };
  CHECK(is_bandwidth_bound({side(50.0), side(99.0)}));
  CHECK_FALSE(is_bandwidth_bound({side(49.99), side(99.0)}));
  CHECK_FALSE(is_bandwidth_bound({side(99.0), side(49.99)}));
  CHECK(is_bandwidth_bound({side(60.0), side(std::nullopt), side(70.0)}));  // a report without a best says nothing
  CHECK_FALSE(is_bandwidth_bound({side(60.0), side(std::nullopt)}));        // one best: nothing to compare
  ReportSide no_pct = side(60.0);
  no_pct.best->pct_peak.reset();
  CHECK_FALSE(is_bandwidth_bound({side(60.0), no_pct}));
}
