// The supervisor's side of a worker process, driven by fake workers (bash
// scripts speaking the protocol): normal end, a fault, a crash, a hang caught
// by the watchdog, and a broken protocol. No CUDA anywhere.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <signal.h>

#include <chrono>
#include <cstdlib>

#include "sweep/worker_supervisor.hpp"

using namespace dotsweep;

namespace {

MeasurementRecord skeleton(const std::string& variant) {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = "candidate";
  r.type = "f32";
  r.n = 4096;
  r.mode = "cold";
  return r;
}

// A fake worker: bash running `script` with $M1, $M2 set to the messages
// given, and `say` writing a line to the message pipe.
WorkerEnd run_fake(const std::string& script, std::vector<WorkerMessage>& seen,
                   const std::vector<std::string>& messages = {}) {
  for (std::size_t i = 0; i < messages.size(); ++i) ::setenv(("M" + std::to_string(i + 1)).c_str(), messages[i].c_str(), 1);
  const std::string body = "say() { printf '%s\\n' \"$1\" >&\"$DOTSWEEP_WORKER_FD\"; }; " + script;
  return run_worker({"/bin/bash", "-c", body}, [&](const WorkerMessage& m) { seen.push_back(m); });
}

}  // namespace

TEST_CASE("a worker that finishes: every message arrives, nothing in flight") {
  std::vector<WorkerMessage> seen;
  const WorkerEnd end = run_fake("say 'ready 0.5'; say 'folder out/x'; say \"$M1\"; say done; say \"$M2\"; say done; exit 0",
                                 seen, {start_line(5, {skeleton("a")}), start_line(5, {skeleton("b")})});
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 0);
  CHECK_FALSE(end.in_flight);
  CHECK(end.ready_seconds >= 0);
  CHECK(end.ready_seconds < 5);
  REQUIRE(seen.size() == 6);
  CHECK(seen[1].folder == "out/x");
  CHECK(seen[4].rows.at(0).variant == "b");
}

TEST_CASE("a worker that faults: the operation in flight and the CUDA error are known") {
  std::vector<WorkerMessage> seen;
  const WorkerEnd end =
      run_fake("say 'ready 0'; say \"$M1\"; say done; say \"$M2\"; say 'failed an illegal memory access was encountered'; exit 4",
               seen, {start_line(5, {skeleton("a")}), start_line(5, {skeleton("bad")})});
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 4);
  REQUIRE(end.in_flight);
  CHECK(end.in_flight->rows.at(0).variant == "bad");
  CHECK(failure_reason(end) == "an illegal memory access was encountered");
}

TEST_CASE("a worker that dies by a signal: its operation is named, the reason says how") {
  std::vector<WorkerMessage> seen;
  const WorkerEnd end = run_fake("say \"$M1\"; kill -SEGV $$", seen, {start_line(5, {skeleton("crash")})});
  CHECK(end.how == WorkerEnd::How::signaled);
  CHECK(end.signal == SIGSEGV);
  REQUIRE(end.in_flight);
  CHECK(end.in_flight->rows.at(0).variant == "crash");
  CHECK(failure_reason(end).find("the measuring worker died") == 0);
  CHECK(end.ready_seconds == -1);  // it never said ready
}

TEST_CASE("a hung operation is killed at its deadline, not before") {
  std::vector<WorkerMessage> seen;
  const auto t0 = std::chrono::steady_clock::now();
  // The first operation takes 0.3 s of a 2 s deadline: fine. The second never ends.
  const WorkerEnd end = run_fake("say \"$M1\"; sleep 0.3; say done; say \"$M2\"; exec sleep 60", seen,
                                 {start_line(2, {skeleton("slow")}), start_line(0.5, {skeleton("hang")})});
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(end.how == WorkerEnd::How::hung);
  REQUIRE(end.in_flight);
  CHECK(end.in_flight->rows.at(0).variant == "hang");
  CHECK(end.hung_seconds >= 0.5);
  CHECK(took < 5);
  CHECK(failure_reason(end).find("hung: no progress after 0.") == 0);
}

