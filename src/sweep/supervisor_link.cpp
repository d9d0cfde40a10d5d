#include "sweep/supervisor_link.hpp"

#include <signal.h>
#include <sys/prctl.h>

#include "core/space/element_type.hpp"
#include "core/rows/worker_protocol.hpp"

namespace dotsweep {

SupervisorLink::SupervisorLink(const SweepOptions& options) : options_(options) {
  if (!options.worker) return;
  channel_ = WorkerChannel::from_environment();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a killed supervisor takes its worker along
}

LoopHooks SupervisorLink::hooks(const Environment& env, const DeviceInfo& device) {
  if (!channel_) return {};
  return {[this, &env, &device](const MeasuredOperation& op, long long n) { announce(op, n, env, device); },
          [this](bool in_flight) {
            // Another operation's rows, held for the counter pass, finished
            // while the one in flight waits: it is alive, so its clock restarts.
            send(in_flight ? done_line() : last_start_);
          }};
}

void SupervisorLink::announce(const MeasuredOperation& op, long long n, const Environment& env,
                              const DeviceInfo& device) {
  std::vector<MeasurementRecord> rows;
  for (const TimingMode mode : options_.measure.modes) rows.push_back(record_skeleton(op, n, mode, env));
  const auto type = element_type_from_string(rows.front().type);
  const int bytes = type ? element_bytes(*type) : 8;
  const std::size_t launches = 3 + options_.measure.rule.max_samples;  // the checks, then at most this many samples
  const double gbps = op.host_path ? kHostPathWatchdogGbps : env.peak_gbps > 0 ? env.peak_gbps : device.peak_gbps;
  last_start_ = start_line(watchdog_deadline(n, bytes, gbps, launches, options_.measure.rule, options_.measure.modes.size()),
                           rows);
  send(last_start_);
}

}  // namespace dotsweep
