#include "sweep/supervised_sweep.hpp"

#include <unistd.h>

#include <climits>
#include <filesystem>
#include <cstdio>

#include "sweep/interrupt.hpp"
#include "sweep/worker_supervisor.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/resume_plan.hpp"
#include "core/io/text_file.hpp"
#include "core/rows/worker_protocol.hpp"

namespace dotsweep {

namespace {

// True when sweep.csv already holds every row of the operation: the worker
// wrote them and died before it could say "done". Recording them again would
// make the report unreadable (a duplicate row).
bool already_recorded(const std::string& csv_path, const std::vector<MeasurementRecord>& rows) {
  if (!std::filesystem::exists(csv_path)) return false;
  std::vector<std::string> modes;
  for (const auto& row : rows) modes.push_back(row.mode);
  const ResumableCsv csv = read_resumable_csv(read_text_file(csv_path), csv_path);
  return plan_resume(csv.rows, modes).finished.count(row_key(rows.front())) > 0;
}

}  // namespace

int run_supervised_sweep(const SweepOptions& options) {
  std::vector<std::string> argv = options.command_line;  // argv[0] as the user typed it
  if (argv.empty()) argv.push_back("dotsweep");
  const std::string program = own_executable();
  std::vector<std::string> worker_argv = argv;
  worker_argv.push_back("--worker");
  const InterruptGuard interrupt_guard;  // the first Ctrl-C is passed on; a second ends us at once
  std::string folder;
  for (int restarts = 0;; ++restarts) {
    std::string rows_file = "sweep.csv";  // until the worker says it screens (halving)
    const WorkerEnd end = run_worker(
        worker_argv,
        [&](const WorkerMessage& m) {
          if (m.kind == WorkerMessage::Kind::folder) folder = m.folder;
          if (m.kind == WorkerMessage::Kind::into) rows_file = m.file;
        },
        [] { return interrupt_requested(); }, program);
    if (restarts > 0 && end.ready_seconds >= 0)
      std::fprintf(stderr, "dotsweep: restart cost: the new worker was measuring %.2f s after it was started\n",
                   end.ready_seconds);
    const bool operation_failed =
        end.in_flight && (end.how != WorkerEnd::How::exited || end.exit_status == 4) && !interrupt_requested();
    if (!operation_failed || folder.empty()) {
      if (end.how == WorkerEnd::How::exited) return end.exit_status;
      if (interrupt_requested()) return kInterruptedExit;
      std::fprintf(stderr, "dotsweep: the GPU failed: %s, outside any operation\n", failure_reason(end).c_str());
      return 4;
    }
    const std::string reason = failure_reason(end);
    const std::vector<MeasurementRecord> rows = failed_rows(end.in_flight->rows, reason);
    const std::string rows_path = folder + "/" + rows_file;
    if (!already_recorded(rows_path, rows)) {
      SweepCsvWriter csv(rows_path);  // the worker is gone: ours alone now (a torn last row is cut)
      for (const auto& row : rows) csv.append(row);
    }
    std::fprintf(stderr, "dotsweep: %s (%s) at n=%lld: %s; recorded as incorrect, starting a new worker\n",
                 rows.front().variant.c_str(), rows.front().type.c_str(), static_cast<long long>(rows.front().n),
                 reason.c_str());
    if (restarts + 1 > kMostWorkerRestarts) {
      std::fprintf(stderr, "dotsweep: the GPU failed: %d workers lost; giving up (the report in %s is resumable)\n",
                   restarts + 1, folder.c_str());
      return 4;
    }
    worker_argv = resume_arguments(argv, folder);
    worker_argv.push_back("--worker");
  }
}

}  // namespace dotsweep
