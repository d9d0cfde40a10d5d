// `dotsweep report SWEEP_CSV|REPORT_DIR -o OUT_DIR`: re-renders a report
// folder's derived files (best.csv, summary.md, the ranked sweep.csv and the
// plots) from a sweep.csv and its context.json through the code the sweep
// writes them with (core/report/report_folder.hpp, core/report/summary_context.hpp). No
// GPU needed: a committed report's summary can be regenerated after the
// summary's code changes.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace dotsweep {

struct ReportOptions {
  std::string input;         // a report folder, or a sweep.csv / .csv.gz
  std::string context_path;  // empty: beside the input (report_context_path)
  std::string out_dir;       // holding no report yet
  int top = 5;               // rows per group in summary.md, as the sweep's --top
};

void add_report_options(CLI::App& command, ReportOptions& options);

// Exit 0. Throws InputError (exit 2) for a missing or malformed input, a
// context.json that is not one, or a taken output folder, before anything is
// written.
int run_report_command(const ReportOptions& options);

// A report folder for OUT written beside it under a temporary name
// (".NAME.partial-PID") and moved into place by publish(), so a failure,
// Ctrl-C, SIGTERM or SIGHUP before then leaves nothing under OUT to block a
// rerun: the destructor removes the temporary folder, and so does the signal
// handler this installs before the signal ends the process with its usual
// status. The temporary folders of runs no longer alive (killed with
// SIGKILL) are removed when the next one for OUT starts. One at a time.
class StagedReportFolder {
 public:
  explicit StagedReportFolder(const std::string& out);
  ~StagedReportFolder();
  StagedReportFolder(const StagedReportFolder&) = delete;
  StagedReportFolder& operator=(const StagedReportFolder&) = delete;
  // Where to write the report: not yet created.
  const std::string& path() const { return staging_; }
  // Moves the folder to OUT (renamed whole when OUT does not exist, else
  // file by file into it) with the signals held until it is done.
  void publish();

 private:
  std::string out_, staging_;
  bool published_ = false;
};

}  // namespace dotsweep
