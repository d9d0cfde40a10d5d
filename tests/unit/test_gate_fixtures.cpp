// The gate on real H200 rows (tests/fixtures/gate/README.md): back-to-back
// runs must not be called regressions, a planted 10% slowdown must be, alone,
// and a slower row that NVML saw capped must be reported as throttled.
#include <doctest/doctest.h>

#include "core/gate/gate.hpp"
#include "core/gate/gate_input.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {

GateReport fixture(const std::string& name) {
  return read_gate_report(std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/gate/" + name);
}

const GateScope kAll{false, false, true};
const GateScope kDefault{};

MeasurementRecord& find(GateReport& report, const std::string& variant, std::int64_t n) {
  for (auto& r : report.rows)
    if (r.variant == variant && r.n == n && r.mode == "cold") return r;
  FAIL("no row " << variant << " n=" << n);
  throw;
}

void slow_down(MeasurementRecord& r, double factor) {
  for (auto* v : {&r.median_us, &r.min_us, &r.p25_us, &r.p75_us, &r.ci_lo_us, &r.ci_hi_us}) **v *= factor;
}

std::vector<std::string> flagged(const GateResult& result, GateVerdict verdict) {
  std::vector<std::string> out;
  for (const auto& r : result.rows)
    if (r.verdict == verdict) out.push_back(r.baseline.variant + " " + std::to_string(r.baseline.n));
  return out;
}

const char* kBest28 = "f32.b1024.i2.v4.cover.warp.shfl.atomic.plain.f32";

}  // namespace

TEST_CASE("gate on real noise: two back-to-back H200 runs, either way round, have no REGRESSED row") {
  const GateReport run1 = fixture("h200-run1.csv"), run2 = fixture("h200-run2.csv");
  for (const auto& [base, cur] : {std::pair{&run1, &run2}, std::pair{&run2, &run1}}) {
    for (const GateScope& scope : {kDefault, kAll}) {
      const GateResult result = run_gate(*base, {*cur}, {}, scope, true);
      CAPTURE(base->path);
      CHECK(flagged(result, GateVerdict::regressed).empty());
      CHECK(result.count(GateVerdict::broken) == 0);
      CHECK(result.baseline_only.empty());
      CHECK(result.current_only.empty());
      CHECK(result.exit_code() == 0);
      // The noise is real: rows move over 5% between the runs.
      CHECK(result.count(GateVerdict::inconclusive) >= 5);
    }
  }
  // Without the noise floor the in-run intervals alone would fail the gate on
  // 11 of these rows, cuBLAS at 2^12 and 2^20 among them: the floor is what
  // keeps run-to-run shifts from being called regressions.
  GateRule no_floor;
  no_floor.min_gap_us = 0;
  no_floor.min_gap_pct = 0;
  const GateResult bare = run_gate(run1, {run2}, no_floor, kAll, false);
  CHECK(bare.count(GateVerdict::regressed) == 11);
  CHECK(bare.exit_code() == 1);
}

TEST_CASE("gate on real noise: the committed baseline's run against either run passes too") {
  const GateReport run1 = fixture("h200-run1.csv"), run2 = fixture("h200-run2.csv"),
                   committed = fixture("h200-committed.csv");
  for (const GateReport* cur : {&run1, &run2}) {
    CHECK(run_gate(committed, {*cur}, {}, kAll, true).exit_code() == 0);
    CHECK(run_gate(*cur, {committed}, {}, kAll, true).exit_code() == 0);
  }
  // And as repeats combined: run2 and the committed run against run1.
  const GateResult combined = run_gate(run1, {run2, committed}, {}, kAll, true);
  CHECK(combined.exit_code() == 0);
  CHECK(combined.current_reports == 2);
}

TEST_CASE("gate: a planted 10% slowdown of one large-n row is the only REGRESSED row") {
  const GateReport run1 = fixture("h200-run1.csv");
  const GateResult before = run_gate(run1, {fixture("h200-run2.csv")}, {}, kAll, false);
  for (const std::int64_t n : {std::int64_t{268435456}, std::int64_t{16777216}}) {
    CAPTURE(n);
    GateReport planted = fixture("h200-run2.csv");
    slow_down(find(planted, kBest28, n), 1.10);
    const GateResult after = run_gate(run1, {planted}, {}, kAll, false);
    CHECK(flagged(after, GateVerdict::regressed) == std::vector<std::string>{kBest28 + (" " + std::to_string(n))});
    CHECK(after.exit_code() == 1);
    // Nothing else changed verdict.
    REQUIRE(after.rows.size() == before.rows.size());
    for (std::size_t i = 0; i < after.rows.size(); ++i)
      if (after.rows[i].baseline.variant != kBest28 || after.rows[i].baseline.n != n)
        CHECK(after.rows[i].verdict == before.rows[i].verdict);
    // It is a tie-group row, so the default scope catches it too.
    CHECK(run_gate(run1, {planted}, {}, kDefault, false).count(GateVerdict::regressed) == 1);
  }
}

