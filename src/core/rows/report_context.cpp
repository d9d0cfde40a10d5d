#include "core/rows/report_context.hpp"

#include <filesystem>

#include "core/input_error.hpp"
#include "core/rows/context_keys.hpp"
#include "core/io/text_file.hpp"

namespace dotsweep {

namespace fs = std::filesystem;

namespace {

bool context_ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::size_t array_size_at(const nlohmann::json& context, const nlohmann::json::json_pointer& key) {
  return context.contains(key) && context.at(key).is_array() ? context.at(key).size() : 0;
}

}  // namespace

std::optional<std::string> context_beside(const std::string& csv_path) {
  const fs::path path(csv_path);
  const std::string name = path.filename().string();
  if (name == "sweep.csv" || name == "sweep.csv.gz") return (path.parent_path() / "context.json").string();
  for (const char* tail : {".csv.gz", ".csv"})
    if (context_ends_with(name, tail))
      return (path.parent_path() / (name.substr(0, name.size() - std::string(tail).size()) + ".context.json")).string();
  return std::nullopt;
}

std::string report_context_path(const std::string& csv_path) {
  if (const auto path = context_beside(csv_path)) return *path;
  throw InputError("report: '" + csv_path + "' is not a .csv or .csv.gz file; pass a report folder or a sweep.csv");
}

std::size_t processes_that_swept(const nlohmann::json& context) {
  const std::size_t shards = array_size_at(context, context_key::merged_from);
  return (shards > 0 ? shards : 1) + array_size_at(context, context_key::resumes);
}

std::optional<nlohmann::json> context_json_beside(const std::string& csv_path) {
  const std::optional<std::string> found = context_beside(csv_path);
  std::error_code ec;
  if (!found || !fs::exists(*found, ec)) return std::nullopt;  // a FIFO is the reader's to refuse
  const std::string& path = *found;
  nlohmann::json context = nlohmann::json::parse(read_text_file(path, kContextKind), nullptr, /*allow_exceptions=*/false);
  if (!context.is_object())
    throw InputError(path + ": not a JSON object; the context.json beside '" + csv_path + "' must be a report's own");
  return context;
}

std::optional<std::size_t> processes_beside(const std::string& csv_path) {
  const std::optional<nlohmann::json> context = context_json_beside(csv_path);
  if (!context) return std::nullopt;
  return processes_that_swept(*context);
}

}  // namespace dotsweep
