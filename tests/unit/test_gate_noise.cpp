// The gate on two whole real sweeps (tests/fixtures/gate-noise/README.md):
// every row of two back-to-back default cold sweeps of one H200, not a cut.
// Back to back, no row may be REGRESSED, at the default row set and at all
// rows, either way round; a planted 10% slowdown of one large-n row must be
// REGRESSED and must be the only one. The same checks run on two hot sweeps
// once their files are committed (until then the hot case is skipped).
#include <doctest/doctest.h>

#include <filesystem>

#include "core/gate/gate.hpp"
#include "core/gate/gate_input.hpp"

using namespace dotsweep;

namespace {

const std::string kDir = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/gate-noise/";
const char* kHot1 = "h200-hot-run1.csv.gz";
const char* kHot2 = "h200-hot-run2.csv.gz";

bool hot_fixtures_present() {
  return std::filesystem::exists(kDir + kHot1) && std::filesystem::exists(kDir + kHot2);
}

GateReport noise_fixture(const std::string& name) { return read_gate_report(kDir + name); }

const GateScope kNoiseAll{false, false, true};
const GateScope kNoiseDefault{};

std::vector<std::string> noise_regressed(const GateResult& result) {
  std::vector<std::string> out;
  for (const auto& r : result.rows)
    if (r.verdict == GateVerdict::regressed)
      out.push_back(r.baseline.variant + " " + std::to_string(r.baseline.n) + " " + r.baseline.mode);
  return out;
}

// The fastest correct row of (n, mode): the row a user would ship, and one
// in the default row set (its tie group).
MeasurementRecord& fastest(GateReport& report, std::int64_t n, const std::string& mode) {
  MeasurementRecord* best = nullptr;
  for (auto& r : report.rows)
    if (r.n == n && r.mode == mode && r.correct && r.median_us && (!best || *r.median_us < *best->median_us))
      best = &r;
  REQUIRE_MESSAGE(best != nullptr, "no correct row at n=" << n << " " << mode);
  return *best;
}

MeasurementRecord& noise_row_of(GateReport& report, const std::string& variant, std::int64_t n, const std::string& mode) {
  for (auto& r : report.rows)
    if (r.variant == variant && r.n == n && r.mode == mode) return r;
  FAIL("no row " << variant << " n=" << n << " " << mode);
  throw;
}

void noise_slow_down(MeasurementRecord& r, double factor) {
  for (auto* v : {&r.median_us, &r.ci_lo_us, &r.ci_hi_us})
    if (*v) **v *= factor;
}

// No REGRESSED or BROKEN row, either way round, at both row sets; nothing
// one-sided (the runs swept the same space and sizes).
void check_back_to_back(const std::string& file1, const std::string& file2) {
  const GateReport run1 = noise_fixture(file1), run2 = noise_fixture(file2);
  check_comparable(run1, {run2}, false);
  for (const auto& [base, cur] : {std::pair{&run1, &run2}, std::pair{&run2, &run1}}) {
    for (const GateScope& scope : {kNoiseDefault, kNoiseAll}) {
      CAPTURE(base->path);
      CAPTURE(scope_text(scope));
      const GateResult result = run_gate(*base, {*cur}, {}, scope, true);
      CHECK(noise_regressed(result).empty());
      CHECK(result.count(GateVerdict::broken) == 0);
      CHECK(result.baseline_only.empty());
      CHECK(result.current_only.empty());
      CHECK(result.exit_code() == 0);
      MESSAGE(file1 << (base == &run1 ? " -> " : " <- ") << file2 << " " << scope_text(scope) << ": "
                    << result.count(GateVerdict::same) << " SAME, " << result.count(GateVerdict::inconclusive)
                    << " INCONCLUSIVE, " << result.count(GateVerdict::improved) << " IMPROVED, "
                    << result.count(GateVerdict::untimed) << " UNTIMED");
    }
  }
}

// A 10% slowdown planted into one row of a copy of run 2 is the only
// REGRESSED row, and no other row changes verdict.
void check_planted(const std::string& file1, const std::string& file2, const std::string& mode,
                   const std::vector<std::int64_t>& sizes) {
  const GateReport run1 = noise_fixture(file1);
  const GateReport run2 = noise_fixture(file2);
  const GateResult before = run_gate(run1, {run2}, {}, kNoiseAll, false);
  for (const std::int64_t n : sizes) {
    GateReport planted_fastest = run2;
    const std::string fastest_variant = fastest(planted_fastest, n, mode).variant;
    for (const std::string& variant : {fastest_variant, std::string("cublas")}) {
      CAPTURE(n);
      CAPTURE(variant);
      GateReport planted = run2;
      noise_slow_down(noise_row_of(planted, variant, n, mode), 1.10);
      const std::vector<std::string> want{variant + " " + std::to_string(n) + " " + mode};
      const GateResult after = run_gate(run1, {planted}, {}, kNoiseAll, false);
      CHECK(noise_regressed(after) == want);
      CHECK(after.exit_code() == 1);
      REQUIRE(after.rows.size() == before.rows.size());
      for (std::size_t i = 0; i < after.rows.size(); ++i) {
        const MeasurementRecord& b = after.rows[i].baseline;
        if (b.variant != variant || b.n != n || b.mode != mode) CHECK(after.rows[i].verdict == before.rows[i].verdict);
      }
      // The fastest row (its tie group) and cuBLAS (a baseline) are in the default row set too.
      CHECK(noise_regressed(run_gate(run1, {planted}, {}, kNoiseDefault, false)) == want);
    }
  }
}

}  // namespace

