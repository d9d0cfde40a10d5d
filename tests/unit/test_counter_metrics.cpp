#include <doctest/doctest.h>

#include "core/report/counter_metrics.hpp"
#include "core/rows/record.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;

TEST_CASE("--counters: off, top, all; anything else is refused") {
  CHECK(parse_counter_scope("off") == CounterScope::off);
  CHECK(parse_counter_scope("top") == CounterScope::top);
  CHECK(parse_counter_scope("all") == CounterScope::all);
  for (CounterScope s : {CounterScope::off, CounterScope::top, CounterScope::all})
    CHECK(parse_counter_scope(to_string(s)) == s);
  CHECK(input_error_of([] { parse_counter_scope("some"); }) == "--counters 'some' is not one of off, top, all");
  CHECK(input_error_of([] { parse_counter_scope(""); }) != "");
  CHECK(input_error_of([] { parse_counter_scope("ALL"); }) != "");
}

TEST_CASE("default metrics: the nine defaults of docs/counters.md, each with a column") {
  CHECK(default_metrics().size() == 9);
  CHECK(default_metrics().front() == "gpu__time_duration.sum");
  // Every default metric lands in a column of its own, none in extra_counters.
  CounterValues values;
  for (const auto& m : default_metrics()) values.by_metric[m] = 1;
  MeasurementRecord row;
  row.n = 1;
  fill_counter_columns(row, values);
  CHECK(row.extra_counters.empty());
  CHECK(row.gpu_time_us.has_value());
  CHECK(row.dram_read_bytes.has_value());
  CHECK(row.dram_write_bytes.has_value());
  CHECK(row.dram_pct_peak.has_value());
  CHECK(row.warps_active_pct.has_value());
  CHECK(row.smem_conflicts_ld.has_value());
  CHECK(row.smem_conflicts_st.has_value());
  CHECK(row.inst_executed.has_value());
  CHECK(row.l2_hit_pct.has_value());
}

TEST_CASE("--metrics list: names split on commas, spaces dropped; empty or repeated names refused") {
  CHECK(parse_metric_list("a") == std::vector<std::string>{"a"});
  CHECK(parse_metric_list(" a , b.sum,c ") == std::vector<std::string>{"a", "b.sum", "c"});
  CHECK(input_error_of([] { parse_metric_list(""); }) == "--metrics '' has an empty metric name");
  CHECK(input_error_of([] { parse_metric_list("a,,b"); }) == "--metrics 'a,,b' has an empty metric name");
  CHECK(input_error_of([] { parse_metric_list("a,"); }) == "--metrics 'a,' has an empty metric name");
  CHECK(input_error_of([] { parse_metric_list("a,b, a"); }) == "--metrics names 'a' twice");
}

TEST_CASE("an unknown metric is named with the closest valid ones") {
  const std::vector<std::string> valid = {"dram__bytes_read.sum", "dram__bytes_write.sum", "smsp__inst_executed.sum",
                                          "lts__t_sector_hit_rate.pct", "dram__bytes_read.max"};
  const auto closest = closest_names("dram__byte_read.sum", valid);
  REQUIRE(closest.size() == 3);
  CHECK(closest[0] == "dram__bytes_read.sum");
  CHECK(closest[1] == "dram__bytes_read.max");
  CHECK(closest_names("x", valid, 10).size() == valid.size());
  CHECK(closest_names("x", {}).empty());
  CHECK(unknown_metric_message("dram__byte_read.sum", {"dram__bytes_read.sum", "dram__bytes_read.max"}) ==
        "--metrics: 'dram__byte_read.sum' is not a metric of this GPU; closest: dram__bytes_read.sum, "
        "dram__bytes_read.max");
  CHECK(unknown_metric_message("q", {}) == "--metrics: 'q' is not a metric of this GPU");
}

TEST_CASE("several kernels: counts and durations add, rates are weighted by each kernel's time") {
  const std::vector<std::string> metrics = {"gpu__time_duration.sum", "dram__bytes_read.sum",
                                            "lts__t_sector_hit_rate.pct",
                                            "dram__throughput.avg.pct_of_peak_sustained_elapsed"};
  // A long main kernel and a short finishing kernel.
  const CounterValues v = sum_ranges(metrics, {{9000, 8e6, 10, 90}, {1000, 4096, 60, 1}});
  CHECK(v.kernels == 2);
  CHECK(v.by_metric.at("gpu__time_duration.sum") == 10000);
  CHECK(v.by_metric.at("dram__bytes_read.sum") == 8e6 + 4096);
  CHECK(v.by_metric.at("lts__t_sector_hit_rate.pct") == doctest::Approx(0.9 * 10 + 0.1 * 60));
  CHECK(v.by_metric.at("dram__throughput.avg.pct_of_peak_sustained_elapsed") == doctest::Approx(0.9 * 90 + 0.1 * 1));
  // Without the duration, rates are a plain mean.
  const CounterValues u = sum_ranges({"lts__t_sector_hit_rate.pct"}, {{10}, {60}});
  CHECK(u.by_metric.at("lts__t_sector_hit_rate.pct") == doctest::Approx(35));
  // One kernel: values pass through.
  const CounterValues one = sum_ranges(metrics, {{5, 6, 7, 8}});
  CHECK(one.kernels == 1);
  CHECK(one.by_metric.at("lts__t_sector_hit_rate.pct") == 7);
  CHECK(sum_ranges(metrics, {}).kernels == 0);
  CHECK(sum_ranges(metrics, {}).by_metric.empty());
}

