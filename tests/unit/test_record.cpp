#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "core/io/csv.hpp"
#include "core/check/error_bound.hpp"
#include "core/rows/record.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

// Every field set to something other than its default, with text that needs quoting.
MeasurementRecord full_record() {
  MeasurementRecord r;
  r.rank = 3;
  r.tied_best = false;
  r.variant = "f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32";
  r.kind = "candidate";
  r.type = "f32";
  r.grid = "persistent:2";
  r.layout = "warp_partials";
  r.reduce = "shuffle";
  r.finish = "atomic";
  r.hint = "plain";
  r.acc = "f32";
  r.block = 256;
  r.items = 4;
  r.vec = 4;
  r.n = 268435456;
  r.mode = "cold";
  r.grid_blocks = 264;
  r.samples = 37;
  r.launches = 4096;
  r.dropped_samples = 2;
  r.median_us = 473.25;
  r.min_us = 0.1;
  r.p25_us = 1.0 / 3.0;
  r.p75_us = 0.5;
  r.noise_pct = 0.0;
  r.ci_lo_us = 472.5;
  r.ci_hi_us = 474.125;
  r.gbps = 4537.123456789;
  r.pct_peak = 94.6;
  r.speedup_vs_cublas = 1.02;
  r.speedup_vs_cub = -0.5;
  r.rel_err = 5.9604644775390625e-08;
  r.err_bound = 2.7e-6;
  r.correct = true;
  r.deterministic = false;
  r.reason = "note, with \"quotes\"\nand a newline";
  r.gpu_time_us = 470.0;
  r.dram_read_bytes = 2147483648.0;
  r.dram_write_bytes = 1024;
  r.dram_pct_peak = 93.1;
  r.warps_active_pct = 80.5;
  r.smem_conflicts_ld = 0;
  r.smem_conflicts_st = 12;
  r.inst_executed = 123456789;
  r.l2_hit_pct = 1.5;
  r.kernels = 2;
  r.dram_read_per_element = 8.03125;
  r.counter_gbps = 4512.5;
  r.extra_counters = "sm__cycles_elapsed.max=1234;x=0.5";
  r.cupti_status = "ok";
  r.sm_clock_mhz = 1980;
  r.nvml_sm_clock_before_mhz = 1980;
  r.nvml_sm_clock_after_mhz = 1755;
  r.clock_events = "sw_power_cap+hw_slowdown";
  r.capped = true;
  r.env.gpu = "NVIDIA H200, SXM";
  r.env.cc = "9.0";
  r.env.sms = 132;
  r.env.peak_gbps = 4800.0;
  r.env.measured_peak_gbps = 4400.5;
  r.env.driver = "13.0";
  r.env.cuda = "12.8";
  r.env.timestamp = "2025-01-02T03:04:05Z";
  r.env.dotsweep_version = "0.1.0";
  r.env.seed = 18446744073709551615ull;
  r.env.device = 3;
  r.env.gpu_uuid = "GPU-0a1b2c3d-0000-1111-2222-333344445555";
  return r;
}

std::string record_error_of(const std::vector<std::string>& header, const std::vector<std::string>& fields) {
  return input_error_of([&] { from_fields(header, fields, "o"); });
}

// The columns of a sweep.csv written before the interval, tie and NVML columns.
const std::vector<std::string> kOlderColumns = {
    "rank", "variant", "kind", "type", "block", "items", "vec", "grid", "layout", "reduce",
    "finish", "hint", "acc", "n", "mode", "grid_blocks", "samples", "dropped_samples",
    "median_us", "min_us", "p25_us", "p75_us", "noise_pct", "gbps", "pct_peak",
    "speedup_vs_cublas", "speedup_vs_cub", "rel_err", "err_bound", "correct", "deterministic",
    "reason", "gpu_time_us", "dram_read_bytes", "dram_write_bytes", "dram_pct_peak",
    "warps_active_pct", "smem_conflicts_ld", "smem_conflicts_st", "inst_executed",
    "l2_hit_pct", "cupti_status", "sm_clock_mhz", "gpu", "cc", "sms", "peak_gbps",
    "measured_peak_gbps", "driver", "cuda", "timestamp", "dotsweep_version", "seed"};