TEST_CASE("gate on two whole back-to-back default cold H200 sweeps: no REGRESSED row") {
  check_back_to_back("h200-cold-run1.csv.gz", "h200-cold-run2.csv.gz");
  // The counts results/2026-11-30-default-space/README.md reports for run 1 -> run 2 (2772 rows each).
  const GateReport run1 = noise_fixture("h200-cold-run1.csv.gz"), run2 = noise_fixture("h200-cold-run2.csv.gz");
  CHECK(run1.rows.size() == 2772);
  const GateResult all = run_gate(run1, {run2}, {}, kNoiseAll, true);
  CHECK(all.count(GateVerdict::same) == 2233);
  CHECK(all.count(GateVerdict::inconclusive) == 528);
  CHECK(all.count(GateVerdict::untimed) == 11);
  const GateResult by_default = run_gate(run1, {run2}, {}, kNoiseDefault, true);
  CHECK(by_default.count(GateVerdict::same) == 218);  // the tie groups of tie_group.hpp
  CHECK(by_default.count(GateVerdict::inconclusive) == 9);
  // Real noise: without the noise floor the in-run intervals alone would
  // call many of these rows regressions.
  GateRule no_floor;
  no_floor.min_gap_us = 0;
  no_floor.min_gap_pct = 0;
  CHECK(run_gate(run1, {run2}, no_floor, kNoiseAll, false).count(GateVerdict::regressed) > 0);
}

TEST_CASE("gate on two whole cold sweeps: a planted 10% slowdown of one large-n row is the only REGRESSED row") {
  check_planted("h200-cold-run1.csv.gz", "h200-cold-run2.csv.gz", "cold", {268435456, 67108864});
}

// Enabled by committing two back-to-back hot sweeps (README.md says how).
TEST_CASE("gate on two whole back-to-back hot H200 sweeps: no REGRESSED row; a planted slowdown is found" *
          doctest::skip(!hot_fixtures_present())) {
  check_back_to_back(kHot1, kHot2);
  check_planted(kHot1, kHot2, "hot", {268435456, 67108864});
}

TEST_CASE("gate noise: the two committed back-to-back default-space sweeps of 2026-11-30 pass at the default row set") {
  // tests/fixtures/reports/h200-2026-11-30-default-cold{,-top}.csv.gz: the
  // default space with counters off, then with --counters top, back to back
  // on one H200. thrust (timed by the host clock) moved by up to +26% between
  // them, past the floor in 11 rows: INCONCLUSIVE, never REGRESSED
  // (docs/gate.md; the figures: results/2026-11-30-default-space/README.md).
  const std::string dir = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/reports/";
  const GateReport off = read_gate_report(dir + "h200-2026-11-30-default-cold.csv.gz");
  const GateReport top = read_gate_report(dir + "h200-2026-11-30-default-cold-top.csv.gz");
  for (const auto& [base, cur] : {std::pair{&off, &top}, std::pair{&top, &off}}) {
    const GateResult result = run_gate(*base, {*cur}, {}, kNoiseDefault, false);
    CHECK(noise_regressed(result).empty());
    CHECK(result.passed());
    std::size_t host_timed = 0;
    for (const auto& r : result.rows) host_timed += r.host_timed;
    CHECK(host_timed >= (base == &off ? 11u : 0u));  // without the rule these would fail the gate
  }
}
