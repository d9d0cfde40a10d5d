// A measuring worker's side of fault isolation (docs/design.md, "Fault
// isolation"): the messages a `dotsweep sweep --worker` run sends to its
// supervisor over cli/worker_channel, and the loop hooks that make them a
// heartbeat. Every call does nothing when this run is not a worker.
#pragma once

#include <optional>
#include <string>

#include "sweep/sweep_loop.hpp"
#include "sweep/sweep_options.hpp"
#include "sweep/worker_channel.hpp"
#include "gpu/device_info.hpp"

namespace dotsweep {

// A worker's messages to its supervisor; every call does nothing when this
// run is not a worker. The heartbeat: before each operation's passes at n,
// its rows-to-be and the watchdog's deadline ("start"), and "done" once the
// operation in flight handed over its rows.
class SupervisorLink {
 public:
  // A worker (--worker) opens its channel ($DOTSWEEP_WORKER_FD; InputError
  // without one) and asks to be killed with its supervisor.
  explicit SupervisorLink(const SweepOptions& options);
  void send(const std::string& line) const {
    if (channel_) channel_->send(line);
  }
  bool is_worker() const { return channel_.has_value(); }
  // The loop's hooks that send the heartbeat (none when not a worker); env
  // and device must outlive the loop.
  LoopHooks hooks(const Environment& env, const DeviceInfo& device);

 private:
  void announce(const MeasuredOperation& op, long long n, const Environment& env, const DeviceInfo& device);

  const SweepOptions& options_;
  std::optional<WorkerChannel> channel_;
  std::string last_start_;
};

}  // namespace dotsweep
