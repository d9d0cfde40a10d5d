#include "core/report_folder.hpp"

#include <filesystem>

#include "core/input_error.hpp"
#include "core/ranking.hpp"

namespace dotsweep {

namespace {
// Runs before the CSV writer opens sweep.csv, so a taken folder is never touched.
std::string claim_folder(const std::string& path) {
  ReportFolder::require_free(path);
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw InputError("cannot create report folder '" + path + "': " + ec.message() + " (pass --out DIR)");
  return path + "/sweep.csv";
}
}  // namespace

void ReportFolder::require_free(const std::string& path) {
  if (path.empty()) throw InputError("--out: the report folder name is empty");
  for (const auto& name : report_file_names())
    if (std::filesystem::exists(std::filesystem::path(path) / name))
      throw InputError("report folder '" + path + "' already holds a report (" + name +
                       "); pass a new --out folder (resuming a sweep is not built yet)");
}

const std::vector<std::string>& report_file_names() {
  static const std::vector<std::string> names{"sweep.csv", "best.csv", "summary.md", "context.json"};
  return names;
}

ReportFolder::ReportFolder(std::string path) : path_(std::move(path)), csv_(claim_folder(path_)) {}

void ReportFolder::write_context(const std::string& json_text) { write_text_file(path_ + "/context.json", json_text); }

void ReportFolder::append(const MeasurementRecord& record) { csv_.append(record); }

std::string ReportFolder::finish(std::vector<MeasurementRecord>& records, int top) {
  rank_records(records);
  write_records(path_ + "/sweep.csv", records);
  write_best_csv(path_ + "/best.csv", best_per_group(records));
  const std::string summary = summary_markdown(records, top);
  write_text_file(path_ + "/summary.md", summary + "\n");
  return summary;
}

}  // namespace dotsweep
