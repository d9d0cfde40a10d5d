// The NVBench export (core/export/nvbench_json.hpp): the summaries both of
// NVBench's comparators read, under NVBench's tags and units, and the
// refusal of a report they could match nothing in.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/export/nvbench_json.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

// A timed cold row with every number the export reads.
MeasurementRecord full_row(const std::string& variant, std::int64_t n) {
  MeasurementRecord r = test::timed_row(variant, 9, 10, 11, n);
  r.samples = 40;
  r.min_us = 8;
  r.p25_us = 9.5;
  r.p75_us = 12;
  r.sm_clock_mhz = 1980;
  r.env.gpu = "NVIDIA H200";
  r.env.cc = "9.0";
  r.env.sms = 132;
  return r;
}

// The value of the summary `tag` of the only state, or nullopt without one.
std::optional<std::string> summary_value(const nlohmann::json& root, const std::string& tag) {
  for (const auto& s : root["benchmarks"][0]["states"][0]["summaries"])
    if (s["tag"] == tag) return s["data"][0]["value"].get<std::string>();
  return std::nullopt;
}

double number(const std::optional<std::string>& v) {
  REQUIRE(v);
  return std::stod(*v);
}

}  // namespace

TEST_CASE("nvbench export: the robust comparator's summaries in seconds and Hz, the row's own numbers") {
  const NvbenchJson out = nvbench_json({full_row("v", 4096)}, "r.csv");
  CHECK(out.warning.empty());
  const auto root = nlohmann::json::parse(out.text);
  CHECK(number(summary_value(root, "nv/cold/time/gpu/mean")) == doctest::Approx(10e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/median")) == doctest::Approx(10e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/min")) == doctest::Approx(8e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/q1")) == doctest::Approx(9.5e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/q3")) == doctest::Approx(12e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/iqr/absolute")) == doctest::Approx(2.5e-6));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/iqr/relative")) == doctest::Approx(0.25));
  CHECK(number(summary_value(root, "nv/cold/time/gpu/stdev/relative")) == doctest::Approx(2.5 / 1.349 / 10));
  CHECK(number(summary_value(root, "nv/cold/sm_clock_rate/mean")) == doctest::Approx(1.98e9));
  CHECK(summary_value(root, "nv/cold/sample_size") == "40");
  // NVBench's own hints, which its printers format by.
  for (const auto& s : root["benchmarks"][0]["states"][0]["summaries"]) {
    if (s["tag"] == "nv/cold/sm_clock_rate/mean") CHECK(s["hint"] == "frequency");
    if (s["tag"] == "nv/cold/time/gpu/q1") CHECK(s["hint"] == "duration");
    if (s["tag"] == "nv/cold/time/gpu/iqr/relative") CHECK(s["hint"] == "percentage");
  }
}

TEST_CASE("nvbench export: a row without a clock has no clock summary; one with 0 MHz neither") {
  for (const std::optional<double> clock : {std::optional<double>{}, std::optional<double>{0.0}}) {
    MeasurementRecord r = full_row("v", 4096);
    r.sm_clock_mhz = clock;
    const auto root = nlohmann::json::parse(nvbench_json({r}, "r.csv").text);
    CHECK_FALSE(summary_value(root, "nv/cold/sm_clock_rate/mean"));
    CHECK(summary_value(root, "nv/cold/time/gpu/median"));
  }
}

TEST_CASE("nvbench export: a report without quartiles is refused, some rows without them warned about") {
  MeasurementRecord cut = full_row("v", 4096);
  cut.p25_us.reset();
  cut.p75_us.reset();
  const std::string refusal = input_error_of([&] { nvbench_json({cut, cut}, "cut.csv.gz"); });
  CHECK(contains(refusal, "cut.csv.gz: no quartiles (p25_us, p75_us)"));
  // One quartile alone is none.
  MeasurementRecord half = full_row("v", 4096);
  half.p75_us.reset();
  CHECK(contains(input_error_of([&] { nvbench_json({half}, "half.csv"); }), "no quartiles"));
  // One row with them: exported, the other counted in one line.
  MeasurementRecord other = cut;
  other.n = 65536;
  const NvbenchJson mixed = nvbench_json({full_row("v", 4096), other}, "mixed.csv");
  CHECK(mixed.warning == "mixed.csv: 1 of 2 timed cold rows have no quartiles: exported with their median alone, "
                         "which NVBench's comparators skip");
  // Hot rows alone: the comparators read cold timings only.
  MeasurementRecord hot = full_row("v", 4096);
  hot.mode = "hot";
  CHECK(contains(input_error_of([&] { nvbench_json({hot}, "hot.csv"); }), "hot.csv: no timed cold row"));
  // A cold row with quartiles beside the hot one is enough.
  CHECK(nvbench_json({hot, full_row("v", 4096)}, "both.csv").warning.empty());
}
