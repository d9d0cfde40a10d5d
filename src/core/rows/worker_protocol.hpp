// What a measuring worker process tells its supervisor, one line at a time on
// a pipe (docs/design.md, "Fault isolation"):
//   ready <seconds>            set up (device, cubins, read ceiling) after <seconds>
//   folder <path>              the report folder it writes
//   into <file>                the file in that folder where the rows of the
//                              operations that follow go: sweep.csv until
//                              told otherwise, screen.csv while halving screens
//   start <deadline> <csv>     starting an operation at one n; <deadline> is the
//                              watchdog's limit in seconds, <csv> the operation's
//                              rows (one per mode) as sweep.csv lines joined by
//                              a tab, before any measurement
//   done                       the operation in flight handed over its rows
//   failed <reason>            the operation in flight lost the CUDA context
//                              (the CUDA error, one line); the worker then exits
// The supervisor never touches CUDA: when the worker faults, dies or misses
// a deadline, the rows of the operation in flight are all it needs to record
// the failure (correct=0, the reason) and start a new worker that skips it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/rows/record.hpp"
#include "core/sampling/statistics.hpp"

namespace dotsweep {

struct WorkerMessage {
  enum class Kind { ready, folder, into, start, done, failed } kind = Kind::done;
  double seconds = 0;                      // ready: setup time; start: the deadline
  std::string folder;                      // folder
  std::string file;                        // into: a plain file name, no folder
  std::string reason;                      // failed
  std::vector<MeasurementRecord> rows;     // start: the skeleton rows of the operation
};

std::string ready_line(double seconds);
std::string folder_line(const std::string& path);
std::string into_line(const std::string& file_name);
std::string start_line(double deadline_seconds, const std::vector<MeasurementRecord>& skeleton_rows);
std::string done_line();
std::string failed_line(const std::string& reason);  // the reason's first line
// Parses one line (without its "\n"); throws InputError naming the line when
// it is not one of the above.
WorkerMessage parse_worker_line(const std::string& line);

// Seconds the watchdog allows one operation at size n before it calls it
// hung: max(floor, 100 x the time to read both inputs `launches` times at
// `gbps`), plus every mode's timing budget twice over (the stopping rule may
// overrun its budget by a sample).
inline constexpr double kWatchdogFloorSeconds = 10;
// The rate the watchdog assumes for a host path (measure/host_paths.hpp):
// below any copy from pageable memory over PCIe and any one CPU core's dot,
// where the GPU's own bandwidth would kill a healthy copy of 4 GiB.
inline constexpr double kHostPathWatchdogGbps = 1.0;
double watchdog_deadline(long long n, int element_bytes, double gbps, std::size_t launches, const StoppingRule& rule,
                         std::size_t modes);

// The rows recorded for an operation the worker could not finish: its
// skeleton rows marked incorrect with `reason`, untimed.
std::vector<MeasurementRecord> failed_rows(std::vector<MeasurementRecord> skeleton_rows, const std::string& reason);

}  // namespace dotsweep
