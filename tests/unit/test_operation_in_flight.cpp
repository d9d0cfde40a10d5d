// Which finished operation was the one in flight (core/operation_in_flight.*):
// what lets a Ctrl-C stop and a worker's "done" act only on it, also when a
// size's rows wait for the counter pass.
#include <doctest/doctest.h>

#include "core/report/operation_in_flight.hpp"

using namespace dotsweep;

namespace {
RowKey key(const char* variant, std::int64_t n = 4096) { return RowKey{variant, "f32", n}; }
}  // namespace

TEST_CASE("rows handed over as each operation is timed: each finishing operation was in flight") {
  OperationInFlight tracker(2);  // cold, hot
  // The exact passes start every operation before any is timed.
  for (int pass = 0; pass < 2; ++pass)
    for (const char* v : {"a", "b", "c"}) tracker.started(key(v));
  for (const char* v : {"a", "b", "c"}) {
    tracker.started(key(v));
    CHECK_FALSE(tracker.handed_over(key(v)).has_value());  // one mode of two
    CHECK(tracker.handed_over(key(v)) == std::optional<bool>(true));
  }
}

TEST_CASE("rows held for the counter pass: only the operation started last was in flight") {
  OperationInFlight tracker(1);
  for (const char* v : {"a", "b", "c"}) tracker.started(key(v));
  // The size's counter pass hands the rows over after c started.
  CHECK(tracker.handed_over(key("a")) == std::optional<bool>(false));
  CHECK(tracker.handed_over(key("b")) == std::optional<bool>(false));
  CHECK(tracker.handed_over(key("c")) == std::optional<bool>(true));
  // The next size starts over.
  tracker.started(key("a", 65536));
  CHECK(tracker.handed_over(key("a", 65536)) == std::optional<bool>(true));
}

TEST_CASE("an operation that failed before its timing (no start) finishes in flight when nothing waits") {
  OperationInFlight tracker(1);
  tracker.started(key("a"));
  CHECK(tracker.handed_over(key("a")) == std::optional<bool>(true));
  CHECK(tracker.handed_over(key("broken")) == std::optional<bool>(true));
  // ... but not while a started operation's rows are still to come.
  tracker.started(key("b"));
  CHECK(tracker.handed_over(key("broken2")) == std::optional<bool>(false));
  CHECK(tracker.handed_over(key("b")) == std::optional<bool>(true));
}

TEST_CASE("the same variant at another n is another operation") {
  OperationInFlight tracker(1);
  tracker.started(key("a", 1));
  tracker.started(key("a", 2));
  CHECK(tracker.handed_over(key("a", 1)) == std::optional<bool>(false));
  CHECK(tracker.handed_over(key("a", 2)) == std::optional<bool>(true));
}
