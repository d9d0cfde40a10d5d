// The gate's verdict rule at its edges, combining repeats, matching and --only.
// Rows are synthetic here so each edge is a number one can read; the real
// H200 noise is in test_gate_fixtures.cpp.
#include <doctest/doctest.h>

#include "core/gate/gate.hpp"
#include "core/stats/sample_spread.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

// A correct cold f32 row with a median, its interval and a clock.
MeasurementRecord timed(const std::string& variant, double lo, double median, double hi,
                        std::int64_t n = 268435456) {
  MeasurementRecord r = test::timed_row(variant, lo, median, hi, n);
  r.sm_clock_mhz = 1980;
  r.nvml_sm_clock_before_mhz = 1980;
  r.nvml_sm_clock_after_mhz = 1980;
  r.clock_events = "none";
  r.capped = false;
  r.env.gpu = "NVIDIA H200";
  r.env.peak_gbps = 4814.304;
  r.env.dotsweep_version = "0.1.0";
  return r;
}

GateRow judge(const MeasurementRecord& base, const MeasurementRecord& cur, const GateRule& rule = {}) {
  return judge_row(base, {&cur}, rule);
}

// Baseline at 2^28: 400 us [399, 401]; its noise floor is 2 + 3% x 400 = 14 us.
const MeasurementRecord kBase = timed("v", 399, 400, 401);

}  // namespace

TEST_CASE("gate: the threshold is on the median's change, just under is SAME and just over is REGRESSED") {
  // A floor under the threshold (2 us + 2%, at least 4%: 16 us here), so
  // that the threshold alone decides; the default's 6% would hide +5.1%.
  GateRule rule;
  rule.min_gap_pct = 2;
  // +4.975%: intervals 18.5 us apart, beyond the floor, still under 5%.
  const GateRow under = judge(kBase, timed("v", 419.5, 419.9, 420.3), rule);
  CHECK(under.verdict == GateVerdict::same);
  CHECK(under.separation == doctest::Approx(18.5));
  // +5.125%: over the threshold and 19.2 us apart.
  const GateRow over = judge(kBase, timed("v", 420.2, 420.5, 420.8), rule);
  CHECK(over.verdict == GateVerdict::regressed);
  CHECK(over.floor_us == doctest::Approx(16.0));
  CHECK(contains(over.why, "+5.1%"));
  CHECK(contains(over.why, "19.20 us apart"));
  // --threshold moves the edge.
  GateRule loose = rule;
  loose.threshold_pct = 6;
  CHECK(judge(kBase, timed("v", 420.2, 420.5, 420.8), loose).verdict == GateVerdict::same);
}

TEST_CASE("gate: the default floor is never under twice its relative part (a state drawn once per process)") {
  // 0.2 report: 0.5 us + 3%, at least 6%; the two meet at 0.5 / 0.03 = 16.67 us.
  GateRule rule;
  CHECK(gate_default_floor_us(rule, 10, "0.2.1") == doctest::Approx(0.8));     // 0.5 + 0.3 > 0.6
  CHECK(gate_default_floor_us(rule, 16, "0.2.1") == doctest::Approx(0.98));    // 0.5 + 0.48 > 0.96
  CHECK(gate_default_floor_us(rule, 17, "0.2.1") == doctest::Approx(1.02));    // 6%: 1.02 > 0.5 + 0.51
  CHECK(gate_default_floor_us(rule, 400, "0.2.1") == doctest::Approx(24.0));   // 6%, not 12.5
  CHECK(gate_default_floor_us(rule, 400, "0.1.0") == doctest::Approx(24.0));   // 6%, not 2 + 12
  CHECK(gate_default_floor_us(rule, 50, "0.1.0") == doctest::Approx(3.5));     // 2 + 1.5 > 3
  rule.min_gap_pct = 0;
  rule.min_gap_us = 0;
  CHECK(gate_default_floor_us(rule, 400, "0.2.1") == 0);  // --min-gap-us 0 --min-gap-pct 0: no floor at all
  // The gate applies it: 400 us [399, 401] against 6% slower with intervals
  // 23 us apart (short of 24) and 25 us apart (beyond it).
  MeasurementRecord base = kBase;
  base.env.dotsweep_version = "0.2.1";
  const GateRow short_of = judge(base, timed("v", 424, 425, 426));
  CHECK(short_of.floor_us == doctest::Approx(24.0));
  CHECK(short_of.verdict == GateVerdict::inconclusive);
  CHECK(judge(base, timed("v", 426, 427, 428)).verdict == GateVerdict::regressed);
  // Faster by as much: the same floor either way.
  CHECK(judge(base, timed("v", 374, 375, 376)).verdict == GateVerdict::inconclusive);
  CHECK(judge(base, timed("v", 372, 373, 374)).verdict == GateVerdict::improved);
}

