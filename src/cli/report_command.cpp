#include "cli/report_command.hpp"

#include <CLI/CLI.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "cli/help_text.hpp"
#include "cli/option_checks.hpp"
#include "sweep/report_plots.hpp"
#include "core/input_error.hpp"
#include "core/rows/context_rows.hpp"
#include "core/rows/report_context.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/summary_context.hpp"
#include "core/io/text_file.hpp"

namespace dotsweep {

namespace {

namespace fs = std::filesystem;

// The sweep.csv of a report folder: plain, else gzipped.
std::string sweep_csv_in(const std::string& folder) {
  const fs::path plain = fs::path(folder) / "sweep.csv";
  const fs::path gzipped = fs::path(folder) / "sweep.csv.gz";
  std::error_code ec;
  // One that is there but no regular file (a FIFO) is the reader's to refuse.
  if (fs::exists(plain, ec)) return plain.string();
  if (fs::exists(gzipped, ec)) return gzipped.string();
  throw InputError("report: '" + folder + "' holds no sweep.csv (or sweep.csv.gz); pass a report folder or a sweep.csv");
}

nlohmann::json read_context(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec))  // one that is there but no regular file is the reader's to refuse
    throw InputError("report: no context.json at '" + path + "'; pass --context FILE");
  try {
    return nlohmann::json::parse(read_text_file(path, kContextKind));
  } catch (const nlohmann::json::parse_error&) {
    throw InputError("report: '" + path + "' is not JSON; pass the report's context.json with --context FILE");
  }
}

// ---- the staged folder's signal cleanup: only async-signal-safe calls

constexpr int kCleanedSignals[] = {SIGINT, SIGTERM, SIGHUP};
char g_staging[4096];  // the folder the handler removes; "" when none
struct sigaction g_previous[3];

// Removes the flat folder `path` (a report folder holds no subfolder) with
// system calls alone: no allocation, so a signal handler may call it.
void remove_flat_folder(const char* path) {
  const int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  alignas(8) static char entries[8192];
  for (int pass = 0; pass < 64; ++pass) {
    const long read = ::syscall(SYS_getdents64, dir, entries, sizeof entries);
    if (read <= 0) break;
    for (long at = 0; at < read;) {
      const auto* entry = reinterpret_cast<const struct dirent64*>(entries + at);
      const char* name = entry->d_name;
      if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) ::unlinkat(dir, name, 0);
      at += entry->d_reclen;
    }
  }
  ::close(dir);
  ::rmdir(path);
}

void on_signal(int signal) {
  if (g_staging[0] != '\0') remove_flat_folder(g_staging);
  // The usual end of this signal, so the shell sees what ended the command.
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void hold_signals(bool hold) {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal : kCleanedSignals) sigaddset(&set, signal);
  sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, nullptr);
}

// ".NAME.partial-" of OUT = PARENT/NAME.
std::string staging_prefix(const fs::path& out) { return "." + out.filename().string() + ".partial-"; }

// Temporary folders of earlier runs for OUT whose process is gone.
void remove_stale_stagings(const fs::path& out) {
  const std::string prefix = staging_prefix(out);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out.parent_path(), ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string pid_text = name.substr(prefix.size());
    if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos || pid_text.size() > 9)
      continue;
    const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    std::error_code removed;
    fs::remove_all(entry.path(), removed);
  }
}

}  // namespace

StagedReportFolder::StagedReportFolder(const std::string& out) {
  fs::path target = fs::absolute(out).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();  // "dir/" names dir
  out_ = target.string();
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) throw InputError("--out '" + out + "': cannot create its parent folder: " + ec.message());
  remove_stale_stagings(target);
  staging_ = (target.parent_path() / (staging_prefix(target) + std::to_string(::getpid()))).string();
  if (staging_.size() >= sizeof g_staging)
    throw InputError("--out '" + out + "': the path is too long to write a report beside it");
  fs::remove_all(staging_, ec);
  std::memcpy(g_staging, staging_.c_str(), staging_.size() + 1);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 3; ++i) {
    sigaction(kCleanedSignals[i], nullptr, &g_previous[i]);
    if (g_previous[i].sa_handler != SIG_IGN) sigaction(kCleanedSignals[i], &action, nullptr);  // nohup stays
  }
}

