// NVBench's --jsonbin sidecar files from a report's samples.csv.gz
// (core/rows/samples_file.hpp), so nvbench-compare-robust can compare the
// samples themselves rather than their summaries: per state, the sample
// times in seconds and the SM clock of each in Hz, as little-endian float32,
// in FILE-bin/K.bin and FILE-freqs-bin/K.bin beside the JSON FILE
// (docs/export.md, "NVBench's JSON format").
#pragma once

#include <string>
#include <vector>

#include "core/export/nvbench_json.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

// Gives each row of `rows` its samples from the samples file at `path`
// (matched by variant, type, n and mode). Throws InputError naming the file
// when it cannot be read or a timed row's count of kept (not throttled)
// samples there differs from the row's samples column: the file is another
// sweep's.
void attach_samples_file(std::vector<MeasurementRecord>& rows, const std::string& path);

// The NVBench export of the report at `report_path`, to be written as
// `json_path`: with the sidecar files when the report's folder holds
// samples.csv.gz (a sweep's report folder), without them otherwise.
NvbenchJson nvbench_export_of(const std::string& report_path, const std::string& json_path);

// `values` as little-endian float32, NVBench's sidecar encoding.
std::string float32_le_bytes(const std::vector<double>& values);

}  // namespace dotsweep
