// The measuring worker's end of the pipe to its supervisor: a worker is a
// `dotsweep sweep --worker` run whose environment names the pipe's descriptor
// ($DOTSWEEP_WORKER_FD, set by cli/worker_supervisor). Lines follow
// core/rows/worker_protocol.hpp.
#pragma once

#include <optional>
#include <string>

namespace dotsweep {

class WorkerChannel {
 public:
  // The channel named by $DOTSWEEP_WORKER_FD; throws InputError when it is
  // unset or not a descriptor (--worker is for the supervisor only).
  static WorkerChannel from_environment();
  // Writes one line and its "\n" whole; a supervisor that has gone ends the
  // worker (SIGPIPE), which is what it should do then.
  void send(const std::string& line) const;

 private:
  explicit WorkerChannel(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace dotsweep
