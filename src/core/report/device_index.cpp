#include "core/report/device_index.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/input_error.hpp"
#include "core/io/csv.hpp"
#include "core/io/markdown_text.hpp"

namespace dotsweep {

namespace {

const std::vector<std::string> kColumns{"device", "gpu", "gpu_uuid", "folder", "exit_status", "seconds"};

int whole_number(const std::string& text, const std::string& where) {
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size()) throw InputError(where + ": '" + text + "' is not a whole number");
  return value;
}

}  // namespace

std::string device_folder_name(int device) { return "gpu" + std::to_string(device); }

std::string device_index_csv(const std::vector<DeviceRun>& runs) {
  std::string csv = csv_line(kColumns);
  for (const DeviceRun& r : runs) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", r.seconds);
    csv += csv_line({std::to_string(r.device), r.gpu, r.gpu_uuid, r.folder,
                     r.exit_status ? std::to_string(*r.exit_status) : std::string(), seconds});
  }
  return csv;
}

std::vector<DeviceRun> read_device_index(const std::string& text, const std::string& origin) {
  std::istringstream in(text);
  const CsvTable table = read_csv(in, origin);
  if (table.header != kColumns)
    throw InputError(origin + ": not the index of a --devices sweep (its header is not " +
                     csv_line(kColumns).substr(0, csv_line(kColumns).size() - 1) + ")");
  if (table.rows.empty()) throw InputError(origin + ": lists no GPU");
  std::vector<DeviceRun> runs;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& f = table.rows[i];
    const std::string where = origin + ", row " + std::to_string(i + 1);
    DeviceRun r;
    r.device = whole_number(f[0], where);
    r.gpu = f[1];
    r.gpu_uuid = f[2];
    r.folder = f[3];
    if (r.folder.empty() || r.folder.find('/') != std::string::npos || r.folder == "." || r.folder == "..")
      throw InputError(where + ": folder '" + r.folder + "' is not a folder inside the index's");
    if (!f[4].empty()) r.exit_status = whole_number(f[4], where);
    std::size_t used = 0;
    try {
      r.seconds = std::stod(f[5], &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (f[5].empty() || used != f[5].size() || !std::isfinite(r.seconds) || r.seconds < 0)
      throw InputError(where + ": seconds '" + f[5] + "' is not a number of seconds");
    runs.push_back(r);
  }
  return runs;
}

int device_runs_exit_status(const std::vector<DeviceRun>& runs) {
  constexpr int kInterrupted = 130;
  for (const DeviceRun& r : runs)
    if (r.exit_status == kInterrupted) return kInterrupted;
  for (const DeviceRun& r : runs) {
    if (!r.exit_status) return kInterrupted;  // never ended: the index resumes it
    if (*r.exit_status != 0) return *r.exit_status;
  }
  return 0;
}

std::string device_index_markdown(const std::vector<DeviceRun>& runs, const std::string& fleet_verdict,
                                  const std::string& resume_command) {
  std::string md = "# One sweep per GPU\n\n";
  md += "Each GPU swept the whole space into its own report folder, so each ranking and tie group is one "
        "GPU's. `fleet.md` gates the GPUs' reports against each other (docs/scaling.md).\n\n";
  MarkdownTable table({{"device", Align::right},
                       {"GPU", Align::left},
                       {"UUID", Align::left},
                       {"report", Align::left},
                       {"exit", Align::right},
                       {"wall s", Align::right}});
  for (const DeviceRun& r : runs) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.0f", r.seconds);
    table.add_row({std::to_string(r.device), markdown_cell(r.gpu), markdown_cell(r.gpu_uuid),
                   "`" + markdown_cell(r.folder) + "/`", r.exit_status ? std::to_string(*r.exit_status) : "-",
                   seconds});
  }
  md += table.text() + "\n" + fleet_verdict + "\n";
  if (device_runs_exit_status(runs) == 130) md += "\nResume the unfinished GPUs: `" + resume_command + "`\n";
  return md;
}

}  // namespace dotsweep
