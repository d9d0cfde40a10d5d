#include "cli/distributed_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "cli/option_checks.hpp"
#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"
#include "core/report/distributed_table.hpp"
#include "core/io/markdown_text.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_naming.hpp"
#include "core/report/report_writer.hpp"
#include "core/space/device_selection.hpp"
#include "core/space/size_list.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_info.hpp"
#include "measure/distributed_measurer.hpp"

namespace dotsweep {

namespace {

struct CheckedInput {
  DeviceSelection devices;
  std::vector<int> gpu_counts;  // empty: default_gpu_counts of the GPUs found
  std::vector<std::int64_t> sizes;
  std::vector<ElementType> types;
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1)
    items.push_back(text.substr(start, comma - start));
  items.push_back(text.substr(start));
  return items;
}

void check_split(const std::vector<std::int64_t>& sizes, int most_gpus) {
  for (std::int64_t n : sizes)
    if (n < most_gpus)
      throw InputError("--sizes: n = " + std::to_string(n) + " cannot be split across " + std::to_string(most_gpus) +
                       " GPUs; give every GPU at least one element");
}

// The files a run writes into its --out folder.
const std::vector<std::string>& written_files() {
  static const std::vector<std::string> names{"distributed.csv", "distributed.md"};
  return names;
}

// --out as a sweep's is checked (an existing file, a folder holding a report,
// a path that cannot be written or whose name is too long), and refused when
// it holds an earlier distributed run: its rows would be written over.
void check_out(const std::string& out) {
  ReportFolder::require_free(out, /*offer_resume=*/false);
  for (const std::string& name : written_files()) {
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::path(out) / name, ec))
      throw InputError("--out '" + out + "' already holds " + name + "; pass a new --out folder");
  }
}

CheckedInput check_distributed_input(const DistributedOptions& o) {
  CheckedInput in;
  CommandPaths paths;  // no file is read; the one output folder is declared as every command's are
  paths.output_folder("--out", o.out_dir, written_files());
  paths.require_apart();
  in.devices = parse_device_selection(o.devices);
  if (!o.gpus.empty()) {
    for (const std::string& typed : split_commas(o.gpus)) {
      const std::string item = trimmed(typed);  // only the ends (core/io/whole_number.hpp)
      WholeNumber number;
      const std::string problem = read_whole_number(item, number);
      if (problem.rfind("has a leading zero", 0) == 0 || problem == "has whitespace inside")
        throw InputError("--gpus '" + o.gpus + "': '" + item + "' " + problem);
      const int g = problem.empty() && number.magnitude <= 9999 ? static_cast<int>(number.magnitude) : 0;
      if (g < 1 || std::find(in.gpu_counts.begin(), in.gpu_counts.end(), g) != in.gpu_counts.end())
        throw InputError("--gpus '" + o.gpus + "': '" + item + "' is not a new GPU count; accepted: distinct counts "
                         "from 1, such as 1,2,4");
      in.gpu_counts.push_back(g);
    }
    std::sort(in.gpu_counts.begin(), in.gpu_counts.end());
  }
  in.sizes = parse_sizes(o.sizes);
  if (!in.gpu_counts.empty()) check_split(in.sizes, in.gpu_counts.back());
  for (const std::string& name : split_commas(o.types)) {
    const std::optional<ElementType> type = element_type_from_string(name);
    if (!type || (*type != ElementType::f32 && *type != ElementType::f64))
      throw InputError("--types '" + o.types + "': '" + name +
                       "' is not one the distributed dot takes; accepted: f32, f64 (cuBLAS's dot and NCCL's sum of "
                       "one type)");
    if (std::find(in.types.begin(), in.types.end(), *type) != in.types.end())
      throw InputError("--types '" + o.types + "': " + name + " is named twice");
    in.types.push_back(*type);
  }
  check_stopping_rule(o.rule);
  if (!o.out_dir.empty()) check_out(o.out_dir);
  return in;
}

std::string context_text(const std::vector<DeviceIdentity>& gpus, const NcclLibrary& nccl,
                         const std::vector<std::string>& command_line) {
  std::string text = "GPUs, in the order the counts take them:\n\n";
  for (const DeviceIdentity& d : gpus)
    text += "- " + std::to_string(d.index) + ": " + d.name + " (" + d.uuid + ")\n";
  text += "\nNCCL " + nccl.version() + " (" + nccl.path() + "), NCCL_NVLS_ENABLE=" +
          (std::getenv("NCCL_NVLS_ENABLE") ? std::getenv("NCCL_NVLS_ENABLE") : "") + ".\n\nCommand: `";
  for (std::size_t i = 0; i < command_line.size(); ++i) text += (i ? " " : "") + command_line[i];
  return text + "`\n";
}

}  // namespace