void StagedReportFolder::publish() {
  hold_signals(true);  // a signal now would leave half of the files moved
  std::error_code ec;
  if (!fs::exists(out_, ec)) {
    fs::rename(staging_, out_, ec);
  } else {
    for (const auto& entry : fs::directory_iterator(staging_, ec)) {
      fs::rename(entry.path(), fs::path(out_) / entry.path().filename(), ec);
      if (ec) break;
    }
    if (!ec) fs::remove(staging_, ec);
  }
  if (ec) {
    hold_signals(false);
    throw std::runtime_error("cannot move the report from '" + staging_ + "' to '" + out_ + "': " + ec.message());
  }
  published_ = true;
  g_staging[0] = '\0';
  for (int i = 0; i < 3; ++i) sigaction(kCleanedSignals[i], &g_previous[i], nullptr);
  hold_signals(false);  // one held until now ends the process after the report is in place
}

StagedReportFolder::~StagedReportFolder() {
  if (published_) return;
  hold_signals(true);
  g_staging[0] = '\0';
  std::error_code ec;
  fs::remove_all(staging_, ec);
  for (int i = 0; i < 3; ++i) sigaction(kCleanedSignals[i], &g_previous[i], nullptr);
  hold_signals(false);
}

void add_report_options(CLI::App& command, ReportOptions& o) {
  command.add_option("input", o.input, "a report folder, or a sweep.csv / .csv.gz")->required();
  command.add_option("-o,--out", o.out_dir, "the folder to write the report into, holding no report yet")->required();
  command.add_option("--context", o.context_path,
                     "the report's context.json (default: context.json beside a sweep.csv, NAME.context.json beside "
                     "NAME.csv.gz)");
  command.add_option("--top", o.top, "variants per group in summary.md")->default_val(o.top);
  command.footer(subcommand_footer("report"));  // added after describe_program, which would give the sweep's
}

int run_report_command(const ReportOptions& options) {
  if (options.top < 0) throw InputError("report --top " + std::to_string(options.top) + ": must be 0 or more");
  CommandPaths paths;  // before anything is read or written
  add_report_input(paths, "report", options.input);
  paths.input("--context", options.context_path);
  paths.output_folder("--out", options.out_dir, report_file_names());
  paths.require_apart();
  std::error_code ec;
  if (!fs::exists(options.input, ec)) throw InputError("report: no such file or folder: '" + options.input + "'");
  const std::string csv = fs::is_directory(options.input, ec) ? sweep_csv_in(options.input) : options.input;
  const std::string context_path = options.context_path.empty() ? report_context_path(csv) : options.context_path;
  std::vector<MeasurementRecord> records = read_records(csv);
  if (records.empty()) throw InputError("report: '" + csv + "' holds no rows");
  const nlohmann::json context = read_context(context_path);
  require_context_matches_rows(context, context_path, records, csv);
  // Built before the folder is made, so a context that cannot be read leaves nothing behind.
  std::string opening, closing;
  try {
    opening = summary_opening(context);
    closing = summary_closing(context);
  } catch (const InputError& e) {
    throw InputError("report: '" + context_path + "': " + e.what());
  }
  ReportFolder::require_free(options.out_dir, /*offer_resume=*/false);

  StagedReportFolder staged(options.out_dir);
  {
    ReportFolder folder(staged.path());
    folder.write_context(context.dump(2) + "\n");
    folder.finish(records, options.top, planned_candidates(context), opening, closing);
  }
  write_report_plots(staged.path(), options.out_dir);  // best effort, as after a sweep
  staged.publish();
  std::printf("report: %zu rows of %s rendered into %s (summary.md, best.csv, sweep.csv, context.json)\n",
              records.size(), csv.c_str(), options.out_dir.c_str());
  return 0;
}

}  // namespace dotsweep
