#include "cli/report_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli/option_checks.hpp"
#include "sweep/report_plots.hpp"
#include "core/input_error.hpp"
#include "core/report/context_rows.hpp"
#include "core/report/report_context.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/summary_context.hpp"
#include "core/report/text_file.hpp"

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

}  // namespace

void add_report_options(CLI::App& command, ReportOptions& o) {
  command.add_option("input", o.input, "a report folder, or a sweep.csv / .csv.gz")->required();
  command.add_option("-o,--out", o.out_dir, "the folder to write the report into, holding no report yet")->required();
  command.add_option("--context", o.context_path,
                     "the report's context.json (default: context.json beside a sweep.csv, NAME.context.json beside "
                     "NAME.csv.gz)");
  command.add_option("--top", o.top, "variants per group in summary.md")->default_val(o.top);
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
  ReportFolder::require_free(options.out_dir);

  ReportFolder folder(options.out_dir);
  folder.write_context(context.dump(2) + "\n");
  folder.finish(records, options.top, planned_candidates(context), opening, closing);
  std::printf("report: %zu rows of %s rendered into %s (summary.md, best.csv, sweep.csv, context.json)\n",
              records.size(), csv.c_str(), options.out_dir.c_str());
  write_report_plots(options.out_dir);  // best effort, as after a sweep
  return 0;
}

}  // namespace dotsweep
