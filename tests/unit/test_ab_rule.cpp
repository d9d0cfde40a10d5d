#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "core/gate/ab_rule.hpp"
#include "core/gate/gate_report.hpp"
#include "core/sampling/statistics.hpp"
#include "test_support.hpp"

using namespace dotsweep;

namespace {

// Reproducible on every standard library: the engine's outputs are fixed by
// the standard, the distributions' are not, so the variates are made here.
class Draws {
 public:
  explicit Draws(std::uint64_t seed) : engine_(seed) {}
  double uniform() { return (static_cast<double>(engine_() >> 11) + 0.5) * 0x1p-53; }  // (0, 1)
  // A timing-like sample: a floor plus a right-skewed tail, and now and then
  // a much slower one (a preempted sample).
  double sample_us(double floor_us) {
    const double tail = -std::log(uniform()) * 0.02 * floor_us;
    const double outlier = uniform() < 0.03 ? 0.5 * floor_us : 0.0;
    return floor_us + tail + outlier;
  }

 private:
  std::mt19937_64 engine_;
};

struct Pairs {
  std::vector<double> a, b;
};

// `pairs` pairs taken A then B; B's work is `factor` times A's, and the
// machine drifts: every sample at step i costs (1 + drift x i / pairs) more.
Pairs alternate(Draws& draws, std::size_t pairs, double factor, double drift = 0) {
  Pairs p;
  for (std::size_t i = 0; i < pairs; ++i) {
    const double state = 1.0 + drift * static_cast<double>(i) / static_cast<double>(pairs);
    p.a.push_back(draws.sample_us(5.0) * state);
    p.b.push_back(draws.sample_us(5.0) * factor * state);
  }
  return p;
}

RatioEstimate ratio(double lo, double median, double hi) { return {median, lo, hi, 100}; }

// A normal variate (Box-Muller), from the same reproducible draws.
double normal(Draws& draws) { return std::sqrt(-2 * std::log(draws.uniform())) * std::cos(6.283185307179586 * draws.uniform()); }

struct CopyPairs {
  std::vector<std::vector<double>> a, b;
};

// `copies` loaded copies a side, `pairs` pairs each; every copy's times are
// off by its own factor 1 + N(0, spread), fixed while it is loaded (where its
// code and scratch landed), and B's work is `factor` times A's.
CopyPairs alternate_copies(Draws& draws, std::size_t copies, std::size_t pairs, double factor, double spread) {
  CopyPairs p;
  for (std::size_t j = 0; j < copies; ++j) {
    const double offset_a = 1 + spread * normal(draws), offset_b = 1 + spread * normal(draws);
    Pairs copy = alternate(draws, pairs, factor);
    for (double& us : copy.a) us *= offset_a;
    for (double& us : copy.b) us *= offset_b;
    p.a.push_back(copy.a);
    p.b.push_back(copy.b);
  }
  return p;
}

}  // namespace

TEST_CASE("a known 5% slowdown gives an interval around 1.05 that excludes 1") {
  Draws draws(1);
  const Pairs p = alternate(draws, 200, 1.05);
  const RatioEstimate r = paired_ratio(p.a, p.b);
  CHECK(r.pairs == 200);
  CHECK(r.lo > 1.0);
  CHECK(r.lo <= 1.05);
  CHECK(r.hi >= 1.05);
  CHECK(r.median == doctest::Approx(1.05).epsilon(0.01));
  CHECK(r.hi - r.lo < 0.03);  // tight enough to tell 5% from the 3% threshold
  CHECK(ab_verdict(true, true, r, kDefaultAbThresholdPct) == GateVerdict::regressed);
}

TEST_CASE("identical work: the interval holds 1 in at least 95% of repeats, drift or not") {
  for (const double drift : {0.0, 0.3}) {
    CAPTURE(drift);
    for (const std::size_t pairs : {10, 30, 200}) {
      CAPTURE(pairs);
      Draws draws(1000 + pairs);
      const int repeats = 2000;
      int holds = 0;
      for (int k = 0; k < repeats; ++k) {
        const Pairs p = alternate(draws, pairs, 1.0, drift);
        const RatioEstimate r = paired_ratio(p.a, p.b);
        holds += r.lo <= 1.0 && 1.0 <= r.hi;
      }
      MESSAGE("drift ", drift, ", ", pairs, " pairs: 1 inside in ", holds, " of ", repeats);
      CHECK(holds >= repeats * 95 / 100);
    }
  }
}

TEST_CASE("the pairing cancels a drift that unpaired medians would carry") {
  // A machine that slows by 30% over the run, B 5% slower: each pair still
  // shows 1.05, while the medians of the two sides alone are each spread.
  Draws draws(7);
  const Pairs p = alternate(draws, 300, 1.05, 0.3);
  const RatioEstimate r = paired_ratio(p.a, p.b);
  CHECK(r.lo > 1.02);
  CHECK(r.hi < 1.08);
}

