// `dotsweep export REPORT... --header FILE [--kernel-tuner DIR] [--mode M]
// [--nvbench FILE]`: the tuned tables of the reports (core/export/tuned_tables.hpp)
// as a C++ header for include/dotsweep/dot.cuh and, optionally, as Kernel
// Tuner results files; and/or one report in NVBench's JSON format.
// Everything is built and every destination checked before the first byte is
// written, so bad input leaves nothing behind.
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "core/space/element_type.hpp"
#include "core/export/dispatch_header.hpp"
#include "core/input_error.hpp"
#include "core/export/kernel_tuner_results.hpp"
#include "core/export/nvbench_bulk.hpp"
#include "core/export/nvbench_json.hpp"
#include "core/report/report_writer.hpp"

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
  fs::path folder(path);
  if (!folder.has_filename()) folder = folder.parent_path();  // "kt/" names the folder kt
  const fs::path parent = folder.parent_path();
  if (!fs::exists(path, ec) && !parent.empty() && !fs::is_directory(parent, ec))
    throw InputError(option + " " + path + ": its parent folder " + parent.string() + " does not exist");
}

}  // namespace

int run_export(const ExportOptions& options) {
  if (options.reports.empty()) throw InputError("export needs at least one report (sweep.csv or .csv.gz)");
  if (options.header_path.empty() && options.nvbench_path.empty())
    throw InputError("export needs --header FILE (the C++ header) or --nvbench FILE (NVBench's JSON), or both");
  if (options.header_path.empty() && !options.kernel_tuner_dir.empty())
    throw InputError("--kernel-tuner goes with --header: both come from the tuned table");
  if (!options.nvbench_path.empty() && options.reports.size() != 1)
    throw InputError("--nvbench takes one report (NVBench's JSON describes one run); got " +
                     std::to_string(options.reports.size()));
  CommandPaths paths;  // before anything is read or written
  for (const auto& path : options.reports) add_report_input(paths, "report", path);
  paths.output_file("--header", options.header_path);
  std::vector<std::string> kt_names;  // the files --kernel-tuner may write: one per element type
  for (const ElementType type : all_element_types()) kt_names.push_back("dot_" + to_string(type) + ".json");
  paths.output_folder("--kernel-tuner", options.kernel_tuner_dir, kt_names);
  paths.output_file("--nvbench", options.nvbench_path);
  paths.require_apart();
  std::string header;
  std::vector<KernelTunerFile> kt_files;
  std::size_t ranges = 0, devices = 0;
  if (!options.header_path.empty()) {
    std::vector<ExportReport> reports;
    for (const auto& path : options.reports) reports.push_back(read_export_report(path));
    const TunedTables tables = tuned_tables(reports, options.mode);
    if (options.kernel_tuner_dir.empty()) require_header_holds_all(tables);
    header = dispatch_header_text(tables);
    if (!options.kernel_tuner_dir.empty()) kt_files = kernel_tuner_results(tables);
    for (const auto& device : tables.devices)
      for (const auto& t : device.types) ranges += t.ranges.size();
    devices = tables.devices.size();
    check_file_destination(options.header_path, "--header");
  }
  const NvbenchJson nvbench =
      options.nvbench_path.empty() ? NvbenchJson{} : nvbench_export_of(options.reports.front(), options.nvbench_path);
  if (!options.kernel_tuner_dir.empty()) check_folder_destination(options.kernel_tuner_dir, "--kernel-tuner");
  if (!options.nvbench_path.empty()) check_file_destination(options.nvbench_path, "--nvbench");
  const fs::path nvbench_dir = fs::path(options.nvbench_path).parent_path();
  for (const auto& file : nvbench.bulk)  // the sidecar folders beside the JSON
    check_folder_destination((nvbench_dir / fs::path(file.path).parent_path()).string(), "--nvbench's samples");

  if (!options.header_path.empty()) write_text_file(options.header_path, header);
  if (!options.kernel_tuner_dir.empty()) {
    std::error_code ec;
    fs::create_directory(options.kernel_tuner_dir, ec);
    if (ec) throw InputError("--kernel-tuner " + options.kernel_tuner_dir + ": cannot create it: " + ec.message());
    for (const auto& file : kt_files) write_text_file((fs::path(options.kernel_tuner_dir) / file.name).string(), file.text);
  }
  if (!options.nvbench_path.empty()) {
    for (const auto& file : nvbench.bulk) {
      const fs::path path = nvbench_dir / file.path;
      std::error_code ec;
      fs::create_directory(path.parent_path(), ec);
      if (ec) throw InputError("--nvbench: cannot create " + path.parent_path().string() + ": " + ec.message());
      write_text_file(path.string(), file.bytes);
    }
    write_text_file(options.nvbench_path, nvbench.text);
    if (!nvbench.warning.empty()) std::fprintf(stderr, "dotsweep export: %s\n", nvbench.warning.c_str());
    std::printf("dotsweep export: %s in NVBench's JSON format -> %s\n", options.reports.front().c_str(),
                options.nvbench_path.c_str());
  }
  if (!options.header_path.empty())
    std::printf("dotsweep export: %zu ranges over %zu compute capabilities -> %s\n", ranges, devices,
                options.header_path.c_str());
  return 0;
}

}  // namespace dotsweep
