// Reports -> tuned tables: one per (GPU, type), each from exactly one report;
// the header's are the first given per (compute capability, type).
#include "core/export/tuned_tables.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "core/export/kernel_tuner_results.hpp"
#include "core/io/csv.hpp"
#include "core/input_error.hpp"
#include "core/io/text_file.hpp"

namespace dotsweep {

namespace {
bool is_digits(const std::string& s) { return !s.empty() && s.size() <= 3 && s.find_first_not_of("0123456789") == std::string::npos; }
}  // namespace

int cc_number(const std::string& cc) {
  const auto dot = cc.find('.');
  const std::string major = cc.substr(0, dot), minor = dot == std::string::npos ? "" : cc.substr(dot + 1);
  if (!is_digits(major) || !is_digits(minor) || minor.size() != 1)
    throw InputError("compute capability '" + cc + "' is not MAJOR.MINOR (e.g. 9.0)");
  return std::stoi(major) * 10 + std::stoi(minor);
}

ExportReport read_export_report(const std::string& path) {
  std::istringstream in(read_text_file(path));
  const CsvTable table = read_csv(in, path);
  if (table.header.empty()) throw InputError(path + ": empty file, not a dotsweep report (sweep.csv or best.csv)");
  ExportReport report{path.substr(path.find_last_of('/') + 1), records_from_table(table, path)};
  if (report.rows.empty()) throw InputError(path + ": no rows (only a header): nothing to export");
  const auto& first = report.rows.front().env;
  for (const auto& r : report.rows) {
    if (r.env.gpu != first.gpu || r.env.cc != first.cc)
      throw InputError(path + ": rows from two GPUs ('" + first.gpu + "' and '" + r.env.gpu +
                       "'): pass each GPU's report as its own file");
  }
  if (first.cc.empty()) throw InputError(path + ": empty cc column: export keys its table by compute capability");
  try {
    cc_number(first.cc);
  } catch (const InputError& e) {
    throw InputError(path + ": " + e.what());
  }
  return report;
}

TunedTables tuned_tables(const std::vector<ExportReport>& reports, const std::string& mode) {
  TunedTables tables{mode, {}, {}, {}};
  std::map<int, TunedDevice> devices;
  std::map<std::pair<std::string, ElementType>, std::string> owner;  // (Kernel Tuner's GPU name, type) -> report
  for (const auto& report : reports) {
    const Environment& env = report.rows.front().env;
    const int cc = cc_number(env.cc);
    std::size_t tables_from_report = 0;
    for (ElementType type : all_element_types()) {
      std::vector<SizeChoices> sizes = size_choices_of(report.rows, to_string(type), mode, report.name);
      if (sizes.empty()) continue;
      auto [it, fresh] = owner.emplace(std::make_pair(kernel_tuner_device_name(env.gpu), type), report.name);
      if (!fresh)
        throw InputError(report.name + " and " + it->second + " both hold " + to_string(type) + " on " + env.gpu +
                         ": export one of them (a table has one answer per size)");
      TunedType tuned{type, env.gpu, env.cc, report.name, env.timestamp, env.dotsweep_version, {}, {}};
      std::sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.n < b.n; });
      tuned.ranges = choose_ranges(sizes);
      tuned.sizes = std::move(sizes);
      tables.per_gpu.push_back(tuned);
      TunedDevice& device = devices[cc];
      device.cc = env.cc;
      const bool taken = std::any_of(device.types.begin(), device.types.end(),
                                     [&](const TunedType& t) { return t.type == type; });
      (taken ? tables.not_in_header : device.types).push_back(std::move(tuned));
      ++tables_from_report;
    }
    if (tables_from_report == 0)
      throw InputError(report.name + ": no correct candidate row timed " + mode + ": nothing to export");
  }
  for (auto& [cc, device] : devices) {
    std::sort(device.types.begin(), device.types.end(), [](const auto& a, const auto& b) { return a.type < b.type; });
    tables.devices.push_back(std::move(device));
  }
  return tables;
}

void require_header_holds_all(const TunedTables& tables) {
  if (tables.not_in_header.empty()) return;
  const TunedType& left = tables.not_in_header.front();
  std::string first;
  for (const auto& device : tables.devices)
    for (const auto& t : device.types)
      if (device.cc == left.cc && t.type == left.type) first = t.report + " (" + t.gpu + ")";
  throw InputError(first + " and " + left.report + " (" + left.gpu + ") both hold " + to_string(left.type) +
                   " on compute capability " + left.cc +
                   ": the header has one table per compute capability; add --kernel-tuner DIR (its files are per "
                   "GPU) or export one of them");
}

}  // namespace dotsweep