TEST_CASE("paired_ratio refuses unpaired input") {
  CHECK_THROWS_AS(paired_ratio({1.0, 2.0}, {1.0}), std::invalid_argument);
  CHECK_THROWS_AS(paired_ratio({}, {}), std::invalid_argument);
}

TEST_CASE("identical work in copies that each sit off by their own few percent: one copy a side is confidently "
          "wrong, eight copies a side hold 1 in at least 95% of repeats") {
  Draws draws(11);
  const int repeats = 2000;
  int one_copy_holds = 0, copies_hold = 0;
  for (int k = 0; k < repeats; ++k) {
    const CopyPairs one = alternate_copies(draws, 1, 160, 1.0, 0.02);
    const RatioEstimate r1 = copies_ratio(one.a, one.b);
    one_copy_holds += r1.lo <= 1.0 && 1.0 <= r1.hi;
    const CopyPairs eight = alternate_copies(draws, 8, 20, 1.0, 0.02);
    const RatioEstimate r8 = copies_ratio(eight.a, eight.b);
    copies_hold += r8.lo <= 1.0 && 1.0 <= r8.hi;
  }
  MESSAGE("1 inside: one copy a side in ", one_copy_holds, ", eight copies a side in ", copies_hold, " of ", repeats);
  CHECK(one_copy_holds < repeats / 2);
  CHECK(copies_hold >= repeats * 95 / 100);
}

TEST_CASE("eight copies of 1% spread: a 5% slowdown is REGRESSED against 2% in three repeats of four, identical work never") {
  const double threshold_pct = 2.0;
  Draws draws(12);
  const int repeats = 1000;
  int caught = 0, false_alarms = 0;
  for (int k = 0; k < repeats; ++k) {
    const CopyPairs slow = alternate_copies(draws, 8, 20, 1.05, 0.01);
    caught += ab_verdict(true, true, copies_ratio(slow.a, slow.b), threshold_pct) == GateVerdict::regressed;
    const CopyPairs same = alternate_copies(draws, 8, 20, 1.0, 0.01);
    false_alarms += ab_verdict(true, true, copies_ratio(same.a, same.b), threshold_pct) ==
                    GateVerdict::regressed;
  }
  MESSAGE("5% REGRESSED in ", caught, " of ", repeats, "; identical work in ", false_alarms);
  CHECK(caught >= repeats * 3 / 4);
  CHECK(false_alarms == 0);
}

TEST_CASE("copies_ratio: the median of the copies' medians, the interval their extremes at six to eight copies") {
  // Six copies whose pairs read exactly 0.97, 0.99, 1.00, 1.01, 1.02, 1.06.
  std::vector<std::vector<double>> a, b;
  for (const double r : {1.01, 0.97, 1.06, 1.00, 1.02, 0.99}) {
    a.push_back({4.0, 5.0, 6.0});
    b.push_back({4.0 * r, 5.0 * r, 6.0 * r});
  }
  const RatioEstimate r = copies_ratio(a, b);
  CHECK(r.copies == 6);
  CHECK(r.pairs == 18);
  CHECK(r.median == doctest::Approx(1.005));
  CHECK(r.lo == doctest::Approx(0.97));
  CHECK(r.hi == doctest::Approx(1.06));
  // A copy whose every pair was dropped (throttled) is left out.
  a.push_back({});
  b.push_back({});
  CHECK(copies_ratio(a, b).copies == 6);
  // One copy a side is the paired ratio of its pairs.
  const RatioEstimate one = copies_ratio({{4.0, 5.0, 6.0}}, {{4.4, 5.0, 6.6}});
  const RatioEstimate paired = paired_ratio({4.0, 5.0, 6.0}, {4.4, 5.0, 6.6});
  CHECK(one.copies == 1);
  CHECK(one.median == paired.median);
  CHECK(one.lo == paired.lo);
  CHECK(one.hi == paired.hi);
  CHECK(one.pairs == 3);
}

TEST_CASE("six copies a side are the fewest whose interval over copies reaches 95%") {
  CHECK_FALSE(median_ci_ranks(kMinAbCopies - 1).reaches_confidence);
  CHECK(median_ci_ranks(kMinAbCopies).reaches_confidence);
}

