// A report in NVBench's JSON format (file version 1.0.0), so NVBench's
// comparison scripts (nvbench-compare-legacy and nvbench-compare-robust from
// PyPI's cuda-bench) read two dotsweep reports (docs/export.md, "NVBench's
// JSON format"):
//   device      the report's GPU, id 0
//   benchmark   one per variant id or baseline name, with a type axis T and
//               an int64 axis Elements (n)
//   state       one per (variant, type, n): cold rows give the nv/cold/...
//               summaries, hot rows the nv/batch/... ones; a state with no
//               timed row is skipped, with the row's reason
// Times are in seconds and clocks in Hz, as NVBench writes them.
// nv/cold/time/gpu/mean holds the row's median (dotsweep reports medians;
// the legacy script reads this tag) and nv/cold/time/gpu/stdev/relative the
// interquartile range over 1.349 x the median (the standard deviation a
// normal spread with that IQR has), because a row keeps quartiles, not a
// standard deviation. The robust script's summaries are the row's own
// numbers: min, q1 (p25), median, q3 (p75), the IQR absolute and relative,
// and the SM clock (sm_clock_mhz) under nv/cold/sm_clock_rate/mean.
#pragma once

#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// One of NVBench's --jsonbin sidecar files: `path` is relative to the JSON's
// folder, as the JSON names it ("out.json-bin/0.bin").
struct NvbenchBulkFile {
  std::string path;
  std::string bytes;
};

struct NvbenchJson {
  std::string text;     // the JSON (ends with a newline)
  std::string warning;  // one line when some timed cold rows have no quartiles; empty otherwise
  std::vector<NvbenchBulkFile> bulk;  // the sidecar files the JSON names (core/export/nvbench_bulk.hpp)
};

// The JSON of `rows`, which come from one report (read_records). Throws
// InputError naming `origin` when they hold rows of two GPUs, no timed cold
// row (the comparators read cold timings only) or no timed cold row with
// quartiles (a report cut to the gate's columns: the comparators would match
// nothing). Timed cold rows without quartiles beside ones with them are
// exported with their median alone, and `warning` counts them. With
// `json_name` (the JSON file's name), each timed cold row with raw_samples
// also gets NVBench's sample-time and sample-frequency sidecar files of its
// kept (not throttled) samples, named as NVBench names them
// (JSON_NAME-bin/K.bin, JSON_NAME-freqs-bin/K.bin); the frequencies only when
// every kept sample has a clock.
NvbenchJson nvbench_json(const std::vector<MeasurementRecord>& rows, const std::string& origin,
                         const std::string& json_name = "");

}  // namespace dotsweep