// The value under column `name` of a to_fields row.
std::string field(const std::vector<std::string>& fields, const std::string& name) {
  for (std::size_t i = 0; i < record_columns().size(); ++i)
    if (record_columns()[i] == name) return fields.at(i);
  FAIL("no column " << name);
  return std::string();
}

}  // namespace

TEST_CASE("record columns, in order") {
  const std::vector<std::string> expected = {
      "rank", "tied_best", "variant", "kind", "type", "block", "items", "vec", "grid", "layout",
      "reduce", "finish", "hint", "acc", "n", "mode", "grid_blocks", "samples", "launches",
      "dropped_samples", "median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us",
      "noise_pct", "gbps", "pct_peak", "speedup_vs_cublas", "speedup_vs_cub", "rel_err",
      "err_bound", "correct", "deterministic", "reason", "gpu_time_us", "dram_read_bytes",
      "dram_write_bytes", "dram_pct_peak", "warps_active_pct", "smem_conflicts_ld",
      "smem_conflicts_st", "inst_executed", "l2_hit_pct", "kernels", "dram_read_per_element",
      "counter_gbps", "extra_counters", "cupti_status", "sm_clock_mhz", "nvml_sm_clock_before_mhz", "nvml_sm_clock_after_mhz", "clock_events", "capped", "gpu",
      "cc", "sms", "peak_gbps", "measured_peak_gbps", "driver", "cuda", "timestamp",
      "dotsweep_version", "seed", "device", "gpu_uuid"};
  CHECK(record_columns() == expected);
  CHECK(to_fields(MeasurementRecord{}).size() == expected.size());
}

TEST_CASE("field formatting") {
  const auto fields = to_fields(full_record());
  const auto at = [&](const char* name) { return field(fields, name); };
  CHECK(at("min_us") == "0.1");  // shortest round trip, not 0.10000000000000001
  CHECK(at("median_us") == "473.25");
  CHECK(at("p75_us") == "0.5");
  CHECK(at("correct") == "1");
  CHECK(at("deterministic") == "0");
  CHECK(at("n") == "268435456");
  CHECK(at("seed") == "18446744073709551615");
  CHECK(at("tied_best") == "0");
  CHECK(at("launches") == "4096");
  CHECK(at("ci_lo_us") == "472.5");
  CHECK(at("ci_hi_us") == "474.125");
  CHECK(at("nvml_sm_clock_after_mhz") == "1755");
  CHECK(at("clock_events") == "sw_power_cap+hw_slowdown");
  CHECK(at("capped") == "1");

  const auto empty = to_fields(MeasurementRecord{});
  CHECK(field(empty, "rank") == "");
  CHECK(field(empty, "median_us") == "");
  CHECK(field(empty, "correct") == "0");  // defaults to false
  CHECK(field(empty, "tied_best") == "");
  CHECK(field(empty, "ci_lo_us") == "");
  CHECK(field(empty, "capped") == "");
  CHECK(field(empty, "clock_events") == "");
  CHECK(field(empty, "launches") == "0");
}

