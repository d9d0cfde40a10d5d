// The noise floor measured from repeat sweeps (core/gate/gate_noise.hpp): the
// arithmetic on synthetic rows, then a hold-out on real H200 sweeps. The
// calibration comes from one pair of back-to-back default sweeps
// (tests/fixtures/reports/h200-2026-11-30-default-cold{,-top}.csv.gz); it is
// tested on other pairs it never saw (tests/fixtures/gate-noise, two earlier
// back-to-back sweeps of 2026-11-30) and on a planted slowdown in the committed baseline.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "core/gate/gate.hpp"
#include "core/gate/gate_noise.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

MeasurementRecord model_row(const std::string& variant, double median, std::int64_t n = 4096) {
  MeasurementRecord r = test::timed_row(variant, median, median, median, n);
  r.env.gpu = "NVIDIA H200";
  return r;
}

GateReport model_report(const std::string& stamp, std::vector<MeasurementRecord> rows) {
  GateReport r;
  r.path = stamp + ".csv";
  r.gpu = "NVIDIA H200";
  for (auto& x : rows) x.env.timestamp = stamp;
  r.rows = std::move(rows);
  return r;
}

const std::string kRoot = std::string(DOTSWEEP_SOURCE_ROOT);

std::vector<std::string> regressed(const GateResult& result) {
  std::vector<std::string> out;
  for (const auto& r : result.rows)
    if (r.verdict == GateVerdict::regressed)
      out.push_back(r.baseline.variant + " " + std::to_string(r.baseline.n) + " " + r.baseline.mode);
  return out;
}

}  // namespace

TEST_CASE("noise: kind classes from the kind and the finish (column or id)") {
  CHECK(kind_class_of(model_row("cublas", 1)) == KindClass::library);
  CHECK(kind_class_of(model_row("f32.b256.i4.v4.cover.warp.shfl.2pass.plain.f32", 1)) == KindClass::two_kernel);
  CHECK(kind_class_of(model_row("f32.b256.i4.v4.cover.warp.shfl.atomic.plain.f32", 1)) == KindClass::one_kernel);
  MeasurementRecord by_column = model_row("x", 1);
  by_column.finish = "two_pass";
  CHECK(kind_class_of(by_column) == KindClass::two_kernel);
}

TEST_CASE("noise: spreads per row and per class; a row's floor") {
  // Ten one-kernel rows moving 0%..9% (ln of the ratio), a two-kernel row
  // moving 20%, cuBLAS 10%; a row incorrect in one repeat is left out.
  std::vector<MeasurementRecord> a, b;
  for (int i = 0; i < 10; ++i) {
    const std::string id = "f32.b" + std::to_string(i) + ".i1.v4.cover.warp.shfl.atomic.plain.f32";
    a.push_back(model_row(id, 10));
    b.push_back(model_row(id, 10 * std::exp(0.01 * i)));
  }
  a.push_back(model_row("f32.b1.i1.v4.cover.warp.shfl.2pass.plain.f32", 10));
  b.push_back(model_row("f32.b1.i1.v4.cover.warp.shfl.2pass.plain.f32", 10 * std::exp(0.2)));
  a.push_back(model_row("cublas", 10));
  b.push_back(model_row("cublas", 10 * std::exp(0.1)));
  a.push_back(model_row("wrong", 10));
  b.push_back(model_row("wrong", 50));
  b.back().correct = false;
  const NoiseCalibration cal = calibrate_noise({model_report("t1", a), model_report("t2", b)});
  CHECK(cal.row_spread.size() == 12);
  CHECK(cal.row_spread.count({"wrong", "f32", 4096, "cold"}) == 0);
  const ClassSpread one = cal.class_spread.at({4096, "cold", KindClass::one_kernel});
  CHECK(one.rows == 10);
  CHECK(one.q90 == doctest::Approx(0.08));  // nearest rank: the 9th of 10
  CHECK(one.max == doctest::Approx(0.09));
  CHECK(cal.class_spread.at({4096, "cold", KindClass::two_kernel}).max == doctest::Approx(0.2));
  CHECK(cal.class_spread.at({4096, "cold", KindClass::one_kernel}).rows == 10);

  // A one-kernel row: its own spread, but never under the class's 90th percentile.
  const auto quiet = floor_spread(cal, a[0]);  // moved 0
  REQUIRE(quiet);
  CHECK(quiet->from_row);
  CHECK(quiet->spread == doctest::Approx(0.08));
  const auto loud = floor_spread(cal, a[9]);  // moved 0.09
  CHECK(loud->spread == doctest::Approx(0.09));
  // Two-kernel rows: the class's largest move, however little the row moved.
  {
    std::vector<MeasurementRecord> x, y;
    for (int i = 0; i < 10; ++i) {
      const std::string id = "f32.b" + std::to_string(i) + ".i1.v4.cover.warp.shfl.2pass.plain.f32";
      x.push_back(model_row(id, 10));
      y.push_back(model_row(id, i == 3 ? 10 * std::exp(0.2) : 10));
    }
    const NoiseCalibration two = calibrate_noise({model_report("t1", x), model_report("t2", y)});
    const auto quiet_two = floor_spread(two, x[0]);
    REQUIRE(quiet_two);
    CHECK_FALSE(quiet_two->from_row);
    CHECK(quiet_two->spread == doctest::Approx(0.2));
  }
  // Classes of fewer than kMinClassRows rows say nothing (one library row here).
  CHECK_FALSE(floor_spread(cal, a[11]).has_value());
  CHECK_FALSE(floor_spread(cal, a[10]).has_value());
  // A one-kernel row the calibration lacks: its class's largest move.
  const auto unseen = floor_spread(cal, model_row("f32.b99.i1.v4.cover.warp.shfl.atomic.plain.f32", 10));
  CHECK_FALSE(unseen->from_row);
  CHECK(unseen->spread == doctest::Approx(0.09));
  // A class it lacks: no measured floor (the gate uses the default).
  CHECK_FALSE(floor_spread(cal, model_row("cublas", 10, 1 << 20)).has_value());
  CHECK(calibrated_floor_us(10, 0.05) == doctest::Approx(10 * (std::exp(0.1) - 1)));
}

