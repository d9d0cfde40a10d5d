// A report in NVBench's JSON format (file version 1.0.0), so NVBench's
// comparison scripts (nvbench-compare-legacy from PyPI's cuda-bench) read two
// dotsweep reports (docs/export.md, "NVBench's JSON format"):
//   device      the report's GPU, id 0
//   benchmark   one per variant id or baseline name, with a type axis T and
//               an int64 axis Elements (n)
//   state       one per (variant, type, n): cold rows give the nv/cold/...
//               summaries, hot rows the nv/batch/... ones; a state with no
//               timed row is skipped, with the row's reason
// Times are in seconds, as NVBench writes them. nv/cold/time/gpu/mean holds
// the row's median (dotsweep reports medians; the scripts read this tag) and
// nv/cold/time/gpu/stdev/relative the interquartile range over 1.349 x the
// median (the standard deviation a normal spread with that IQR has),
// because a row keeps quartiles, not a standard deviation.
#pragma once

#include <string>
#include <vector>

#include "core/report/record.hpp"

namespace dotsweep {

// The JSON text (ends with a newline). `rows` come from one report
// (read_records); throws InputError naming `origin` when they hold rows of
// two GPUs or no row with a median.
std::string nvbench_json_text(const std::vector<MeasurementRecord>& rows, const std::string& origin);

}  // namespace dotsweep
