#include "core/report/crossover_markdown.hpp"
#include "core/report/report_folder.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/report/counter_rows.hpp"
#include "core/input_error.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/what_to_use.hpp"

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

std::string reopen_folder(const std::string& path, const std::vector<MeasurementRecord>& kept) {
  if (!std::filesystem::is_directory(path))
    throw InputError("--resume '" + path + "': not a report folder (no such folder)");
  write_records(path + "/sweep.csv", kept);  // atomically: a kill now leaves the old file or this one
  return path + "/sweep.csv";
}

// samples.csv.gz of a resumed folder: the samples of the kept rows only.
std::string kept_samples(const std::string& path, const std::vector<MeasurementRecord>& kept) {
  keep_samples_of(path + "/" + kSamplesFile, kept);
  return path + "/" + kSamplesFile;
}

// counters.csv of a resumed folder: its rows are merged into `kept` already.
std::string emptied_counter_rows(const std::string& path) {
  write_records(path + "/" + kCounterRowsFile, {});
  return path + "/" + kCounterRowsFile;
}
}  // namespace

namespace {
namespace fs = std::filesystem;

[[noreturn]] void cannot_write(const std::string& path, const std::string& why) {
  throw InputError("--out '" + path + "': cannot write a report there: " + why + "; pass a writable --out folder");
}

// Proves the folder can be written by doing it: permission bits do not tell
// (root ignores them; read-only mounts and /proc ignore root). For a missing
// folder, the first missing component is made and removed again, so nothing
// is left behind before the sweep has found a GPU.
void require_writable(const std::string& path) {
  std::error_code ec;
  fs::path missing;  // the outermost folder that does not exist yet
  fs::path at = fs::absolute(path, ec);
  if (ec) cannot_write(path, ec.message());
  while (!at.empty() && !fs::exists(fs::symlink_status(at, ec))) {
    missing = at;
    if (at == at.parent_path()) break;
    at = at.parent_path();
  }
  if (!fs::exists(at, ec)) cannot_write(path, "no existing parent folder");
  if (!fs::is_directory(at, ec)) {
    if (missing.empty()) throw InputError("--out '" + path + "' is an existing file, not a folder; pass a folder");
    cannot_write(path, "'" + at.string() + "' is a file, not a folder");
  }
  if (!missing.empty()) {
    if (!fs::create_directory(missing, ec) || ec) cannot_write(path, ec ? ec.message() : "cannot create a folder");
    fs::remove(missing, ec);
    return;
  }
  const fs::path probe = at / (".dotsweep-write-test-" + std::to_string(::getpid()));
  std::FILE* f = std::fopen(probe.c_str(), "wb");
  if (!f) cannot_write(path, std::strerror(errno));
  std::fclose(f);
  fs::remove(probe, ec);
}
}  // namespace

void ReportFolder::require_free(const std::string& path, bool offer_resume) {
  if (path.empty()) throw InputError("--out: the report folder name is empty");
  for (const auto& name : report_file_names()) {
    std::error_code ec;  // a name the file system refuses (too long, a file on the way) is the user's
    const bool taken = std::filesystem::exists(std::filesystem::path(path) / name, ec);
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
      cannot_write(path, ec.message());
    if (taken)
      throw InputError("report folder '" + path + "' already holds a report (" + name +
                       "); pass a new --out folder" + (offer_resume ? ", or --resume it to continue that sweep" : ""));
  }
  require_writable(path);
}

const std::vector<std::string>& report_file_names() {
  static const std::vector<std::string> names{"sweep.csv", "best.csv", "summary.md", "context.json", kCounterRowsFile, kSamplesFile};
  return names;
}

ReportFolder::ReportFolder(std::string path)
    : path_(std::move(path)),
      csv_(claim_folder(path_)),
      counters_(path_ + "/" + kCounterRowsFile),
      samples_(path_ + "/" + kSamplesFile) {}

ReportFolder::ReportFolder(std::string path, const std::vector<MeasurementRecord>& kept)
    : path_(std::move(path)),
      csv_(reopen_folder(path_, kept)),
      counters_(emptied_counter_rows(path_)),
      samples_(kept_samples(path_, kept)) {}

void ReportFolder::write_context(const std::string& json_text) { write_text_file(path_ + "/context.json", json_text); }

void ReportFolder::append(const MeasurementRecord& record) {
  samples_.append(record);
  csv_.append(record);
}

void ReportFolder::append_counters(const MeasurementRecord& record) { counters_.append(record); }

std::string ReportFolder::finish(std::vector<MeasurementRecord>& records, int top, const CandidateCounts& planned,
                                 const std::string& preamble, const std::string& appendix) {
  rank_records(records);
  write_records(path_ + "/sweep.csv", records);
  const auto partial = partial_groups(records, planned);
  write_best_csv(path_ + "/best.csv", best_per_group(records, partial));
  // The gate's default floor for this report's version series marks "within noise".
  GateRule rule;
  rule.min_gap_us = default_min_gap_us(records.empty() ? std::string() : records.front().env.dotsweep_version);
  std::string summary = (preamble.empty() ? "" : preamble + "\n") +
                        what_to_use_markdown(what_to_use(records, partial, rule), rule);
  const std::string host_paths = crossover_markdown(records);
  if (!host_paths.empty()) summary += (summary.empty() ? "" : "\n") + host_paths;
  terminal_ = summary;
  summary += (summary.empty() ? "" : "\n") + summary_markdown(records, top, partial);
  if (!appendix.empty()) {
    summary += "\n\n" + appendix;
    terminal_ += "\n" + appendix;
  }
  write_text_file(path_ + "/summary.md", summary + "\n");
  return summary;
}

}  // namespace dotsweep