TEST_CASE("noise: a row only some repeats timed gets no spread of its own") {
  // Three repeats of ten one-kernel rows; row 0 is missing from the third
  // (a sweep cut short), so its two timings are not its spread: it takes
  // its class's largest move, like a row the calibration lacks.
  std::vector<MeasurementRecord> a, b, c;
  for (int i = 0; i < 10; ++i) {
    const std::string id = "f32.b" + std::to_string(i) + ".i1.v4.cover.warp.shfl.atomic.plain.f32";
    a.push_back(model_row(id, 10));
    b.push_back(model_row(id, 10 * std::exp(0.01 * i)));
    if (i > 0) c.push_back(model_row(id, 10));
  }
  c.push_back(model_row("f32.b10.i1.v4.cover.warp.shfl.atomic.plain.f32", 10));
  a.push_back(model_row("f32.b10.i1.v4.cover.warp.shfl.atomic.plain.f32", 10));
  b.push_back(model_row("f32.b10.i1.v4.cover.warp.shfl.atomic.plain.f32", 10));
  const NoiseCalibration cal = calibrate_noise({model_report("t1", a), model_report("t2", b), model_report("t3", c)});
  CHECK(cal.row_spread.count({a[0].variant, "f32", 4096, "cold"}) == 0);
  CHECK(cal.row_spread.size() == 10);
  const auto partial = floor_spread(cal, a[0]);
  REQUIRE(partial);
  CHECK_FALSE(partial->from_row);
  CHECK(partial->spread == doctest::Approx(0.09));
}

TEST_CASE("noise: a repeat that did not sweep a group says nothing about its rows") {
  // Two cold repeats of ten one-kernel rows and a third that swept only their
  // hot rows (a cold and a hot run kept apart, or a run at fewer sizes): the
  // cold rows are calibrated from the two that swept them; the hot rows, swept
  // once, have no spread at all.
  std::vector<MeasurementRecord> a, b, c;
  for (int i = 0; i < 10; ++i) {
    const std::string id = "f32.b" + std::to_string(i) + ".i1.v4.cover.warp.shfl.atomic.plain.f32";
    a.push_back(model_row(id, 10));
    b.push_back(model_row(id, 10 * std::exp(0.01 * i)));
    c.push_back(model_row(id, 2));
    c.back().mode = "hot";
  }
  const NoiseCalibration cal = calibrate_noise({model_report("t1", a), model_report("t2", b), model_report("t3", c)});
  CHECK(cal.row_spread.size() == 10);
  CHECK(cal.row_spread.at({a[9].variant, "f32", 4096, "cold"}) == doctest::Approx(0.09));
  CHECK(cal.row_spread.count({a[9].variant, "f32", 4096, "hot"}) == 0);
  CHECK(cal.class_spread.count({4096, "hot", KindClass::one_kernel}) == 0);
  CHECK_FALSE(floor_spread(cal, c[0]));
}

TEST_CASE("noise: fewer than two repeats, two GPUs, or one report twice are refused") {
  const GateReport one = model_report("t1", {model_row("a", 1)});
  CHECK(contains(input_error_of([&] { calibrate_noise({one}); }), "two or more"));
  CHECK(contains(input_error_of([&] { calibrate_noise({one, one}); }), "same report"));
  GateReport other = model_report("t2", {model_row("a", 1)});
  other.gpu = "NVIDIA H100";
  CHECK(contains(input_error_of([&] { calibrate_noise({one, other}); }), "one GPU"));
}