TEST_CASE("with copies a side the gap floor defaults to 0; a floor given is kept, and one copy keeps the default") {
  const AbThreshold given{3.0, 0.5}, by_default;
  CHECK(threshold_for_copies(by_default, false, 1).min_gap_us == kDefaultAbMinGapUs);
  CHECK(threshold_for_copies(by_default, false, 6).min_gap_us == 0);
  CHECK(threshold_for_copies(given, true, 6).min_gap_us == 0.5);
  CHECK(threshold_for_copies(given, true, 1).min_gap_us == 0.5);
  CHECK(threshold_for_copies(given, false, 8).pct == 3.0);
}

TEST_CASE("copies_ratio refuses sides of different copies, a copy's unpaired samples and no pairs at all") {
  CHECK_THROWS_AS(copies_ratio({{1.0}, {1.0}}, {{1.0}}), std::invalid_argument);
  CHECK_THROWS_AS(copies_ratio({{1.0, 2.0}, {1.0}}, {{1.0}, {1.0}}), std::invalid_argument);
  CHECK_THROWS_AS(copies_ratio({{}, {}}, {{}, {}}), std::invalid_argument);
}

TEST_CASE("the verdict follows where the interval lies against 1 + t and 1 / (1 + t)") {
  const double t = 2.0;  // bounds 1.02 and 1/1.02 = 0.98039
  CHECK(ab_verdict(true, true, ratio(1.021, 1.05, 1.08), t) == GateVerdict::regressed);
  CHECK(ab_verdict(true, true, ratio(1.019, 1.05, 1.08), t) == GateVerdict::inconclusive);
  CHECK(ab_verdict(true, true, ratio(0.985, 1.0, 1.019), t) == GateVerdict::same);
  CHECK(ab_verdict(true, true, ratio(0.975, 1.0, 1.019), t) == GateVerdict::inconclusive);
  CHECK(ab_verdict(true, true, ratio(0.90, 0.95, 0.98), t) == GateVerdict::improved);
  CHECK(ab_verdict(true, true, ratio(0.90, 0.95, 0.981), t) == GateVerdict::inconclusive);
  // IMPROVED is REGRESSED seen from the other side: A/B's interval above 1 + t.
  const RatioEstimate slower = ratio(1.03, 1.04, 1.05);
  const RatioEstimate faster = ratio(1 / slower.hi, 1 / slower.median, 1 / slower.lo);
  CHECK(ab_verdict(true, true, faster, t) == GateVerdict::improved);
  CHECK(ab_verdict(true, true, slower, 4.0) == GateVerdict::inconclusive);  // the threshold is used
  CHECK(ab_verdict(true, true, slower, 5.0) == GateVerdict::same);
  CHECK(ab_verdict(true, true, slower, 1.0) == GateVerdict::regressed);
}

TEST_CASE("an interval that touches 1 + t or 1 / (1 + t) is not beyond it") {
  const double t = 5.0;
  const double upper = 1.0 + t / 100.0, lower = 1.0 / upper;  // the rule's own arithmetic
  CHECK(ab_verdict(true, true, ratio(upper, 1.06, 1.07), t) == GateVerdict::inconclusive);
  CHECK(ab_verdict(true, true, ratio(0.90, 0.93, lower), t) == GateVerdict::inconclusive);
  // Touching from inside is still wholly within: SAME.
  CHECK(ab_verdict(true, true, ratio(lower, 1.0, upper), t) == GateVerdict::same);
}

TEST_CASE("the gap floor raises a fast row's threshold: 0.3 us of a 5 us row is 6%; at 100 us the 3% rules") {
  const AbThreshold t;  // 3% and 0.3 us
  CHECK(t.pct_for(5.0) == doctest::Approx(6.0));
  CHECK(t.pct_for(10.0) == doctest::Approx(3.0));
  CHECK(t.pct_for(15.0) == doctest::Approx(3.0));
  CHECK(t.pct_for(100.0) == doctest::Approx(3.0));
  CHECK(t.pct_for(0.0) == doctest::Approx(3.0));
  // The placement gap seen on the H200 (5.47 against 5.70 us, B/A 1.036
  // [1.033, 1.041]) is SAME under the floor (t = 5.5%); twice the floor is REGRESSED.
  const MeasurementRecord a = test::timed_row("f32.v1", 5.47, 5.47, 5.47, 1 << 12);
  const MeasurementRecord b = test::timed_row("f32.v1", 5.82, 5.82, 5.86, 1 << 12);
  CHECK(ab_row(a, b, RatioEstimate{1.036, 1.033, 1.041, 65}, t).verdict == GateVerdict::same);
  CHECK(ab_row(a, b, RatioEstimate{1.036, 1.033, 1.041, 65}, AbThreshold{2.0, 0.0}).verdict == GateVerdict::regressed);
  CHECK(ab_row(a, b, RatioEstimate{1.12, 1.11, 1.13, 65}, t).verdict == GateVerdict::regressed);
  // At 1 ms the percentage rules: 4% is REGRESSED whatever the floor; the
  // 2.9% two copies of one kernel read apart at 2^22 on an H100 (B/A 1.029
  // [1.024, 1.038] at 13.5 us) is not.
  const MeasurementRecord big = test::timed_row("f32.v1", 1000, 1000, 1000, 1 << 28);
  CHECK(ab_row(big, big, RatioEstimate{1.04, 1.035, 1.045, 30}, t).verdict == GateVerdict::regressed);
  const MeasurementRecord mid = test::timed_row("bf16.v1", 13.47, 13.47, 13.52, 1 << 22);
  CHECK(ab_row(mid, mid, RatioEstimate{1.029, 1.024, 1.038, 23}, t).verdict == GateVerdict::inconclusive);
  CHECK(ab_row(mid, mid, RatioEstimate{1.029, 1.024, 1.038, 23}, AbThreshold{2.0, 0.3}).verdict ==
        GateVerdict::regressed);
}