TEST_CASE("gate: a change exactly at the threshold is SAME, either way") {
  // Numbers exact in binary: 5 / 4 - 1 = 0.25 and 3 / 4 - 1 = -0.25, against
  // a 25% threshold; the intervals are far apart and there is no floor, so
  // only the threshold decides.
  GateRule rule;
  rule.threshold_pct = 25;
  rule.min_gap_us = 0;
  rule.min_gap_pct = 0;
  const MeasurementRecord base = timed("v", 3.75, 4, 4.25, 4096);
  const GateRow up = judge(base, timed("v", 4.75, 5, 5.25, 4096), rule);
  CHECK(up.ratio == 1.25);
  CHECK(up.verdict == GateVerdict::same);
  CHECK(judge(base, timed("v", 2.75, 3, 3.25, 4096), rule).verdict == GateVerdict::same);
  // A hair over it, either way, is judged.
  CHECK(judge(base, timed("v", 4.75, 5.0001, 5.25, 4096), rule).verdict == GateVerdict::regressed);
  CHECK(judge(base, timed("v", 2.75, 2.9999, 3.25, 4096), rule).verdict == GateVerdict::improved);
}

TEST_CASE("gate: intervals apart by exactly the floor are INCONCLUSIVE, either way") {
  // Floor 1 us (no relative part); baseline [3.5, 4.5]; 5.5 - 4.5 and
  // 3.5 - 2.5 are exactly 1 in binary.
  GateRule rule;
  rule.min_gap_us = 1;
  rule.min_gap_pct = 0;
  const MeasurementRecord base = timed("v", 3.5, 4, 4.5, 4096);
  const GateRow slower = judge(base, timed("v", 5.5, 6, 6.5, 4096), rule);
  CHECK(slower.separation == 1.0);
  CHECK(slower.floor_us == 1.0);
  CHECK(slower.verdict == GateVerdict::inconclusive);
  const GateRow faster = judge(base, timed("v", 1.5, 2, 2.5, 4096), rule);
  CHECK(faster.separation == 1.0);
  CHECK(faster.verdict == GateVerdict::inconclusive);
  // A hair beyond it, either way.
  CHECK(judge(base, timed("v", 5.5001, 6, 6.5, 4096), rule).verdict == GateVerdict::regressed);
  CHECK(judge(base, timed("v", 1.5, 2, 2.4999, 4096), rule).verdict == GateVerdict::improved);
}

TEST_CASE("gate: over the threshold with overlapping intervals is INCONCLUSIVE, never REGRESSED") {
  const GateRow row = judge(kBase, timed("v", 400.5, 440, 480));
  CHECK(row.verdict == GateVerdict::inconclusive);
  CHECK(row.separation < 0);
  CHECK(contains(row.why, "intervals overlap"));
}

TEST_CASE("gate: disjoint intervals must also clear the noise floor (2 us + 3% of the baseline median)") {
  // A launch-bound row: 6 us [5.99, 6.01]; floor 2 + 0.18 = 2.18 us.
  const MeasurementRecord base = timed("v", 5.99, 6.0, 6.01, 4096);
  // +16.7% with disjoint intervals 0.98 us apart: the shift two back-to-back
  // H200 runs show with no code change (docs/gate.md).
  const GateRow noise = judge(base, timed("v", 6.99, 7.0, 7.01, 4096));
  CHECK(noise.verdict == GateVerdict::inconclusive);
  CHECK(contains(noise.why, "noise floor 2.18 us"));
  // Just inside the floor and just beyond it.
  CHECK(judge(base, timed("v", 6.01 + 2.175, 8.2, 8.3, 4096)).verdict == GateVerdict::inconclusive);
  CHECK(judge(base, timed("v", 6.01 + 2.185, 8.2, 8.3, 4096)).verdict == GateVerdict::regressed);
  // With no floor the in-run intervals alone would call the noise a regression.
  GateRule no_floor;
  no_floor.min_gap_us = 0;
  no_floor.min_gap_pct = 0;
  CHECK(judge(base, timed("v", 6.99, 7.0, 7.01, 4096), no_floor).verdict == GateVerdict::regressed);
}