void add_distributed_options(CLI::App& command, DistributedOptions& o) {
  command.add_option("--devices", o.devices, "all or GPU indices (0,2,...): the GPUs, in the order counts take them")
      ->default_str("all");
  command.add_option("--gpus", o.gpus, "GPU counts to time, e.g. 1,2 (default: 1, 2, 4, ... and every GPU given)");
  command.add_option("--sizes", o.sizes, "whole problem sizes, split across the GPUs")->default_str(o.sizes);
  command.add_option("--types", o.types, "f32, f64 or f32,f64")->default_str(o.types);
  command.add_option("--out", o.out_dir, "folder for distributed.csv and distributed.md (default: "
                     "results/<gpu-slug>-x<G>-distributed/<timestamp>)");
  command.add_option("--seed", o.seed, "input generator seed")->default_val(o.seed);
  add_stopping_rule_options(command, o.rule,
                            {"samples", "stop once the median's 95% interval is within +-PCT% of it", "row"});
  add_option_checks(command);
  command.footer(
      "Exit status: 0 every row correct; 1 a row wrong; 2 bad input (one line naming it); 3 no usable GPU or\n"
      "no NCCL (set DOTSWEEP_NCCL to libnccl.so.2's path); 4 the GPU failed. docs/scaling.md.");
}

int run_distributed_command(const DistributedOptions& o, const std::vector<std::string>& command_line) {
  const CheckedInput in = check_distributed_input(o);
  const std::vector<DeviceIdentity> host = list_devices();
  const std::vector<int> chosen = resolve_devices(in.devices, static_cast<int>(host.size()));
  std::vector<DeviceIdentity> gpus;
  for (int index : chosen) gpus.push_back(host[static_cast<std::size_t>(index)]);
  DistributedSettings settings;
  settings.devices = chosen;
  settings.gpu_counts = in.gpu_counts.empty() ? default_gpu_counts(static_cast<int>(chosen.size())) : in.gpu_counts;
  if (settings.gpu_counts.back() > static_cast<int>(chosen.size()))
    throw InputError("--gpus " + o.gpus + ": " + std::to_string(settings.gpu_counts.back()) + " GPUs, but --devices " +
                     o.devices + " gives " + std::to_string(chosen.size()));
  check_split(in.sizes, settings.gpu_counts.back());
  settings.sizes = in.sizes;
  settings.types = in.types;
  settings.rule = o.rule;
  settings.seed = o.seed;
  ::setenv("NCCL_NVLS_ENABLE", "0", 0);  // NVLink multicast stays off unless the user says otherwise
  std::unique_ptr<NcclLibrary> nccl;
  try {
    nccl = NcclLibrary::load();
  } catch (const GpuError& e) {
    throw NoDeviceError(std::string("dotsweep distributed needs NCCL: ") + e.what());
  }
  const std::string out = !o.out_dir.empty() ? o.out_dir
                                             : "results/" + gpu_slug(gpus.front().name) + "-x" +
                                                   std::to_string(settings.gpu_counts.back()) + "-distributed/" +
                                                   utc_timestamp_compact(std::time(nullptr));
  std::filesystem::create_directories(out);
  const std::string context = context_text(gpus, *nccl, command_line);
  std::vector<DistributedRow> so_far;
  const auto write = [&](const std::vector<DistributedRow>& rows) {  // after every row: nothing measured is lost
    write_text_file(out + "/distributed.csv", distributed_csv(rows, gpus.front().name, nccl->version()));
    write_text_file(out + "/distributed.md", distributed_markdown(rows, context));
  };
  const std::vector<DistributedRow> rows = measure_distributed(*nccl, settings, [&](const DistributedRow& row) {
    so_far.push_back(row);
    write(so_far);
    std::fprintf(stderr, "%s %s G=%d n=%s: %s\n", to_string(row.type).c_str(), row.local.c_str(), row.gpus,
                 size_label(row.n).c_str(),
                 row.correct ? fixed_or_dash(row.median_us, 2, " us").c_str() : ("wrong: " + row.reason).c_str());
  });
  write(rows);
  std::fputs(distributed_markdown(rows, context).c_str(), stdout);
  std::fprintf(stderr, "reports in %s\n", out.c_str());
  for (const DistributedRow& r : rows)
    if (!r.correct) return 1;
  return 0;
}

}  // namespace dotsweep
