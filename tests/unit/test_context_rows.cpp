// A context.json that contradicts its rows (core/rows/context_rows.hpp):
// each entry agreeing reads, each disagreeing is refused naming both values.
#include <doctest/doctest.h>

#include "core/rows/context_rows.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;

namespace {

MeasurementRecord context_row(const std::string& mode) {
  MeasurementRecord r;
  r.variant = "v";
  r.kind = kCandidateKind;
  r.type = "f32";
  r.n = 4096;
  r.mode = mode;
  r.env.gpu = "NVIDIA H200";
  r.env.dotsweep_version = "0.2.1";
  r.env.timestamp = "2026-12-06T10:00:00Z";
  return r;
}

nlohmann::json context() {
  return {{"device", {{"name", "NVIDIA H200"}}},
          {"dotsweep_version", "0.2.1"},
          {"timestamp", "2026-12-06T10:00:00Z"},
          {"options", {{"modes", {"cold", "hot"}}}}};
}

std::string context_error_of(const nlohmann::json& c, const std::vector<MeasurementRecord>& rows) {
  return input_error_of([&] { require_context_matches_rows(c, "c.json", rows, "r.csv"); });
}

}  // namespace

TEST_CASE("context and rows: a context that describes its rows is accepted") {
  CHECK(context_error_of(context(), {context_row("cold"), context_row("hot")}) == "");
  // An older context without an entry, or rows cut to the columns without one, compare nothing there.
  CHECK(context_error_of(nlohmann::json::object(), {context_row("cold")}) == "");
  MeasurementRecord cut = context_row("cold");
  cut.env.gpu.clear();
  cut.env.timestamp.clear();
  cut.env.dotsweep_version.clear();
  CHECK(context_error_of(context(), {cut}) == "");
}

TEST_CASE("context and rows: another GPU, version, timestamp or mode is refused at the first row that differs") {
  const std::string tail = "': the context.json is another report's; pass the report's own";
  MeasurementRecord h100 = context_row("cold");
  h100.env.gpu = "NVIDIA H100 80GB HBM3";
  CHECK(context_error_of(context(), {context_row("cold"), h100}) ==
        "c.json: device.name 'NVIDIA H200' but r.csv, row 2 has gpu 'NVIDIA H100 80GB HBM3" + tail);
  MeasurementRecord newer = context_row("cold");
  newer.env.dotsweep_version = "0.2.2";
  CHECK(context_error_of(context(), {newer}) ==
        "c.json: dotsweep_version '0.2.1' but r.csv, row 1 has dotsweep_version '0.2.2" + tail);
  MeasurementRecord later = context_row("hot");
  later.env.timestamp = "2026-12-06T10:00:01Z";
  CHECK(context_error_of(context(), {context_row("cold"), later}) ==
        "c.json: timestamp '2026-12-06T10:00:00Z' but r.csv, row 2 has timestamp '2026-12-06T10:00:01Z" + tail);
  nlohmann::json hot_only = context();
  hot_only["options"]["modes"] = {"hot"};
  CHECK(context_error_of(hot_only, {context_row("hot"), context_row("cold")}) ==
        "c.json: options.modes 'hot' but r.csv, row 2 has mode 'cold" + tail);
}