TEST_CASE("gate: the default floor's absolute part follows the baseline's version series, 2 us for 0.1, 0.5 after") {
  CHECK(default_min_gap_us("0.1.0") == 2.0);
  CHECK(default_min_gap_us("0.1.7-dirty") == 2.0);
  CHECK(default_min_gap_us("0.2.0") == 0.5);
  CHECK(default_min_gap_us("1.0.0") == 0.5);
  CHECK(default_min_gap_us("") == 2.0);  // a report that does not say gets the larger floor
  CHECK(default_min_gap_us("dev") == 2.0);
  // The same launch-bound change, +16.7% with intervals 0.98 us apart, against
  // a 0.1 baseline (floor 2.18 us) and a 0.2 one (floor 0.68 us).
  MeasurementRecord base = timed("v", 5.99, 6.0, 6.01, 4096);
  MeasurementRecord cur = timed("v", 6.99, 7.0, 7.01, 4096);
  CHECK(judge(base, cur).verdict == GateVerdict::inconclusive);
  base.env.dotsweep_version = cur.env.dotsweep_version = "0.2.0";
  const GateRow newer = judge(base, cur);
  CHECK(newer.floor_us == doctest::Approx(0.68));
  CHECK(newer.verdict == GateVerdict::regressed);
  // Given, --min-gap-us wins over the version's default.
  GateRule given;
  given.min_gap_us = 2.0;
  CHECK(judge(base, cur, given).verdict == GateVerdict::inconclusive);
  CHECK(default_noise_floor_us(given, 6.0, "0.2.0") == doctest::Approx(2.18));
  CHECK(default_noise_floor_us(GateRule{}, 6.0, "0.2.0") == doctest::Approx(0.68));
  // run_gate states the floor it used in its result's rule.
  GateReport b, c;
  b.path = "b.csv";
  c.path = "c.csv";
  b.dotsweep_version = "0.2.0";
  b.rows = {base};
  c.rows = {cur};
  const GateResult result = run_gate(b, {c}, GateRule{}, parse_gate_scope("all"), false);
  REQUIRE(result.rule.min_gap_us.has_value());
  CHECK(*result.rule.min_gap_us == 0.5);
  REQUIRE(result.rows.size() == 1);
  CHECK(result.rows.front().verdict == GateVerdict::regressed);
}

TEST_CASE("gate: zero-width intervals and rows without interval columns are judged as points") {
  const MeasurementRecord base = timed("v", 460, 460, 460);
  CHECK(judge(base, timed("v", 506, 506, 506)).verdict == GateVerdict::regressed);  // +10%, 46 us apart
  CHECK(judge(base, timed("v", 470, 470, 470)).verdict == GateVerdict::same);       // +2.2%
  MeasurementRecord old_base = base, old_cur = timed("v", 506, 506, 506);
  old_base.ci_lo_us.reset();
  old_base.ci_hi_us.reset();
  old_cur.ci_lo_us.reset();
  old_cur.ci_hi_us.reset();
  const GateRow row = judge(old_base, old_cur);
  CHECK(row.verdict == GateVerdict::regressed);
  CHECK(row.separation == doctest::Approx(46.0));
}

TEST_CASE("gate: a speedup never fails the gate") {
  const GateRow faster = judge(kBase, timed("v", 359, 360, 361));
  CHECK(faster.verdict == GateVerdict::improved);
  CHECK(!fails_gate(faster.verdict));
  CHECK(contains(faster.why, "-10.0%"));
  // Faster but within the noise: INCONCLUSIVE, which passes too.
  const GateRow noisy = judge(timed("v", 5.99, 6.0, 6.01, 4096), timed("v", 4.99, 5.0, 5.01, 4096));
  CHECK(noisy.verdict == GateVerdict::inconclusive);
  CHECK(!fails_gate(noisy.verdict));
}

