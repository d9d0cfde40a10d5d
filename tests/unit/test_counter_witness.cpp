// The second witness of summary.md: gpu__time_duration against the event-timed
// median, and DRAM bytes read against the inputs, over a group's profiled,
// device-timed rows (thrust, timed by the host clock, and the floor left out).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/report/counter_witness.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/report_writer.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::timed_row;

namespace {

// An f32 row at 2^24 (inputs: 2 x 2^24 x 4 bytes) with its counters.
MeasurementRecord profiled(const std::string& variant, double median, double gpu_time, double read_ratio) {
  MeasurementRecord r = timed_row(variant, median - 0.1, median, median + 0.1, 1 << 24);
  r.gpu_time_us = gpu_time;
  r.dram_read_bytes = read_ratio * 2.0 * (1 << 24) * 4;
  r.cupti_status = "ok";
  return r;
}

std::vector<const MeasurementRecord*> witness_views(const std::vector<MeasurementRecord>& rows) {
  std::vector<const MeasurementRecord*> out;
  for (const auto& r : rows) out.push_back(&r);
  return out;
}

}  // namespace

TEST_CASE("witness: gaps, agreement within 3% and DRAM bytes over the device-timed profiled rows") {
  std::vector<MeasurementRecord> rows{
      profiled("a", 33.6, 38.1, 1.0001),  // +4.5 us, 11.8% of gpu_time: outside
      profiled("b", 33.8, 34.0, 1.0003),  // +0.2 us: within
      profiled("cub", 36.4, 41.6, 1.0004),
  };
  rows[2].kind = "baseline";
  MeasurementRecord thrust = profiled("thrust", 68.6, 42.7, 1.0004);  // host-timed: the host's clock
  thrust.kind = "baseline";
  rows.push_back(thrust);
  MeasurementRecord unprofiled = timed_row("c", 33.0, 33.1, 33.2, 1 << 24);  // not-top: no counters
  rows.push_back(unprofiled);
  MeasurementRecord broken = profiled("d", 10.0, 10.0, 1.0);
  broken.correct = false;
  rows.push_back(broken);

  const auto w = witness_of(witness_views(rows));
  REQUIRE(w.has_value());
  CHECK(w->rows == 3);
  CHECK(w->agree == 1);
  CHECK(w->median_gap_us == doctest::Approx(4.5));
  CHECK(w->min_gap_us == doctest::Approx(0.2));
  CHECK(w->max_gap_us == doctest::Approx(5.2));
  CHECK(*w->min_read_ratio == doctest::Approx(1.0001));
  CHECK(*w->max_read_ratio == doctest::Approx(1.0004));
  CHECK(witness_line(*w) ==
        "counters (3 rows): gpu_time - median +4.50 us (+0.20 .. +5.20), 1 of 3 within 3%; DRAM bytes read "
        "1.000-1.000 x the inputs\n");
}

TEST_CASE("witness: a group without profiled device-timed rows has none, and summary.md prints none") {
  std::vector<MeasurementRecord> rows{timed_row("a", 4.0, 4.1, 4.2, 4096)};
  MeasurementRecord thrust = profiled("thrust", 40.0, 8.0, 1.0);
  thrust.kind = "baseline";
  thrust.n = 4096;
  rows.push_back(thrust);
  CHECK_FALSE(witness_of(witness_views(rows)).has_value());
  rank_records(rows);
  CHECK_FALSE(contains(summary_markdown(rows, 5), "counters ("));
}

TEST_CASE("witness: summary.md prints the line under a profiled group") {
  std::vector<MeasurementRecord> rows{profiled("a", 120.3, 124.4, 1.00002), profiled("b", 125.0, 125.5, 1.0)};
  rank_records(rows);
  const std::string md = summary_markdown(rows, 5);
  CHECK(contains(md, "counters (2 rows): gpu_time - median +2.30 us (+0.50 .. +4.10), 1 of 2 within 3%"));
}

TEST_CASE("witness: the DRAM ratio only from 1 MiB of inputs, where a launch's own traffic no longer dominates") {
  std::vector<MeasurementRecord> rows{profiled("a", 4.0, 3.0, 1.0)};
  rows[0].n = 4096;  // 32 KiB of f32 inputs
  rows[0].dram_read_bytes = 1.5e5;
  const auto small = witness_of(witness_views(rows));
  REQUIRE(small.has_value());
  CHECK_FALSE(small->min_read_ratio.has_value());
  CHECK_FALSE(contains(witness_line(*small), "DRAM"));
  rows[0].n = 131072;  // exactly 1 MiB
  rows[0].dram_read_bytes = 1048576.0 * 1.25;
  CHECK(*witness_of(witness_views(rows))->max_read_ratio == doctest::Approx(1.25));
}