TEST_CASE("full record round trip through CSV text") {
  const auto original = to_fields(full_record());
  std::istringstream in(csv_line(record_columns()) + csv_line(original));
  const auto table = read_csv(in, "mem.csv");
  REQUIRE(table.rows.size() == 1);
  const auto back = from_fields(table.header, table.rows[0], "mem.csv");
  CHECK(to_fields(back) == original);
  CHECK(back.p25_us == 1.0 / 3.0);  // bit-exact, not approximately
  CHECK(back.reason == full_record().reason);
  CHECK(back.env.gpu == "NVIDIA H200, SXM");
  CHECK(back.env.device == 3);
  CHECK(back.env.gpu_uuid == "GPU-0a1b2c3d-0000-1111-2222-333344445555");
  CHECK(back.deterministic == std::optional<bool>(false));
  CHECK(back.tied_best == std::optional<bool>(false));
  CHECK(back.launches == 4096);
  CHECK(back.ci_lo_us == 472.5);
  CHECK(back.ci_hi_us == 474.125);
  CHECK(back.nvml_sm_clock_before_mhz == 1980.0);
  CHECK(back.nvml_sm_clock_after_mhz == 1755.0);
  CHECK(back.clock_events == "sw_power_cap+hw_slowdown");
  CHECK(back.capped == std::optional<bool>(true));

  // Empty optionals stay empty (the required columns hold what a row must).
  MeasurementRecord untimed;
  untimed.variant = "v";
  untimed.kind = kCandidateKind;
  untimed.type = "f32";
  untimed.n = 1;
  untimed.mode = "cold";
  const auto blank = from_fields(record_columns(), to_fields(untimed), "mem.csv");
  CHECK_FALSE(blank.median_us.has_value());
  CHECK_FALSE(blank.rank.has_value());
  CHECK_FALSE(blank.deterministic.has_value());
  CHECK_FALSE(blank.tied_best.has_value());
  CHECK_FALSE(blank.ci_lo_us.has_value());
  CHECK_FALSE(blank.nvml_sm_clock_before_mhz.has_value());
  CHECK_FALSE(blank.capped.has_value());
  CHECK_FALSE(blank.env.device.has_value());
}

TEST_CASE("an older sweep.csv without the new columns still reads") {
  // The full record written with only the older columns, as a report from
  // before tie groups and NVML would hold it.
  const auto all = to_fields(full_record());
  std::vector<std::string> older_fields;
  for (const auto& name : kOlderColumns) older_fields.push_back(field(all, name));
  const auto back = from_fields(kOlderColumns, older_fields, "old.csv");
  CHECK(back.variant == full_record().variant);
  CHECK(back.median_us == 473.25);
  CHECK(back.rank == 3);
  // The new fields keep their defaults.
  CHECK_FALSE(back.tied_best.has_value());
  CHECK(back.launches == 0);
  CHECK_FALSE(back.ci_lo_us.has_value());
  CHECK_FALSE(back.ci_hi_us.has_value());
  CHECK_FALSE(back.nvml_sm_clock_before_mhz.has_value());
  CHECK_FALSE(back.nvml_sm_clock_after_mhz.has_value());
  CHECK(back.clock_events.empty());
  CHECK_FALSE(back.capped.has_value());
}

TEST_CASE("every older required column is still required") {
  const auto fields = to_fields(full_record());
  for (const char* name : {"variant", "kind", "type", "n", "mode", "correct"}) {
    CAPTURE(name);
    std::vector<std::string> header, values;
    for (std::size_t i = 0; i < record_columns().size(); ++i)
      if (record_columns()[i] != name) {
        header.push_back(record_columns()[i]);
        values.push_back(fields[i]);
      }
    CHECK(record_error_of(header, values) == std::string("o: missing required column '") + name + "'");
  }
}

TEST_CASE("new columns parse strictly when present") {
  const std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct"};
  auto with = header;
  with.push_back("tied_best");
  CHECK(record_error_of(with, {"v", "candidate", "f32", "5", "cold", "1", "maybe"}) ==
        "o: column 'tied_best' value 'maybe' is not 0 or 1");
  with.back() = "ci_lo_us";
  CHECK(record_error_of(with, {"v", "candidate", "f32", "5", "cold", "1", "low"}) ==
        "o: column 'ci_lo_us' value 'low' is not a number");
  with.back() = "launches";
  CHECK(record_error_of(with, {"v", "candidate", "f32", "5", "cold", "1", "-1"}) ==
        "o: column 'launches' value '-1' is not a number");
}

