// counters.csv merged into sweep.csv's rows (core/report/counter_rows.hpp).
#include <doctest/doctest.h>

#include "core/report/counter_rows.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::timed_row;

namespace {

MeasurementRecord with_status(MeasurementRecord row, const char* status, const char* mode = "cold") {
  row.cupti_status = status;
  row.mode = mode;
  return row;
}

}  // namespace

TEST_CASE("pending rows take their counter row, matched by variant, type, n and mode; the rest are interrupted") {
  std::vector<MeasurementRecord> rows{
      with_status(timed_row("a", 1, 2, 3, 1024), "pending"),
      with_status(timed_row("a", 1, 2, 3, 1024), "pending", "hot"),
      with_status(timed_row("b", 1, 2, 3, 1024), "pending"),
      with_status(timed_row("c", 1, 2, 3, 1024), "off"),
      with_status(timed_row("a", 1, 2, 3, 4096), "pending"),
  };
  MeasurementRecord counted = with_status(timed_row("a", 1, 2, 3, 1024), "ok");
  counted.dram_read_bytes = 8192;
  MeasurementRecord stale = counted;
  stale.dram_read_bytes = 1;
  MeasurementRecord other_c = with_status(timed_row("c", 1, 2, 3, 1024), "ok");
  merge_counter_rows(rows, {stale, counted, with_status(timed_row("b", 1, 2, 3, 1024), "not-top"), other_c});
  CHECK(rows[0].cupti_status == "ok");
  CHECK(rows[0].dram_read_bytes == 8192.0);  // the last counter row of a key wins
  CHECK(rows[1].cupti_status == "interrupted");  // the hot row had none
  CHECK(rows[2].cupti_status == "not-top");
  CHECK(rows[3].cupti_status == "off");  // a final row is never replaced
  CHECK_FALSE(rows[3].dram_read_bytes.has_value());
  CHECK(rows[4].cupti_status == "interrupted");  // another n
  std::vector<MeasurementRecord> none{with_status(timed_row("a", 1, 2, 3, 1024), "pending")};
  merge_counter_rows(none, {});
  CHECK(none[0].cupti_status == "interrupted");
}