TEST_CASE("correctness comes before time") {
  CHECK(ab_verdict(true, false, std::nullopt, 2) == GateVerdict::broken);
  CHECK(ab_verdict(false, true, std::nullopt, 2) == GateVerdict::fixed);
  CHECK(ab_verdict(false, false, std::nullopt, 2) == GateVerdict::untimed);
  CHECK(ab_verdict(true, true, std::nullopt, 2) == GateVerdict::untimed);
}

TEST_CASE("ab rows go through the gate's views under the ab name and rule") {
  MeasurementRecord a = test::timed_row("f32.v1", 4.9, 5.0, 5.1, 1 << 20);
  MeasurementRecord b = test::timed_row("f32.v1", 5.2, 5.3, 5.4, 1 << 20);
  MeasurementRecord c = test::timed_row("cub", 4.0, 4.0, 4.0, 1 << 20);
  MeasurementRecord broken = c;
  broken.correct = false;
  broken.reason = "rel_err 1 above bound";
  std::vector<GateRow> rows;
  const AbThreshold t{2.0, 0.0};
  rows.push_back(ab_row(a, b, RatioEstimate{1.06, 1.05, 1.07, 150}, t));
  rows.push_back(ab_row(c, c, RatioEstimate{1.0, 0.995, 1.004, 150}, t));
  rows.push_back(ab_row(c, broken, std::nullopt, t));
  const GateResult result = ab_result(rows, t);
  CHECK(result.exit_code() == 1);
  CHECK(result.rows[0].verdict == GateVerdict::regressed);
  CHECK(result.rows[0].why == "B/A 1.060 [1.050, 1.070] over 150 pairs, threshold 2%");
  RatioEstimate over_copies{1.06, 1.05, 1.07, 160};
  over_copies.copies = 8;
  CHECK(ab_row(a, b, over_copies, t).why == "B/A 1.060 [1.050, 1.070] over 8 copies, 160 pairs, threshold 2%");
  CHECK(result.rows[1].verdict == GateVerdict::same);
  CHECK(result.rows[2].verdict == GateVerdict::broken);
  CHECK(result.rows[2].why == "B incorrect: rel_err 1 above bound");
  const std::string line = gate_verdict_line(result);
  CHECK(line ==
        "ab: FAIL, 1 REGRESSED: f32.v1 f32 n=2^20 cold +6.0%; 1 BROKEN: cub f32 n=2^20 cold; 1 SAME of 3 rows compared");
  const std::string junit = gate_junit(result);
  CHECK(test::contains(junit, "<testsuites name=\"dotsweep ab\" tests=\"3\" failures=\"2\""));
  CHECK(test::contains(junit, "classname=\"dotsweep.ab.f32.n1048576.cold\""));
  const std::string md = gate_markdown(result, GateReport{}, {GateReport{}});
  CHECK(md.rfind("## dotsweep ab: FAIL\n", 0) == 0);
  CHECK(test::contains(md, "t = the larger of 2% and 0 us of A's median; REGRESSED = the interval wholly above 1 + t"));
  CHECK_FALSE(test::contains(md, "docs/gate.md"));
  CHECK(test::contains(ab_result({}, AbThreshold{}, false, 8).rule_line,
                       "t = the larger of 3% and 0 us of A's median (baselines, one copy each: 0.3 us); REGRESSED"));
  CHECK(test::contains(ab_result({}, AbThreshold{}).rule_line, "t = the larger of 3% and 0.3 us of A's median; REG"));
  CHECK(test::contains(ab_result({}, t, false, 8).rule_line,
                       "A and B timed alternately from 8 loaded copies a side, B/A = the median of the copies' median "
                       "paired ratios with its 95% interval over the copies (baselines: of the paired ratios); t = "));
}
