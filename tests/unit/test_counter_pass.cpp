// The counter pass when counters are off or unavailable (no GPU needed):
// each row says why in cupti_status and is otherwise exactly the row it was,
// and an explicit --counters turns unavailability into an InputError.
#include <doctest/doctest.h>

#include "core/report/counter_metrics.hpp"
#include "core/rows/record.hpp"
#include "measure/counter_pass.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;
using dotsweep::test::timed_row;

namespace {

CuptiLoad unavailable(const std::string& status) {
  CuptiLoad load;
  load.status = status;
  load.detail = "simulated";
  return load;
}

CounterSettings settings(CounterScope scope, bool required) {
  CounterSettings s;
  s.scope = scope;
  s.required = required;
  return s;
}

// Every field but cupti_status, as sweep.csv writes it.
std::vector<std::string> fields_but_status(MeasurementRecord row) {
  row.cupti_status.clear();
  return to_fields(row);
}

// The rows `pass` hands on for one size of the given rows.
std::vector<MeasurementRecord> pass_rows(CounterPass& pass, const std::vector<MeasurementRecord>& rows) {
  MeasuredOperation op;
  op.name = "simulated";
  const DotInputs none;
  const std::vector<DotInputs> no_slots;
  const CounterInputs inputs{none, no_slots};
  std::vector<MeasurementRecord> out;
  for (const auto& row : rows) pass.add(row, op, inputs, [&](const MeasurementRecord& r) { out.push_back(r); });
  pass.finish_size(inputs, [&](const MeasurementRecord& r) { out.push_back(r); });
  return out;
}

std::vector<MeasurementRecord> some_rows() {
  MeasurementRecord incorrect = timed_row("broken", 1, 2, 3, 1024);
  incorrect.correct = false;
  return {timed_row("fast", 9, 10, 11, 1024), timed_row("cublas", 20, 21, 22, 1024), incorrect};
}

}  // namespace

TEST_CASE("unavailable counters: each row passes unchanged, cupti_status names the reason") {
  for (const char* status : {"no-cupti", "no-permission", "mig", "vgpu", "busy", "unsupported"}) {
    for (CounterScope scope : {CounterScope::top, CounterScope::all}) {
      CAPTURE(status);
      CounterPass pass(unavailable(status), DeviceInfo{}, nullptr, settings(scope, false));
      CHECK(pass.unavailable_status() == status);
      CHECK(pass.unavailable_detail() == "simulated");
      const auto rows = some_rows();
      const auto out = pass_rows(pass, rows);
      REQUIRE(out.size() == rows.size());
      for (std::size_t i = 0; i < rows.size(); ++i) {
        CHECK(out[i].cupti_status == status);
        CHECK(fields_but_status(out[i]) == fields_but_status(rows[i]));
        CHECK_FALSE(out[i].dram_read_bytes.has_value());
        CHECK_FALSE(out[i].kernels.has_value());
      }
    }
  }
}

TEST_CASE("--counters given explicitly: unavailable counters are exit-2 input errors naming the reason") {
  CHECK(input_error_of([] { CounterPass(unavailable("no-permission"), DeviceInfo{}, nullptr, settings(CounterScope::all, true)); }) ==
        "--counters all: hardware counters unavailable (no-permission): simulated");
  CHECK(input_error_of([] { CounterPass(unavailable("no-cupti"), DeviceInfo{}, nullptr, settings(CounterScope::top, true)); }) ==
        "--counters top: hardware counters unavailable (no-cupti): simulated");
  // --counters off asks for nothing, so nothing is missing.
  CHECK(input_error_of([] { CounterPass(unavailable("no-cupti"), DeviceInfo{}, nullptr, settings(CounterScope::off, true)); }) ==
        "");
}

TEST_CASE("--counters off: rows pass unchanged with cupti_status off, CUPTI never opened") {
  CounterPass pass(unavailable("no-cupti"), DeviceInfo{}, nullptr, settings(CounterScope::off, false));
  CHECK(pass.unavailable_status().empty());
  const auto rows = some_rows();
  const auto out = pass_rows(pass, rows);
  REQUIRE(out.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CHECK(out[i].cupti_status == "off");
    CHECK(fields_but_status(out[i]) == fields_but_status(rows[i]));
  }
}

TEST_CASE("context.json's counters: scope, metrics and the status of the run") {
  CounterPass off(unavailable("no-cupti"), DeviceInfo{}, nullptr, settings(CounterScope::off, false));
  CHECK(counter_context_json(off)["status"] == "off");
  CHECK(counter_context_json(off)["scope"] == "off");
  CHECK(counter_context_json(off)["metrics"].size() == default_metrics().size());
  CounterPass missing(unavailable("no-permission"), DeviceInfo{}, nullptr, settings(CounterScope::top, false));
  const auto j = counter_context_json(missing);
  CHECK(j["scope"] == "top");
  CHECK(j["status"] == "no-permission");
  CHECK(j["detail"] == "simulated");
  CHECK_FALSE(j.contains("replay_passes"));
}