TEST_CASE("gate: a host-timed baseline (thrust) past the floor either way is INCONCLUSIVE; device-timed ones regress") {
  // thrust's median includes the host's side of a blocking call; two
  // back-to-back H200 sweeps moved it by up to +26% with disjoint intervals.
  const auto baseline_row = [](const std::string& name, double lo, double median, double hi) {
    MeasurementRecord r = timed(name, lo, median, hi);
    r.kind = "baseline";
    return r;
  };
  const GateRow thrust = judge(baseline_row("thrust", 399, 400, 401), baseline_row("thrust", 500, 505, 510));
  CHECK(thrust.verdict == GateVerdict::inconclusive);
  CHECK(thrust.host_timed);
  CHECK(contains(thrust.why, "+26.2%"));
  CHECK(contains(thrust.why, "host clock"));
  // Faster past the floor it is INCONCLUSIVE too: in back-to-back H200 sweeps
  // the second process's thrust rows read up to 22% faster, intervals apart.
  const GateRow faster = judge(baseline_row("thrust", 40.26, 41.07, 41.76), baseline_row("thrust", 31.66, 32.11, 33.06));
  CHECK(faster.verdict == GateVerdict::inconclusive);
  CHECK(faster.host_timed);
  CHECK(contains(faster.why, "-21.8%"));
  CHECK(contains(faster.why, "host clock"));
  CHECK(judge(baseline_row("cub", 40.26, 41.07, 41.76), baseline_row("cub", 31.66, 32.11, 33.06)).verdict ==
        GateVerdict::improved);
  // The same figures on a device-timed baseline, or a candidate that happens
  // to be named thrust, fail the gate.
  CHECK(judge(baseline_row("cub", 399, 400, 401), baseline_row("cub", 500, 505, 510)).verdict ==
        GateVerdict::regressed);
  CHECK(judge(timed("thrust", 399, 400, 401), timed("thrust", 500, 505, 510)).verdict == GateVerdict::regressed);
  // Within the threshold it is SAME like any row, and a broken thrust still fails.
  CHECK(judge(baseline_row("thrust", 399, 400, 401), baseline_row("thrust", 409, 410, 411)).verdict ==
        GateVerdict::same);
  MeasurementRecord broken = baseline_row("thrust", 399, 400, 401);
  broken.correct = false;
  broken.reason = "float64 check: error exceeds bound";
  CHECK(judge(baseline_row("thrust", 399, 400, 401), broken).verdict == GateVerdict::broken);
}

TEST_CASE("gate: a slower row on a markedly lower SM clock is INCONCLUSIVE (throttled) with the clocks") {
  MeasurementRecord slow = timed("v", 439, 440, 441);  // +10%, 38 us apart
  CHECK(judge(kBase, slow).verdict == GateVerdict::regressed);
  slow.sm_clock_mhz = 1980 * 0.94;  // 6% lower: beyond the 5% allowed
  GateRow row = judge(kBase, slow);
  CHECK(row.verdict == GateVerdict::inconclusive);
  CHECK(row.throttled);
  CHECK(contains(row.why, "throttled: SM clock 1861 vs 1980 MHz in the baseline (-6.0%)"));
  slow.sm_clock_mhz = 1980 * 0.96;  // 4% lower: within the allowance, the slowdown stands
  CHECK(judge(kBase, slow).verdict == GateVerdict::regressed);
  // Exactly at the allowance (the rule's own arithmetic, so the same double):
  // not throttled; the allowance is "more than 5% below".
  slow.sm_clock_mhz = 1980 * (1.0 - GateRule{}.clock_drop_pct / 100.0);
  CHECK(judge(kBase, slow).verdict == GateVerdict::regressed);
  // No clock from the blocking kernel: NVML's readings stand in.
  slow.sm_clock_mhz.reset();
  slow.nvml_sm_clock_before_mhz = 1845;
  slow.nvml_sm_clock_after_mhz = 1845;
  CHECK(judge(kBase, slow).verdict == GateVerdict::inconclusive);
}

