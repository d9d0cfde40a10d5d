#include "core/export/nvbench_bulk.hpp"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <tuple>

#include "core/input_error.hpp"
#include "core/rows/samples_file.hpp"

namespace dotsweep {

void attach_samples_file(std::vector<MeasurementRecord>& rows, const std::string& path) {
  using Key = std::tuple<std::string, std::string, std::int64_t, std::string>;
  std::map<Key, std::vector<RawSample>> by_key;
  for (RowSamples& row : read_samples(path).rows)
    by_key[{row.variant, row.type, row.n, row.mode}] = std::move(row.samples);
  for (MeasurementRecord& row : rows) {
    const auto found = by_key.find({row.variant, row.type, row.n, row.mode});
    if (found == by_key.end()) continue;
    std::size_t kept = 0;
    for (const RawSample& s : found->second) kept += !s.throttled;
    if (row.median_us && kept != row.samples)
      throw InputError(path + ": " + row.variant + " " + row.type + " n=" + std::to_string(row.n) + " " + row.mode +
                       " has " + std::to_string(kept) + " kept samples there, " + std::to_string(row.samples) +
                       " in the report: the samples file is another sweep's");
    row.raw_samples = found->second;
  }
}

NvbenchJson nvbench_export_of(const std::string& report_path, const std::string& json_path) {
  namespace fs = std::filesystem;
  std::vector<MeasurementRecord> rows = read_records(report_path);
  const fs::path samples = fs::path(report_path).parent_path() / kSamplesFile;
  std::error_code ec;
  if (!fs::is_regular_file(samples, ec)) return nvbench_json(rows, report_path);
  attach_samples_file(rows, samples.string());
  return nvbench_json(rows, report_path, fs::path(json_path).filename().string());
}

std::string float32_le_bytes(const std::vector<double>& values) {
  std::string out;
  out.reserve(values.size() * 4);
  for (const double v : values) {
    const float f = static_cast<float>(v);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    for (int byte = 0; byte < 4; ++byte) out += static_cast<char>((bits >> (8 * byte)) & 0xffu);
  }
  return out;
}

}  // namespace dotsweep
