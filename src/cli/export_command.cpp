// `dotsweep export REPORT... --header FILE [--kernel-tuner DIR] [--mode M]`:
// the tuned tables of the reports (core/tuned_tables.hpp) as a C++ header
// for include/dotsweep/dot.cuh and, optionally, as Kernel Tuner results
// files. Everything is built and every destination checked before the first
// byte is written, so bad input leaves nothing behind.
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "cli/commands.hpp"
#include "core/dispatch_header.hpp"
#include "core/input_error.hpp"
#include "core/kernel_tuner_results.hpp"
#include "core/report_writer.hpp"

namespace dotsweep {

namespace {

namespace fs = std::filesystem;

// A file we may create or replace: not a folder, in a folder that exists.
void check_file_destination(const std::string& path, const std::string& option) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(option + " " + path + ": is a folder; name the file to write");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw InputError(option + " " + path + ": its folder " + parent.string() + " does not exist");
}

void check_folder_destination(const std::string& path, const std::string& option) {
  std::error_code ec;
  if (fs::exists(path, ec) && !fs::is_directory(path, ec))
    throw InputError(option + " " + path + ": exists and is not a folder");
  const fs::path parent = fs::path(path).parent_path();
  if (!fs::exists(path, ec) && !parent.empty() && !fs::is_directory(parent, ec))
    throw InputError(option + " " + path + ": its parent folder " + parent.string() + " does not exist");
}

}  // namespace

int run_export(const ExportOptions& options) {
  if (options.reports.empty()) throw InputError("export needs at least one report (sweep.csv or .csv.gz)");
  std::vector<ExportReport> reports;
  for (const auto& path : options.reports) reports.push_back(read_export_report(path));
  const TunedTables tables = tuned_tables(reports, options.mode);
  const std::string header = dispatch_header_text(tables);
  const std::vector<KernelTunerFile> kt_files =
      options.kernel_tuner_dir.empty() ? std::vector<KernelTunerFile>{} : kernel_tuner_results(tables);
  check_file_destination(options.header_path, "--header");
  if (!options.kernel_tuner_dir.empty()) check_folder_destination(options.kernel_tuner_dir, "--kernel-tuner");

  write_text_file(options.header_path, header);
  if (!options.kernel_tuner_dir.empty()) {
    std::error_code ec;
    fs::create_directory(options.kernel_tuner_dir, ec);
    if (ec) throw InputError("--kernel-tuner " + options.kernel_tuner_dir + ": cannot create it: " + ec.message());
    for (const auto& file : kt_files) write_text_file((fs::path(options.kernel_tuner_dir) / file.name).string(), file.text);
  }
  std::size_t ranges = 0;
  for (const auto& device : tables.devices)
    for (const auto& t : device.types) ranges += t.ranges.size();
  std::printf("dotsweep export: %zu ranges over %zu compute capabilities -> %s\n", ranges, tables.devices.size(),
              options.header_path.c_str());
  return 0;
}

}  // namespace dotsweep
