#include "sweep/end_of_sweep.hpp"

#include "core/io/text_file.hpp"

namespace dotsweep {

std::string end_of_sweep_text(const ReportFolder& report, bool whole_summary) {
  return end_of_report_text(report.terminal_summary(), report.path(), whole_summary);
}

std::string end_of_report_text(const std::string& shown, const std::string& folder, bool whole_summary) {
  const std::string summary_path = folder + "/summary.md";
  // Read back rather than kept: what is printed is what the folder holds.
  if (whole_summary) return read_text_file(summary_path);
  return shown + "\nthe fastest rows of every (type, n, mode) group: " + summary_path +
         " (--print-summary prints all of it)\n";
}

}  // namespace dotsweep