TEST_CASE("noise: the gate uses the measured floor and says so; the default where the class is missing") {
  // Ten one-kernel rows at 2^12, each 0.5% apart between the two repeats.
  std::vector<MeasurementRecord> ra, rb;
  for (int i = 0; i < 10; ++i) {
    const std::string id = i ? "v.b" + std::to_string(i) + ".i.v.g.l.r.atomic.h.a" : "v.b.i.v.g.l.r.atomic.h.a";
    ra.push_back(model_row(id, 10));
    rb.push_back(model_row(id, 10.05));
  }
  const GateReport a = model_report("t1", ra), b = model_report("t2", rb);
  GateRule rule;
  rule.noise = std::make_shared<const NoiseCalibration>(calibrate_noise({a, b}));
  // 10 -> 11 us (+10%): default floor 2.3 us says INCONCLUSIVE; the row's
  // own spread ln(1.005) gives 10 x (1.005^2 - 1) = 0.10 us: REGRESSED.
  const MeasurementRecord slow = model_row("v.b.i.v.g.l.r.atomic.h.a", 11);
  CHECK(judge_row(a.rows[0], {&slow}, GateRule{}).verdict == GateVerdict::inconclusive);
  const GateRow measured = judge_row(a.rows[0], {&slow}, rule);
  CHECK(measured.verdict == GateVerdict::regressed);
  CHECK(measured.floor_us == doctest::Approx(10 * (1.005 * 1.005 - 1)));
  CHECK(contains(measured.why, "calibrated, its own spread"));
  // A row at a size the repeats did not sweep falls back to the default floor.
  const MeasurementRecord other_size = model_row("cublas", 11, 1 << 22);
  const MeasurementRecord other_base = model_row("cublas", 10, 1 << 22);
  const GateRow fallback = judge_row(other_base, {&other_size}, rule);
  CHECK(fallback.floor_us == doctest::Approx(2.3));
  CHECK(fallback.floor_source == "default, too few calibrated rows of its class");
}

TEST_CASE("noise, hold-out on real H200 sweeps: calibrated on one pair, no REGRESSED on others; a planted 10% is") {
  const GateReport off = read_gate_report(kRoot + "/tests/fixtures/reports/h200-2026-11-30-default-cold.csv.gz");
  const GateReport top = read_gate_report(kRoot + "/tests/fixtures/reports/h200-2026-11-30-default-cold-top.csv.gz");
  GateRule rule;
  rule.noise = std::make_shared<const NoiseCalibration>(calibrate_noise({off, top}));
  const GateScope all{false, false, true};
  const std::string dir = kRoot + "/tests/fixtures/gate-noise/";
  for (const auto& [x, y] : {std::pair{"h200-cold-run1.csv.gz", "h200-cold-run2.csv.gz"},
                             std::pair{"h200-hot-run1.csv.gz", "h200-hot-run2.csv.gz"}}) {
    const GateReport r1 = read_gate_report(dir + x), r2 = read_gate_report(dir + y);
    for (const auto& [base, cur] : {std::pair{&r1, &r2}, std::pair{&r2, &r1}}) {
      CAPTURE(base->path);
      const GateResult result = run_gate(*base, {*cur}, rule, all, false);
      CHECK(regressed(result).empty());
      // The measured floor, not the default, judged most timed cold rows (the
      // calibration holds no hot rows, and no row at 2^28).
      std::size_t cold = 0, calibrated = 0;
      for (const auto& r : result.rows)
        if (r.base && r.baseline.mode == "cold") {
          ++cold;
          calibrated += r.floor_source.rfind("calibrated", 0) == 0;
        }
      CHECK(calibrated > cold * 3 / 4);
    }
  }
  // The planted slowdown: the fastest f16 row at 2^24 cold in a copy of the
  // committed baseline, 10% slower. The default floor of a 0.2 report (0.5 us
  // + 3%, about 1.1 us there) does not hide it, nor does the row's own
  // measured spread (0.33% between the two sweeps); a 0.1 report's floor
  // (2 us + 3%) did.
  const GateReport baseline = read_gate_report(kRoot + "/results/baselines/h200.csv.gz");
  GateReport planted = baseline;
  MeasurementRecord* fastest = nullptr;
  for (auto& r : planted.rows)
    if (r.type == "f16" && r.n == 16777216 && r.mode == "cold" && r.correct && r.median_us &&
        (!fastest || *r.median_us < *fastest->median_us))
      fastest = &r;
  REQUIRE(fastest);
  for (auto* v : {&fastest->median_us, &fastest->ci_lo_us, &fastest->ci_hi_us, &fastest->p25_us, &fastest->p75_us,
                  &fastest->min_us})
    if (*v) **v *= 1.10;
  const std::vector<std::string> want{fastest->variant + " 16777216 cold"};
  CHECK(regressed(run_gate(baseline, {planted}, GateRule{}, all, false)) == want);
  GateRule version_01_floor;
  version_01_floor.min_gap_us = default_min_gap_us("0.1.0");
  CHECK(regressed(run_gate(baseline, {planted}, version_01_floor, all, false)).empty());
  const GateResult caught = run_gate(baseline, {planted}, rule, all, false);
  CHECK(regressed(caught) == want);
  CHECK(caught.exit_code() == 1);
  CHECK(regressed(run_gate(baseline, {planted}, rule, GateScope{}, false)) == want);
}