TEST_CASE("gate: newly capped current rows are throttled; capping on both sides is judged by the clocks") {
  MeasurementRecord capped = timed("v", 439, 440, 441);
  capped.capped = true;
  capped.clock_events = "sw_power_cap";
  const GateRow row = judge(kBase, capped);
  CHECK(row.verdict == GateVerdict::inconclusive);
  CHECK(contains(row.why, "capped (sw_power_cap)"));
  MeasurementRecord capped_base = kBase;
  capped_base.capped = true;
  CHECK(judge(capped_base, capped).verdict == GateVerdict::regressed);
  // Throttling only excuses a slowdown: an unchanged capped row stays SAME.
  MeasurementRecord same = timed("v", 399, 400.5, 402);
  same.capped = true;
  CHECK(judge(kBase, same).verdict == GateVerdict::same);
  // Cross-hardware: clocks of different GPUs are not compared, capping still is.
  GateRule cross;
  cross.cross_hardware = true;
  MeasurementRecord slow_clock = timed("v", 439, 440, 441);
  slow_clock.sm_clock_mhz = 1500;
  CHECK(throttle_reason(kBase, slow_clock, cross).empty());
  CHECK(!throttle_reason(kBase, capped, cross).empty());
}

TEST_CASE("gate: an improvement next to a throttled baseline says so") {
  MeasurementRecord base = kBase;
  base.sm_clock_mhz = 1800;
  const GateRow row = judge(base, timed("v", 359, 360, 361));
  CHECK(row.verdict == GateVerdict::improved);
  CHECK(contains(row.why, "the baseline ran throttled: SM clock 1800 vs 1980 MHz in the current report (-9.1%)"));
}

TEST_CASE("gate: several current reports combine into the median of medians with the hull of the intervals") {
  const auto combined = combine_estimates({{440, 439, 441}, {400, 399, 401}, {442, 441, 443}});
  REQUIRE(combined);
  CHECK(combined->median == 440);
  CHECK(combined->lo == 399);
  CHECK(combined->hi == 443);
  const auto even = combine_estimates({{10, 9, 11}, {20, 19, 21}});
  CHECK(even->median == 15);
  CHECK(!combine_estimates({}));

  const MeasurementRecord a = timed("v", 439, 440, 441), b = timed("v", 440, 441, 442),
                          c = timed("v", 441, 442, 443), fast = timed("v", 399, 400, 401);
  // Every repeat slower and apart: REGRESSED.
  GateRow row = judge_row(kBase, {&a, &b, &c}, {});
  CHECK(row.verdict == GateVerdict::regressed);
  CHECK(contains(row.why, "median of 3 reports"));
  // Two slow repeats and one not: the slowdown does not reproduce; the hull overlaps.
  CHECK(judge_row(kBase, {&a, &b, &fast}, {}).verdict == GateVerdict::inconclusive);
  // One slow repeat of three: the median of medians is unchanged.
  CHECK(judge_row(kBase, {&fast, &fast, &a}, {}).verdict == GateVerdict::same);
}

TEST_CASE("gate: correctness changes: BROKEN fails, FIXED passes, incorrect on both sides is UNTIMED") {
  MeasurementRecord wrong = timed("v", 399, 400, 401);
  wrong.correct = false;
  wrong.reason = "random integers: got 12, want 16";
  const GateRow broken = judge(kBase, wrong);
  CHECK(broken.verdict == GateVerdict::broken);
  CHECK(fails_gate(broken.verdict));
  CHECK(contains(broken.why, "got 12, want 16"));
  // Broken in one repeat of two is broken.
  const MeasurementRecord ok = timed("v", 399, 400, 401);
  const GateRow flaky = judge_row(kBase, {&ok, &wrong}, {});
  CHECK(flaky.verdict == GateVerdict::broken);
  CHECK(contains(flaky.why, "1 of 2 current reports"));
  CHECK(judge(wrong, ok).verdict == GateVerdict::fixed);
  CHECK(judge(wrong, wrong).verdict == GateVerdict::untimed);
}

TEST_CASE("gate: cross-hardware compares pct_peak: times rescale by the ratio of peak bandwidths") {
  GateRule cross;
  cross.cross_hardware = true;
  MeasurementRecord other = timed("v", 574, 575, 576);  // slower on a GPU with 0.7x the peak
  other.env.gpu = "NVIDIA H100";
  other.env.peak_gbps = 4814.304 * 0.7;
  const GateRow row = judge(kBase, other, cross);
  // 575 us at 0.7x the peak is 402.5 us at the baseline's: the same fraction of peak, +0.6%.
  CHECK(row.cur->median == doctest::Approx(402.5));
  CHECK(row.verdict == GateVerdict::same);
  other.median_us = 660;  // 462 us equivalent: +15.5%
  other.ci_lo_us = 659;
  other.ci_hi_us = 661;
  CHECK(judge(kBase, other, cross).verdict == GateVerdict::regressed);
}