TEST_CASE("decoding into a row: columns, kernels, derived bytes per element and bandwidth, status ok") {
  MeasurementRecord row;
  row.variant = "v";
  row.kind = kCandidateKind;
  row.type = "f32";
  row.mode = "cold";
  row.n = 1 << 26;
  CounterValues v;
  v.kernels = 2;
  v.by_metric["gpu__time_duration.sum"] = 125000;              // ns
  v.by_metric["dram__bytes_read.sum"] = 8.0 * (1 << 26);       // each input once
  v.by_metric["dram__bytes_write.sum"] = 1.0 * (1 << 20);
  v.by_metric["lts__t_sector_hit_rate.pct"] = 3.5;
  v.by_metric["sm__cycles_elapsed.max"] = 1234;                // no column of its own
  v.by_metric["smsp__cycles_active.avg"] = 0.5;
  fill_counter_columns(row, v);
  CHECK(row.cupti_status == "ok");
  CHECK(row.kernels == 2);
  CHECK(*row.gpu_time_us == doctest::Approx(125.0));
  CHECK(*row.dram_read_bytes == 8.0 * (1 << 26));
  CHECK(*row.dram_read_per_element == doctest::Approx(8.0));
  CHECK(*row.counter_gbps == doctest::Approx((8.0 * (1 << 26) + (1 << 20)) / 125e-6 / 1e9));
  CHECK(*row.l2_hit_pct == 3.5);
  CHECK_FALSE(row.inst_executed.has_value());
  CHECK(row.extra_counters == "sm__cycles_elapsed.max=1234;smsp__cycles_active.avg=0.5");
  // And the row writes and reads back through sweep.csv.
  const MeasurementRecord back = from_fields(record_columns(), to_fields(row), "o");
  CHECK(back.kernels == 2);
  CHECK(back.extra_counters == row.extra_counters);
  CHECK(*back.dram_read_per_element == *row.dram_read_per_element);
}

TEST_CASE("derived columns stay empty without what they derive from") {
  MeasurementRecord row;
  row.n = 100;
  CounterValues v;
  v.kernels = 1;
  v.by_metric["smsp__inst_executed.sum"] = 10;
  fill_counter_columns(row, v);
  CHECK_FALSE(row.dram_read_per_element.has_value());
  CHECK_FALSE(row.counter_gbps.has_value());
  v.by_metric["dram__bytes_read.sum"] = 800;  // no duration: no bandwidth
  fill_counter_columns(row, v);
  CHECK(*row.dram_read_per_element == 8);
  CHECK_FALSE(row.counter_gbps.has_value());
  v.by_metric["gpu__time_duration.sum"] = 0;  // zero time: no bandwidth (no inf in reports)
  fill_counter_columns(row, v);
  CHECK_FALSE(row.counter_gbps.has_value());
}

TEST_CASE("which rows a scope profiles: top = each question's tie group plus the baselines, only timed rows") {
  using dotsweep::test::timed_row;
  std::vector<MeasurementRecord> rows = {
      timed_row("fast", 9, 10, 11, 1024),       // fastest
      timed_row("tied", 10.5, 12, 13, 1024),    // overlaps fast's interval
      timed_row("slow", 20, 21, 22, 1024),      // outside the tie group
      timed_row("cublas", 30, 31, 32, 1024),    // baseline, slow: still profiled under top
      timed_row("fast", 1, 2, 3, 4096),         // another question: its own tie group
      timed_row("slow", 5, 6, 7, 4096),
      timed_row("broken", 1, 1, 1, 1024),       // incorrect: never profiled
      timed_row("untimed", 1, 1, 1, 1024),      // correct but failed before timing
  };
  rows[6].correct = false;
  rows[7].median_us.reset();
  rows[7].ci_lo_us.reset();
  rows[7].ci_hi_us.reset();
  MeasurementRecord hot = timed_row("slow", 20, 21, 22, 1024);  // the hot question has one row: it is its best
  hot.mode = "hot";
  rows.push_back(hot);
  CHECK(rows_to_profile(CounterScope::top, rows) ==
        std::vector<bool>{true, true, false, true, true, false, false, false, true});
  CHECK(rows_to_profile(CounterScope::all, rows) ==
        std::vector<bool>{true, true, true, true, true, true, false, false, true});
  CHECK(rows_to_profile(CounterScope::off, rows) == std::vector<bool>(rows.size(), false));
  CHECK(rows_to_profile(CounterScope::top, {}).empty());
}
