// The worker-to-supervisor line protocol and the watchdog's deadline.
#include <doctest/doctest.h>

#include "core/rows/worker_protocol.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
MeasurementRecord skeleton(const std::string& mode) {
  MeasurementRecord r;
  r.variant = "f32.b256.i4.v4.cover.warp.shfl.2pass.plain.f32";
  r.kind = "candidate";
  r.type = "f32";
  r.block = 256;
  r.items = 4;
  r.vec = 4;
  r.n = 1000003;
  r.mode = mode;
  r.env.gpu = "NVIDIA H200";
  r.env.timestamp = "2026-11-30T08:00:00Z";
  return r;
}
}  // namespace

TEST_CASE("worker lines round trip") {
  CHECK(parse_worker_line(ready_line(1.25)).kind == WorkerMessage::Kind::ready);
  CHECK(parse_worker_line(ready_line(1.25)).seconds == 1.25);
  CHECK(parse_worker_line(done_line()).kind == WorkerMessage::Kind::done);
  const WorkerMessage failed = parse_worker_line(failed_line("an illegal memory access was encountered\nmore"));
  CHECK(failed.kind == WorkerMessage::Kind::failed);
  CHECK(failed.reason == "an illegal memory access was encountered");
  CHECK(parse_worker_line(failed_line("")).reason == "an unnamed CUDA error");
  const WorkerMessage folder = parse_worker_line(folder_line("results/h200/2026 11 30"));
  CHECK(folder.kind == WorkerMessage::Kind::folder);
  CHECK(folder.folder == "results/h200/2026 11 30");
  const WorkerMessage into = parse_worker_line(into_line("screen.csv"));
  CHECK(into.kind == WorkerMessage::Kind::into);
  CHECK(into.file == "screen.csv");

  // A start carries the rows; quoted fields with tabs, line ends and
  // backslashes in them survive the one-line encoding.
  std::vector<MeasurementRecord> rows{skeleton("cold"), skeleton("hot")};
  rows[1].reason = "a\tb\nc\\d \"quoted\", e\r";
  const std::string line = start_line(12.5, rows);
  CHECK(line.find('\n') == std::string::npos);
  const WorkerMessage start = parse_worker_line(line);
  CHECK(start.kind == WorkerMessage::Kind::start);
  CHECK(start.seconds == 12.5);
  REQUIRE(start.rows.size() == 2);
  CHECK(start.rows[0].variant == rows[0].variant);
  CHECK(start.rows[0].block == 256);
  CHECK(start.rows[0].n == 1000003);
  CHECK(start.rows[0].mode == "cold");
  CHECK(start.rows[1].mode == "hot");
  CHECK(start.rows[1].reason == rows[1].reason);
  CHECK(start.rows[1].env.timestamp == "2026-11-30T08:00:00Z");
}

TEST_CASE("a line that is not a worker message is an error naming it") {
  for (const char* bad : {"", "hello", "ready", "ready x", "ready -1", "ready nan", "folder", "done now", "failed", "start",
                          "into", "into ../sweep.csv", "into /tmp/x.csv", "into ..", "start 5", "start x row", "start 5 a,b", "start 5 bad\\qescape"}) {
    const std::string why = input_error_of([&] { parse_worker_line(bad); });
    const std::string shown = std::string(bad) + " -> " + why;
    CHECK_MESSAGE(contains(why, "worker message"), shown);
  }
}

TEST_CASE("the watchdog allows 100x the expected time, at least 10 s, plus the timing budgets") {
  StoppingRule rule;
  rule.budget_seconds = 0.5;
  // Small n: the floor, plus 2 x 0.5 s per mode.
  CHECK(watchdog_deadline(4096, 4, 4000, 10, rule, 1) == doctest::Approx(11));
  CHECK(watchdog_deadline(4096, 4, 4000, 10, rule, 2) == doctest::Approx(12));
  // 2^29 floats at 4000 GB/s: 1.07 ms per read; 1000 launches: 1.07 s; x100 = 107 s.
  CHECK(watchdog_deadline(1LL << 29, 4, 4000, 1000, rule, 1) == doctest::Approx(100 * 1000 * 2.0 * (1LL << 29) * 4 / 4e12 + 1));
  // Unknown bandwidth: the floor.
  CHECK(watchdog_deadline(1LL << 29, 4, 0, 1000, rule, 1) == doctest::Approx(11));
  // A host path's copy from pageable memory of 2 x 2^24 doubles took 30.6 ms
  // on the H200's host: at the GPU's peak the deadline (10.5 s) is shorter
  // than its 303 calls; at the host-path rate it allows 100x them.
  CHECK(watchdog_deadline(1LL << 24, 8, 4814, 303, rule, 1) < 303 * 0.0306 * 1.5);
  CHECK(watchdog_deadline(1LL << 24, 8, kHostPathWatchdogGbps, 303, rule, 1) > 100 * 303 * 0.0306);
}

TEST_CASE("an operation the worker could not finish gets its rows, incorrect, with the first line of the reason") {
  auto rows = skeleton("cold");
  rows.median_us = 3.0;
  rows.samples = 7;
  rows.correct = true;
  const auto failed = failed_rows({rows, skeleton("hot")}, "illegal memory access\nat kernel x");
  REQUIRE(failed.size() == 2);
  for (const auto& r : failed) {
    CHECK_FALSE(r.correct);
    CHECK(r.reason == "illegal memory access");
    CHECK_FALSE(r.median_us);
    CHECK(r.samples == 0);
  }
  CHECK(failed[1].mode == "hot");
}
