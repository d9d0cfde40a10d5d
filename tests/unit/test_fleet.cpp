// `dotsweep fleet` (core/gate/fleet.hpp) on real rows: two default sweeps of
// one H200, back to back (tests/fixtures/gate/h200-run1.csv, -run2.csv: 43
// rows each, n = 2^12 to 2^28), stand for two healthy GPUs; a copy of one
// with every time 8% longer stands for a slow one.
#include <doctest/doctest.h>

#include <string>

#include "core/gate/fleet.hpp"
#include "core/gate/fleet_markdown.hpp"
#include "core/input_error.hpp"

using namespace dotsweep;

namespace {

const std::string kRuns = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/gate/";

GateReport run(int i) { return read_gate_report(kRuns + "h200-run" + std::to_string(i) + ".csv"); }

GateReport slowed(const GateReport& report, double factor, const std::string& path) {
  GateReport copy = report;
  copy.path = path;
  for (auto& r : copy.rows)
    for (std::optional<double>* t : {&r.median_us, &r.ci_lo_us, &r.ci_hi_us, &r.min_us, &r.p25_us, &r.p75_us})
      if (*t) **t *= factor;
  return copy;
}

}  // namespace

TEST_CASE("fleet: two sweeps of one GPU pass against each other both ways") {
  const FleetResult result = run_fleet({run(1), run(2)}, GateRule{}, GateScope{});
  CHECK(result.all_passed());
  CHECK(result.exit_code() == 0);
  CHECK(result.slower.empty());
  REQUIRE(result.pairs.size() == 2);
  CHECK(result.pair(0, 1).compared > 20);
  CHECK(result.pair(0, 1).median_ratio == doctest::Approx(1.0).epsilon(0.01));
  CHECK(fleet_markdown(result).find("fleet: PASS") != std::string::npos);
}

TEST_CASE("fleet: the one GPU 8% slower on every row fails against both others and is named") {
  const GateReport slow = slowed(run(2), 1.08, "slow.csv");
  const FleetResult result = run_fleet({run(1), slow, run(2)}, GateRule{}, GateScope{});
  CHECK_FALSE(result.all_passed());
  CHECK(result.exit_code() == 1);
  REQUIRE(result.slower.size() == 1);
  CHECK(result.slower.front() == 1);
  CHECK(result.pair(1, 0).regressed > 0);
  CHECK(result.pair(1, 2).regressed > 0);
  CHECK(result.pair(1, 2).median_ratio == doctest::Approx(1.08).epsilon(0.001));
  CHECK(result.pair(0, 1).passed);  // faster than the slow one: IMPROVED, never failing
  const std::string md = fleet_markdown(result);
  CHECK(md.find("slower: GPU 2 (`slow.csv`)") != std::string::npos);
  CHECK(md.find("fleet: FAIL") != std::string::npos);
}

TEST_CASE("fleet: with two GPUs the slower is named only when the other passes against it") {
  const GateReport slow = slowed(run(1), 1.08, "slow.csv");
  FleetResult result = run_fleet({run(1), slow}, GateRule{}, GateScope{});
  REQUIRE(result.slower.size() == 1);
  CHECK(result.slower.front() == 1);
  // Two GPUs each slower than the other somewhere (16% slower at 2^24, 16%
  // faster at 2^28): they differ, nobody is named.
  GateReport mixed = run(1);
  mixed.path = "mixed.csv";
  for (auto& r : mixed.rows) {
    const double factor = r.n == 16777216 ? 1.16 : r.n == 268435456 ? 1 / 1.16 : 1.0;
    for (std::optional<double>* t : {&r.median_us, &r.ci_lo_us, &r.ci_hi_us, &r.min_us, &r.p25_us, &r.p75_us})
      if (*t) **t *= factor;
  }
  result = run_fleet({run(1), mixed}, GateRule{}, GateScope{});
  CHECK_FALSE(result.all_passed());
  CHECK(result.slower.empty());
  CHECK(fleet_markdown(result).find("differ:") != std::string::npos);
}

TEST_CASE("fleet: one report, or the same report twice, is refused") {
  CHECK_THROWS_AS(run_fleet({run(1)}, GateRule{}, GateScope{}), InputError);
  GateReport copy = run(1);
  copy.path = "copy.csv";
  CHECK_THROWS_AS(run_fleet({run(1), copy}, GateRule{}, GateScope{}), InputError);
}

TEST_CASE("fleet: a GPU slower than all others is not named when the others disagree among themselves") {
  // 1.00, 1.08 and 1.16: the slowest fails against both others, but so does
  // the middle one against the fastest; no one GPU alone sits off.
  const GateReport middle = slowed(run(2), 1.08, "middle.csv");
  const GateReport slowest = slowed(run(1), 1.16, "slowest.csv");
  const FleetResult result = run_fleet({run(1), middle, slowest}, GateRule{}, GateScope{});
  CHECK_FALSE(result.pair(2, 0).passed);
  CHECK_FALSE(result.pair(2, 1).passed);
  CHECK_FALSE(result.pair(1, 0).passed);
  CHECK(result.slower.empty());
}