TEST_CASE("gate: a capped row slowed 10% is INCONCLUSIVE (throttled) with its clocks, not REGRESSED") {
  // In the committed run NVML saw sw_power_cap on this 2^28 row, its SM clock
  // at 1842 MHz against 1981 in run 1; it was 3% slower. Make it 10% slower.
  const GateReport run1 = fixture("h200-run1.csv");
  GateReport committed = fixture("h200-committed.csv");
  const std::string variant = "f32.b512.i4.v1.p2.seq.tree.atomic.plain.f32";
  const GateResult as_measured = run_gate(run1, {committed}, {}, kAll, false);
  slow_down(find(committed, variant, 268435456), 1.10 / 1.03);
  const GateResult result = run_gate(run1, {committed}, {}, kAll, false);
  CHECK(result.exit_code() == 0);
  CHECK(result.throttled() == 1);
  for (const auto& r : result.rows) {
    if (r.baseline.variant != variant || r.baseline.n != 268435456) continue;
    CHECK(r.verdict == GateVerdict::inconclusive);
    CHECK(r.ratio == doctest::Approx(1.10).epsilon(0.002));
    CHECK(contains(r.why, "SM clock 1842 vs 1981 MHz in the baseline (-7.0%)"));
    CHECK(contains(r.why, "capped (sw_power_cap)"));
  }
  // The same slowdown without the throttle would fail the gate.
  find(committed, variant, 268435456).sm_clock_mhz = 1980;
  find(committed, variant, 268435456).capped = false;
  CHECK(run_gate(run1, {committed}, {}, kAll, false).count(GateVerdict::regressed) == 1);
  CHECK(as_measured.count(GateVerdict::regressed) == 0);
}

// Two default sweeps back to back on one H200 (GPU-fb122afe, 2026-12-06),
// cut to 2^24 and 2^26 (tests/fixtures/gate-aa/README.md). Each draws, once
// per process, a state that moves a few last-block rows by 5-6% with tight
// intervals: the f16 row below in r2, an f32 row at 2^26 in r1.
namespace {

GateReport aa_fixture(const std::string& name) {
  return read_gate_report(std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/gate-aa/" + name);
}

const char* kStateRow = "f16.b512.i2.v4.cover.warp.shfl.last.plain.own";  // 23.52 -> 24.96 us at 2^24

// The row with every timing that the cut keeps multiplied by `factor`.
void scale_row(MeasurementRecord& r, double factor) {
  for (auto* v : {&r.median_us, &r.min_us, &r.p25_us, &r.p75_us, &r.ci_lo_us, &r.ci_hi_us})
    if (*v) **v *= factor;
}

}  // namespace

TEST_CASE("gate on two back-to-back H200 sweeps: no REGRESSED row in any scope, either way round") {
  GateReport r1 = aa_fixture("r1.csv.gz"), r2 = aa_fixture("r2.csv.gz");
  REQUIRE(r1.processes == std::optional<std::size_t>(1));  // the context.json beside each was read
  for (const auto& [base, cur] : {std::pair{&r1, &r2}, std::pair{&r2, &r1}})
    for (const GateScope& scope : {kAll, kDefault, GateScope{true, false, false}, GateScope{false, true, false}}) {
      CAPTURE(base->path);
      CAPTURE(scope_text(scope));
      const GateResult result = run_gate(*base, {*cur}, GateRule{}, scope, false);
      CHECK(result.rows.size() > 0);
      CHECK(flagged(result, GateVerdict::regressed).empty());
      CHECK(result.exit_code() == 0);
    }
  // The state row: its intervals lie further apart than 0.5 us + 3% (the
  // floor before a process's state was counted) and closer than 6%.
  const GateRow row = judge_row(find(r1, kStateRow, 16777216), {&find(r2, kStateRow, 16777216)}, GateRule{});
  CHECK(row.ratio == doctest::Approx(1.061).epsilon(0.001));
  CHECK(row.separation > default_noise_floor_us(GateRule{}, row.base->median, "0.2.1"));
  CHECK(row.floor_us == doctest::Approx(0.06 * row.base->median));
  CHECK(row.separation < row.floor_us);
  CHECK(row.verdict == GateVerdict::inconclusive);
}

TEST_CASE("gate on two back-to-back H200 sweeps: a slowdown planted in a copy is REGRESSED past the floor, not short of it") {
  GateReport r1 = aa_fixture("r1.csv.gz");
  const GateReport r2 = aa_fixture("r2.csv.gz");
  GateReport copy = r2;
  const MeasurementRecord& base = find(r1, kStateRow, 16777216);
  const double floor = gate_default_floor_us(GateRule{}, *base.median_us, base.env.dotsweep_version);
  // Scale r2's row so its interval lies 2% beyond the floor above r1's, then 2% short of it.
  MeasurementRecord& planted = find(copy, kStateRow, 16777216);
  const double lo = *planted.ci_lo_us;
  const std::vector<std::string> want{std::string(kStateRow) + " 16777216"};
  scale_row(planted, (*base.ci_hi_us + 1.02 * floor) / lo);
  CHECK(flagged(run_gate(r1, {copy}, GateRule{}, kAll, false), GateVerdict::regressed) == want);
  copy = r2;
  scale_row(find(copy, kStateRow, 16777216), (*base.ci_hi_us + 0.98 * floor) / lo);
  const GateResult short_of = run_gate(r1, {copy}, GateRule{}, kAll, false);
  CHECK(flagged(short_of, GateVerdict::regressed).empty());
  CHECK(short_of.exit_code() == 0);
  // The fastest f32 row at 2^26 (the other state row's size), 10% slower.
  copy = r2;
  const char* f32_row = "f32.b1024.i2.v4.cover.warp.shfl.atomic.plain.f32";
  scale_row(find(copy, f32_row, 67108864), 1.10);
  CHECK(flagged(run_gate(r1, {copy}, GateRule{}, kAll, false), GateVerdict::regressed) ==
        std::vector<std::string>{std::string(f32_row) + " 67108864"});
}