TEST_CASE("gate: cross-hardware on measured read ceilings when every report has one (a partition against its GPU)") {
  GateRule cross;
  cross.cross_hardware = true;
  MeasurementRecord base = kBase;  // 400 us on the whole GPU, which reads 4600 of its 4814.304 GB/s
  base.env.measured_peak_gbps = 4600;
  MeasurementRecord partition = timed("v", 574, 575, 576);
  partition.env.gpu = "NVIDIA H200 [40 of 132 SMs]";
  partition.env.peak_gbps = partition.env.measured_peak_gbps.emplace(4600 * 0.7);  // its peak is its ceiling
  const GateRow row = judge(base, partition, cross);
  CHECK(row.on_read_ceilings);
  CHECK(row.cur->median == doctest::Approx(575 * 0.7));  // 402.5: the same share of the ceiling, +0.6%
  CHECK(row.verdict == GateVerdict::same);
  // On the theoretical peaks the partition would look 4.7% better than it is.
  MeasurementRecord no_ceiling = base;
  no_ceiling.env.measured_peak_gbps.reset();
  const GateRow theoretical = judge(no_ceiling, partition, cross);
  CHECK_FALSE(theoretical.on_read_ceilings);
  CHECK(theoretical.cur->median == doctest::Approx(575 * 0.7 * 4600 / 4814.304));
  // Without --cross-hardware nothing is rescaled.
  CHECK_FALSE(judge(base, partition, {}).on_read_ceilings);
}

TEST_CASE("gate: rows are matched by (variant, type, n, mode); one-sided rows are listed, --require-all fails") {
  GateReport base, cur;
  base.rows = {timed("a", 399, 400, 401), timed("b", 399, 400, 401)};
  cur.rows = {timed("b", 399, 400, 401), timed("c", 399, 400, 401)};
  MeasurementRecord hot_b = timed("b", 399, 400, 401);
  hot_b.mode = "hot";  // same variant, another mode: another row
  cur.rows.push_back(hot_b);
  const GateScope all{false, false, true};
  const GateResult result = run_gate(base, {cur}, {}, all, false);
  REQUIRE(result.rows.size() == 1);
  CHECK(result.rows[0].baseline.variant == "b");
  REQUIRE(result.baseline_only.size() == 1);
  CHECK(result.baseline_only[0].variant == "a");
  REQUIRE(result.current_only.size() == 2);
  CHECK(result.current_only[0].variant == "c");
  CHECK(result.current_only[1].mode == "hot");
  CHECK(result.passed());
  const GateResult strict = run_gate(base, {cur}, {}, all, true);
  CHECK(!strict.passed());
  CHECK(strict.exit_code() == 1);
}

TEST_CASE("gate: --only picks tie groups (either side), baselines, or all") {
  GateReport base, cur;
  base.declares_standing = cur.declares_standing = true;  // best.csv files
  auto row = [](const std::string& id, bool tied) {
    MeasurementRecord r = timed(id, 399, 400, 401);
    r.tied_best = tied;
    return r;
  };
  base.rows = {row("best-before", true), row("best-now", false), row("other", false), row("cublas", false)};
  cur.rows = {row("best-before", false), row("best-now", true), row("other", false), row("cublas", false)};
  const auto ids = [&](const GateScope& scope) {
    std::string out;
    const GateResult r = run_gate(base, {cur}, {}, scope, false);
    for (const auto& g : r.rows) out += g.baseline.variant + " ";
    return out + "| " + std::to_string(r.out_of_scope);
  };
  CHECK(ids(parse_gate_scope("best,baselines")) == "best-before best-now cublas | 1");
  CHECK(ids(parse_gate_scope("best")) == "best-before best-now | 2");
  CHECK(ids(parse_gate_scope("baselines")) == "cublas | 3");
  CHECK(ids(parse_gate_scope("all")) == "best-before best-now cublas other | 0");
  CHECK(ids(GateScope{}) == ids(parse_gate_scope("best,baselines")));  // the default

  // sweep.csv files: tie groups from the intervals, whatever their tied_best
  // column says (a report written under an older tie rule).
  base.declares_standing = cur.declares_standing = false;
  base.rows = {timed("fast", 99, 100, 101), timed("close", 100.5, 101, 102), timed("slow", 109, 110, 111),
               timed("far", 100.8, 103, 104)};  // no interval is wholly below its own: tied
  for (auto& r : base.rows) r.tied_best = r.variant == "slow";  // stale: ignored
  cur.rows = base.rows;
  CHECK(ids(parse_gate_scope("best")) == "close far fast | 1");
  // A row that some row's interval lies wholly below is not in the tie group.
  base.rows[3] = timed("far", 101.5, 103, 104);  // fast's [99, 101] is wholly below it
  cur.rows = base.rows;
  CHECK(ids(parse_gate_scope("best")) == "close fast | 2");
}

