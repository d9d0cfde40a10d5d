// The supervisor's side of a measuring worker process (docs/design.md, "Fault
// isolation"): starts the worker (posix_spawn: a CUDA context must never be
// forked), reads its messages (core/rows/worker_protocol.hpp) from a pipe whose
// descriptor it finds in $DOTSWEEP_WORKER_FD, and kills it (SIGKILL) when an
// operation outlives the deadline its start message gave. Never touches CUDA.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/rows/worker_protocol.hpp"

namespace dotsweep {

inline constexpr const char* kWorkerFdVariable = "DOTSWEEP_WORKER_FD";

struct WorkerEnd {
  enum class How { exited, signaled, hung } how = How::exited;
  int exit_status = 0;          // exited
  int signal = 0;               // signaled (hung: SIGKILL, sent by the watchdog)
  double hung_seconds = 0;      // hung: how long the operation in flight had run
  // The operation started and not done when the worker ended: the one that
  // faulted, crashed or hung. Empty when it ended between operations.
  std::optional<WorkerMessage> in_flight;
  std::string worker_reason;    // from a "failed" message: the CUDA error
  double ready_seconds = -1;    // from the spawn to its "ready" message; -1 when none came
};

// Runs the worker `argv` (argv[0] a path; stdin, stdout and stderr shared
// with ours) to its end, handing each message to on_message as it arrives.
// The worker runs in its own process group, so a Ctrl-C at the terminal
// reaches only us: once `interrupted` turns true it is passed on to the
// worker as one SIGINT (the worker then stops after its row in flight).
// Throws std::runtime_error when it cannot be started, or (after killing it)
// when it writes a line that is not a message.
// `program` is the file run when argv[0] is only what the worker is called
// (the user's spelling, so that the resume command it prints is theirs).
WorkerEnd run_worker(const std::vector<std::string>& argv, const std::function<void(const WorkerMessage&)>& on_message,
                     const std::function<bool()>& interrupted = {}, const std::string& program = {});

// This program's own path, so a worker (or a GPU's sweep) is the same build.
std::string own_executable();

// The reason recorded for the operation in flight when the worker ended.
std::string failure_reason(const WorkerEnd& end);

}  // namespace dotsweep