TEST_CASE("from_fields reads by name: order and extra columns do not matter") {
  const auto r = from_fields({"extra", "correct", "mode", "n", "type", "kind", "variant", "median_us"},
                             {"zzz", "1", "hot", "1024", "f32", "baseline", "cublas", " 12.5 "}, "o");
  CHECK(r.variant == "cublas");
  CHECK(r.kind == "baseline");
  CHECK(r.n == 1024);
  CHECK(r.mode == "hot");
  CHECK(r.correct);
  CHECK(r.median_us == 12.5);
  CHECK_FALSE(r.block.has_value());
  CHECK(r.env.sms == 0);
}

TEST_CASE("from_fields errors") {
  const std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct"};
  CHECK(record_error_of({"variant", "kind", "type", "mode", "correct"}, {"v", "candidate", "f32", "cold", "1"}) ==
        "o: missing required column 'n'");
  CHECK(record_error_of(header, {"v", "candidate", "f32", "12x", "cold", "1"}) ==
        "o: column 'n' value '12x' is not a number");
  CHECK(record_error_of(header, {"v", "candidate", "f32", "", "cold", "1"}) ==
        "o: column 'n' value '' is not a number");
  CHECK(contains(record_error_of(header, {"v", "candidate", "f32", "5", "cold", "yes"}), "'correct'"));
  auto with_median = header;
  with_median.push_back("median_us");
  CHECK(record_error_of(with_median, {"v", "candidate", "f32", "5", "cold", "1", "fast"}) ==
        "o: column 'median_us' value 'fast' is not a number");
  with_median.back() = "block";
  CHECK(record_error_of(with_median, {"v", "candidate", "f32", "5", "cold", "1", "2.5"}) ==
        "o: column 'block' value '2.5' is not a number");
}

TEST_CASE("bytes and bandwidth") {
  CHECK(dot_bytes(1000, 4) == 8000.0);
  CHECK(effective_gbps(1 << 28, 4, 1000.0) == doctest::Approx(2147.483648));
  CHECK(effective_gbps(1000, 4, 0.0) == 0.0);
}

TEST_CASE("a row whose field count differs from the header is an error, not empty measurements") {
  const std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct", "median_us"};
  CHECK(record_error_of(header, {"v", "candidate", "f32", "5", "cold", "1"}) == "o: row has 6 fields, header has 7");
  CHECK(record_error_of(header, {"v", "candidate", "f32", "5", "cold", "1", "2", "3"}) == "o: row has 8 fields, header has 7");
}

