// Writes Kernel Tuner's results format from the tuned tables (the format is
// documented in kernel_tuner/integration.py, _read_results_file).
#include "core/export/kernel_tuner_results.hpp"

#include <cctype>
#include <nlohmann/json.hpp>

namespace dotsweep {

namespace {

using Json = nlohmann::ordered_json;

// create_device_targets writes each parameter as `#define NAME VALUE`, so a
// bare axis name would rewrite every `block`, `grid` or `reduce` in the
// program that includes the header; the prefix keeps the macros ours.
const std::string kPrefix = "dot_";

const std::vector<std::string>& tunable_parameters() {
  static const std::vector<std::string> names{kPrefix + "block",  kPrefix + "items",  kPrefix + "vec",
                                              kPrefix + "grid",   kPrefix + "persistent_k",
                                              kPrefix + "layout", kPrefix + "reduce", kPrefix + "finish",
                                              kPrefix + "hint",   kPrefix + "acc"};
  return names;
}

Json parameters_of(const VariantConfig& c) {
  Json p;
  p[kPrefix + "block"] = c.block;
  p[kPrefix + "items"] = c.items;
  p[kPrefix + "vec"] = c.vec;
  p[kPrefix + "grid"] = to_string(c.grid);
  p[kPrefix + "persistent_k"] = c.persistent_k;
  p[kPrefix + "layout"] = to_string(c.layout);
  p[kPrefix + "reduce"] = to_string(c.reduce);
  p[kPrefix + "finish"] = to_string(c.finish);
  p[kPrefix + "hint"] = to_string(c.hint);
  p[kPrefix + "acc"] = to_string(c.acc);
  return p;
}

}  // namespace

std::string kernel_tuner_device_name(const std::string& gpu) {
  std::string out;
  bool in_run = false;
  for (char ch : gpu) {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      out += ch;
      in_run = false;
    } else if (!in_run) {
      out += '_';
      in_run = true;
    }
  }
  return out;
}

std::vector<KernelTunerFile> kernel_tuner_results(const TunedTables& tables) {
  std::vector<KernelTunerFile> files;
  for (ElementType type : all_element_types()) {
    Json data = Json::array();
    for (const auto& t : tables.per_gpu) {
      if (t.type != type) continue;
      for (const auto& size : t.sizes)
        for (const auto& candidate : size.candidates) {
          Json entry;
          entry["device_name"] = kernel_tuner_device_name(t.gpu);
          entry["problem_size"] = std::to_string(size.n);
          entry["tunable_parameters"] = parameters_of(candidate.config);
          entry["time"] = candidate.median_us / 1000.0;
          data.push_back(std::move(entry));
        }
    }
    if (data.empty()) continue;
    Json file;
    file["version_number"] = "1.0";
    file["kernel_name"] = "dot_kernel_" + to_string(type);
    file["objective"] = "time";
    file["objective_higher_is_better"] = false;
    file["tunable_parameters"] = tunable_parameters();
    file["data"] = std::move(data);
    files.push_back({"dot_" + to_string(type) + ".json", file.dump(1) + "\n"});
  }
  return files;
}

}  // namespace dotsweep
