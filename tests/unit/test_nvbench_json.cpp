// The NVBench export (core/export/nvbench_json.hpp): the summaries both of
// NVBench's comparators read, under NVBench's tags and units, and the
// refusal of a report they could match nothing in.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/export/nvbench_bulk.hpp"
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

TEST_CASE("nvbench export: sidecar files of the kept samples, named and numbered as NVBench does") {
  MeasurementRecord a = full_row("a", 4096), b = full_row("b", 4096), hot = full_row("a", 4096);
  a.samples = 2;
  a.raw_samples = {{10, 1980, false}, {30, 990, true}, {12, 1970, false}};  // the throttled one is left out
  b.samples = 1;
  b.raw_samples = {{8, 0, false}};  // no clock: no frequency file
  hot.mode = "hot";
  hot.raw_samples = a.raw_samples;  // hot rows have none: NVBench's bulk data is cold
  const NvbenchJson out = nvbench_json({a, b, hot}, "r.csv", "out.json");
  REQUIRE(out.bulk.size() == 3);
  CHECK(out.bulk[0].path == "out.json-bin/0.bin");
  CHECK(out.bulk[0].bytes == float32_le_bytes({10e-6, 12e-6}));
  CHECK(out.bulk[1].path == "out.json-freqs-bin/0.bin");
  CHECK(out.bulk[1].bytes == float32_le_bytes({1980e6, 1970e6}));
  CHECK(out.bulk[2].path == "out.json-bin/1.bin");
  CHECK(out.bulk[2].bytes == float32_le_bytes({8e-6}));
  const auto root = nlohmann::json::parse(out.text);
  bool named = false;
  for (const auto& s : root["benchmarks"][0]["states"][0]["summaries"])
    if (s["tag"] == "nv/json/bin:nv/cold/sample_times") {
      CHECK(s["data"][0]["value"] == "out.json-bin/0.bin");
      CHECK(s["data"][1]["name"] == "size");
      CHECK(s["data"][1]["value"] == "2");
      named = true;
    }
  CHECK(named);
  // Without a JSON name (or samples) there are none.
  CHECK(nvbench_json({a, b}, "r.csv").bulk.empty());
  CHECK(nvbench_json({full_row("a", 4096)}, "r.csv", "out.json").bulk.empty());
}

TEST_CASE("nvbench export: float32 little-endian bytes") {
  CHECK(float32_le_bytes({1.0}) == std::string("\x00\x00\x80\x3f", 4));
  CHECK(float32_le_bytes({-2.0, 0.0}) == std::string("\x00\x00\x00\xc0\x00\x00\x00\x00", 8));
  CHECK(float32_le_bytes({}).empty());
}