TEST_CASE("NaN and infinity in numeric fields are refused; rel_err and err_bound alone may be +inf") {
  const std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct", "median_us"};
  for (const std::string bad : {"nan", "NaN", "-nan", "inf", "-inf", "infinity", "INF"}) {
    CAPTURE(bad);
    CHECK(record_error_of(header, {"v", "candidate", "f32", "5", "cold", "1", bad}) ==
          "o: column 'median_us' value '" + bad + "' is not a finite number");
  }
  auto with_ci = header;
  with_ci.back() = "ci_hi_us";
  CHECK(contains(record_error_of(with_ci, {"v", "candidate", "f32", "5", "cold", "1", "nan"}), "'ci_hi_us'"));
  auto with_peak = header;
  with_peak.back() = "peak_gbps";
  CHECK(contains(record_error_of(with_peak, {"v", "candidate", "f32", "5", "cold", "1", "inf"}), "'peak_gbps'"));

  // A kernel that returned inf or NaN has rel_err = +inf (correctness_verdict),
  // written as "inf": that row must read back.
  MeasurementRecord wrong;
  wrong.variant = "v";
  wrong.kind = "candidate";
  wrong.type = "f32";
  wrong.mode = "cold";
  wrong.n = 5;
  wrong.rel_err = std::numeric_limits<double>::infinity();
  const auto back = from_fields(record_columns(), to_fields(wrong), "o");
  REQUIRE(back.rel_err.has_value());
  CHECK(std::isinf(*back.rel_err));
  auto with_err = header;
  with_err.back() = "rel_err";
  CHECK(record_error_of(with_err, {"v", "candidate", "f32", "5", "cold", "0", "nan"}) ==
        "o: column 'rel_err' value 'nan' is not a finite number");
  CHECK(record_error_of(with_err, {"v", "candidate", "f32", "5", "cold", "0", "-inf"}) ==
        "o: column 'rel_err' value '-inf' is not a finite number");

  // A sequential chain of 2^24 f32 adds or more has no a priori bound
  // (gamma_bound is +inf): the CPU loop's row at n = 2^24 must read back.
  MeasurementRecord unbounded = wrong;
  unbounded.rel_err = 1e-3;
  unbounded.err_bound = gamma_bound(16777216.0, 0x1p-24);
  REQUIRE(std::isinf(*unbounded.err_bound));
  const auto read = from_fields(record_columns(), to_fields(unbounded), "o");
  REQUIRE(read.err_bound.has_value());
  CHECK(std::isinf(*read.err_bound));
  auto with_bound = header;
  with_bound.back() = "err_bound";
  CHECK(record_error_of(with_bound, {"v", "candidate", "f32", "5", "cold", "0", "nan"}) ==
        "o: column 'err_bound' value 'nan' is not a finite number");
}

TEST_CASE("records_from_table names the file and row, and refuses a duplicate row") {
  const auto table_of = [](const std::string& text) {
    std::istringstream in(text);
    return read_csv(in, "r.csv");
  };
  const auto error_in = [&](const std::string& text) {
    return input_error_of([&] { records_from_table(table_of(text), "r.csv"); });
  };
  const std::string header = "variant,kind,type,n,mode,correct,median_us,gpu,timestamp\n";
  const std::string a = "v1,candidate,f32,4096,cold,1,5.5,H200,2025-01-01T00:00:00Z\n";
  const std::string b = "v2,candidate,f32,4096,cold,1,6.5,H200,2025-01-01T00:00:00Z\n";
  CHECK(records_from_table(table_of(header + a + b), "r.csv").size() == 2);

  // Non-numeric and non-finite fields name the row.
  CHECK(error_in(header + a + "v2,candidate,f32,4096,cold,1,fast,H200,t\n") ==
        "r.csv, row 2: column 'median_us' value 'fast' is not a number");
  CHECK(error_in(header + a + "v2,candidate,f32,4096,cold,1,nan,H200,t\n") ==
        "r.csv, row 2: column 'median_us' value 'nan' is not a finite number");
  CHECK(error_in(header + a + "v2,candidate,f32,12x,cold,1,1,H200,t\n") ==
        "r.csv, row 2: column 'n' value '12x' is not a number");

  // The same (variant, type, n, mode) twice in one report.
  CHECK(error_in(header + a + b + "v1,candidate,f32,4096,cold,1,9.5,H200,2025-01-01T00:00:00Z\n") ==
        "r.csv, row 3: duplicate of row 1 (variant v1, type f32, n 4096, mode cold, gpu H200)");
  // Another mode, size or report (gpu, timestamp) is another question: files may hold several reports.
  CHECK(records_from_table(table_of(header + a + "v1,candidate,f32,4096,hot,1,5.5,H200,2025-01-01T00:00:00Z\n" +
                                    "v1,candidate,f32,8192,cold,1,5.5,H200,2025-01-01T00:00:00Z\n" +
                                    "v1,candidate,f32,4096,cold,1,5.5,H200,2025-02-02T00:00:00Z\n" +
                                    "v1,candidate,f32,4096,cold,1,5.5,B200,2025-01-01T00:00:00Z\n"),
                           "r.csv")
            .size() == 5);
}