TEST_CASE("gate: --only rejects words it does not know") {
  CHECK(contains(input_error_of([] { parse_gate_scope("fastest"); }), "'fastest'"));
  CHECK(contains(input_error_of([] { parse_gate_scope("best,"); }), "''"));
  CHECK(scope_text(parse_gate_scope("baselines,best")) == "best,baselines");
}

TEST_CASE("gate: the result passes unless a row is REGRESSED or BROKEN") {
  GateReport base, cur;
  base.rows = {timed("a", 399, 400, 401), timed("b", 399, 400, 401), timed("c", 5.99, 6, 6.01, 4096)};
  cur.rows = {timed("a", 359, 360, 361), timed("b", 399, 400, 401), timed("c", 6.99, 7, 7.01, 4096)};
  const GateScope all{false, false, true};
  GateResult result = run_gate(base, {cur}, {}, all, false);
  CHECK(result.count(GateVerdict::improved) == 1);
  CHECK(result.count(GateVerdict::same) == 1);
  CHECK(result.count(GateVerdict::inconclusive) == 1);
  CHECK(result.exit_code() == 0);
  cur.rows[1] = timed("b", 439, 440, 441);
  result = run_gate(base, {cur}, {}, all, false);
  CHECK(result.count(GateVerdict::regressed) == 1);
  CHECK(result.exit_code() == 1);
}

TEST_CASE("gate: a verdict on a row whose samples split says so, and stays the verdict") {
  // Just past the two-state spread on the current side: the note, REGRESSED all the same.
  MeasurementRecord split = timed("v", 439, 440, 441);
  split.noise_pct = kTwoStateSpreadPct + 0.1;
  GateRow row = judge(kBase, split);
  CHECK(row.verdict == GateVerdict::regressed);
  CHECK(contains(row.why, "; samples in two states in the current report (IQR 25% of the median): re-run to confirm"));
  // Exactly at it, and without the column: no note.
  split.noise_pct = kTwoStateSpreadPct;
  CHECK(!contains(judge(kBase, split).why, "two states"));
  split.noise_pct.reset();
  CHECK(!contains(judge(kBase, split).why, "two states"));
  // The quartiles stand in for the column: (452 - 340) / 440 = 25.5%.
  split.p25_us = 340;
  split.p75_us = 452;
  CHECK(sample_spread_pct(split).value() == doctest::Approx(25.4545).epsilon(1e-4));
  CHECK(contains(judge(kBase, split).why, "(IQR 25% of the median)"));
  // Within the threshold no note, however the samples spread.
  MeasurementRecord same = timed("v", 399, 401, 403);
  same.noise_pct = 80;
  CHECK(judge(kBase, same).verdict == GateVerdict::same);
  CHECK(!contains(judge(kBase, same).why, "two states"));
  // The baseline's side, and repeats: how many split, and the widest (not the last).
  MeasurementRecord base = kBase;
  base.noise_pct = 40;
  MeasurementRecord quiet = timed("v", 439, 440, 441);
  quiet.noise_pct = 2;
  MeasurementRecord loud = quiet;
  loud.noise_pct = 81;
  MeasurementRecord louder = quiet;
  louder.noise_pct = 120;
  row = judge_row(base, {&quiet, &louder, &loud}, GateRule{});
  CHECK(contains(row.why, "samples in two states in the baseline (IQR 40% of the median) and 2 of 3 current reports "
                          "(IQR up to 120% of the median)"));
  // A host-timed row spreads anyway: no note on thrust.
  MeasurementRecord thrust_base = timed("thrust", 399, 400, 401);
  thrust_base.kind = "baseline";
  MeasurementRecord thrust_cur = timed("thrust", 439, 440, 441);
  thrust_cur.kind = "baseline";
  thrust_cur.noise_pct = 29;
  CHECK(!contains(judge(thrust_base, thrust_cur).why, "two states"));
}