TEST_CASE("a worker that writes something else is killed and reported") {
  std::vector<WorkerMessage> seen;
  bool threw = false;
  try {
    run_fake("say 'hello there'; exec sleep 60", seen);
  } catch (const std::runtime_error& e) {
    threw = std::string(e.what()).find("broke its protocol") != std::string::npos;
  }
  CHECK(threw);
  CHECK_THROWS_AS(run_worker({"/no/such/worker"}, [](const WorkerMessage&) {}), std::runtime_error);
}

TEST_CASE("a Ctrl-C is passed on to the worker once") {
  std::vector<WorkerMessage> seen;
  bool asked = false;
  // The worker counts the SIGINTs it gets and exits 130 after the first.
  const std::string body =
      "say() { printf '%s\\n' \"$1\" >&\"$DOTSWEEP_WORKER_FD\"; }; trap 'exit 130' INT; say 'ready 0'; "
      "while :; do sleep 0.05; done";
  const WorkerEnd end = run_worker(
      {"/bin/bash", "-c", body},
      [&](const WorkerMessage& m) {
        seen.push_back(m);
        asked = true;  // interrupt once the worker is up
      },
      [&] { return asked; });
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 130);
}

TEST_CASE("a repeated start is a heartbeat: the deadline counts from the latest one") {
  // Rows held for the counter pass: the worker repeats the start of the
  // operation in flight each time an earlier one's rows come out. Three
  // heartbeats 0.3 s apart outlive a 0.5 s deadline without being hung...
  std::vector<WorkerMessage> seen;
  WorkerEnd end = run_fake("say \"$M1\"; for i in 1 2 3; do sleep 0.3; say \"$M1\"; done; sleep 0.3; say done; exit 0",
                           seen, {start_line(0.5, {skeleton("held")})});
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 0);
  CHECK_FALSE(end.in_flight);
  // ... and without the heartbeats the same timing is a hang.
  seen.clear();
  end = run_fake("say \"$M1\"; sleep 1.2; say done; exit 0", seen, {start_line(0.5, {skeleton("held")})});
  CHECK(end.how == WorkerEnd::How::hung);
}

TEST_CASE("an 'into' message reaches the supervisor's handler") {
  std::vector<WorkerMessage> seen;
  const WorkerEnd end =
      run_fake("say 'into screen.csv'; say \"$M1\"; say 'failed a trap'; exit 4", seen, {start_line(5, {skeleton("s")})});
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].kind == WorkerMessage::Kind::into);
  CHECK(seen[0].file == "screen.csv");
  REQUIRE(end.in_flight);
  CHECK(end.exit_status == 4);
}

TEST_CASE("the worker runs `program` under the name argv[0] gives it") {
  // The worker prints its resume command from its argv: the user's spelling.
  const WorkerEnd end = run_worker(
      {"my-dotsweep", "-c", "read -r -d '' first < /proc/$$/cmdline; [[ $first == my-dotsweep ]] && exit 0 || exit 9"},
      [](const WorkerMessage&) {}, {}, "/bin/bash");
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 0);
}

TEST_CASE("a Ctrl-C is passed on while the worker is silent (setup, compiling)") {
  // Nothing in flight and no message coming: the supervisor must still wake
  // up to pass the Ctrl-C on, not wait for the worker's next line.
  const auto t0 = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const std::string body =
      "say() { printf '%s\\n' \"$1\" >&\"$DOTSWEEP_WORKER_FD\"; }; trap 'exit 130' INT; say 'ready 0'; "
      "for i in $(seq 1 200); do sleep 0.05; done; exit 7";
  const WorkerEnd end = run_worker({"/bin/bash", "-c", body}, [](const WorkerMessage&) {},
                                   [&] { return elapsed() > 0.3; });
  CHECK(end.how == WorkerEnd::How::exited);
  CHECK(end.exit_status == 130);
  CHECK(elapsed() < 5);
}
