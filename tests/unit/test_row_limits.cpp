// What a sweep.csv row may hold (core/rows/row_limits.hpp), through the
// reader every command uses: both sides of every limit and one good and one
// bad word of each vocabulary, each refusal naming the row, column and value.
#include <doctest/doctest.h>

#include <sstream>

#include "core/space/size_list.hpp"
#include "core/io/csv.hpp"
#include "core/rows/record.hpp"
#include "core/rows/row_limits.hpp"
#include "gpu/timers.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;

namespace {

// One row of a cold f32 candidate with `column` set to `value`, read through
// records_from_table as a file "r.csv": "" when it reads, else the error.
std::string refusal_of(const std::string& column, const std::string& value) {
  std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct", "launches",
                                     "median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us"};
  std::vector<std::string> row = {"v", "candidate", "f32", "4096", "cold", "1", "1",
                                  "5.5", "5", "5.25", "6", "5.4", "5.6"};
  bool found = false;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == column) {
      row[i] = value;
      found = true;
    }
  REQUIRE(found);
  std::istringstream in(csv_line(header) + csv_line(row));
  return input_error_of([&] { records_from_table(read_csv(in, "r.csv"), "r.csv"); });
}

std::string refused(const std::string& column, const std::string& value, const std::string& why) {
  return "r.csv, row 1: column '" + column + "' value '" + value + "' " + why;
}

const std::string kSizeWhy = "is not a size a sweep measures (1..2^29 = 536870912)";

}  // namespace

TEST_CASE("the row reader's timer tick is the CUDA event timer's") {
  CHECK(kTimerTickUs == kEventTickUs);
}

TEST_CASE("n: 1 and 2^29 are sizes a sweep measures; 0, -4096, 2^29 + 1 and 9e18 are not") {
  CHECK(refusal_of("n", "1") == "");
  CHECK(refusal_of("n", std::to_string(kMaxCheckedN)) == "");
  CHECK(refusal_of("n", "0") == refused("n", "0", kSizeWhy));
  CHECK(refusal_of("n", "-4096") == refused("n", "-4096", kSizeWhy));
  CHECK(refusal_of("n", std::to_string(kMaxCheckedN + 1)) == refused("n", "536870913", kSizeWhy));
  CHECK(refusal_of("n", "9000000000000000000") == refused("n", "9000000000000000000", kSizeWhy));
}

TEST_CASE("type, mode and kind: each vocabulary's words read, others are refused with the vocabulary") {
  for (const char* type : {"f32", "f64", "f16", "bf16"}) CHECK(refusal_of("type", type) == "");
  CHECK(refusal_of("type", "f128") == refused("type", "f128", "is not an element type (f32, f64, f16, bf16)"));
  CHECK(refusal_of("type", "") == refused("type", "", "is not an element type (f32, f64, f16, bf16)"));

  for (const char* mode : {"cold", "hot"}) CHECK(refusal_of("mode", mode) == "");
  for (const char* mode : {"warm", "cold,hot", "", "Cold"})
    CHECK(refusal_of("mode", mode) == refused("mode", mode, "is not a timing mode (cold or hot)"));

  for (const char* kind : {"candidate", "baseline", "floor", "host"}) CHECK(refusal_of("kind", kind) == "");
  for (const char* kind : {"bogus", ""})
    CHECK(refusal_of("kind", kind) == refused("kind", kind, "is not a row kind (candidate, baseline, floor, host)"));
  CHECK(row_kinds() == std::vector<std::string>{kCandidateKind, kBaselineKind, kFloorKind, kHostPathKind});
}

TEST_CASE("times: one timer tick per launch up to the watchdog's deadline for one launch") {
  // 100 x 8.59 GB (two 2^29-element f64 inputs) at 1 GB/s = 858.99 s.
  CHECK(longest_time_us() == doctest::Approx(858.9934592e6));
  for (const char* column : {"median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us"}) {
    CAPTURE(column);
    CHECK(refusal_of(column, "0.032") == "");
    CHECK(refusal_of(column, "0.0319") ==
          refused(column, "0.0319", "is below one timer tick per launch (0.032 us over 1 launch(es) = 0.032 us): no time was measured"));
    CHECK(refusal_of(column, "858993459.2") == "");
    CHECK(refusal_of(column, "858993460") ==
          refused(column, "858993460",
                  "is above 858993459.2 us, the watchdog's deadline for one launch of the slowest path at the largest n: not a measured time"));
    CHECK(refusal_of(column, "6e300") == refused(column, "6e300",
                  "is above 858993459.2 us, the watchdog's deadline for one launch of the slowest path at the largest n: not a measured time"));
    CHECK(refusal_of(column, "0") == refused(column, "0", "is not above zero: not a measured time"));
    CHECK(refusal_of(column, "-5.5") == refused(column, "-5.5", "is not above zero: not a measured time"));
    CHECK(refusal_of(column, "") == "");  // not timed: no time to judge
  }
}

TEST_CASE("times: a hot sample of K launches resolves one tick over K; an unrecorded count is taken as 1") {
  CHECK(shortest_time_us(8) == kTimerTickUs / 8);
  CHECK(shortest_time_us(0) == kTimerTickUs);
  std::vector<std::string> header = {"variant", "kind", "type", "n", "mode", "correct", "launches", "median_us"};
  const auto read = [&](const std::vector<std::string>& h, const std::vector<std::string>& row) {
    std::istringstream in(csv_line(h) + csv_line(row));
    return input_error_of([&] { records_from_table(read_csv(in, "r.csv"), "r.csv"); });
  };
  CHECK(read(header, {"v", "floor", "f32", "4096", "hot", "1", "8", "0.004"}) == "");
  CHECK(read(header, {"v", "floor", "f32", "4096", "hot", "1", "8", "0.0039"}) ==
        refused("median_us", "0.0039",
                "is below one timer tick per launch (0.032 us over 8 launch(es) = 0.004 us): no time was measured"));
  // A report from before the launches column.
  header.erase(header.begin() + 6);
  CHECK(read(header, {"v", "floor", "f32", "4096", "hot", "1", "0.032"}) == "");
  CHECK(read(header, {"v", "floor", "f32", "4096", "hot", "1", "0.004"}) ==
        refused("median_us", "0.004",
                "is below one timer tick per launch (0.032 us over 1 launch(es) = 0.032 us): no time was measured"));
}
