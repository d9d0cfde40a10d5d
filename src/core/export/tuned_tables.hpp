// The tables `dotsweep export` writes for one or more reports: a table per
// (GPU, element type) (core/export/dispatch_table.hpp) and where it came from.
// Kernel Tuner's files hold every one (they are keyed by device name); the
// C++ header holds one per (compute capability, type), since a program knows
// its GPU by compute capability: the first report given for that pair.
#pragma once

#include <string>
#include <vector>

#include "core/export/dispatch_table.hpp"
#include "core/space/element_type.hpp"
#include "core/rows/record.hpp"

namespace dotsweep {

// One report as export reads it: a sweep.csv (or best.csv), plain or gzipped,
// whose rows all come from one GPU.
struct ExportReport {
  std::string name;  // the file's name without its folder: stable across checkouts
  std::vector<MeasurementRecord> rows;
};
// Throws InputError naming the file when it cannot be read, is not a report,
// has no rows, mixes GPUs or lacks the compute capability.
ExportReport read_export_report(const std::string& path);

struct TunedType {
  ElementType type = ElementType::f32;
  std::string gpu, cc, report, timestamp, dotsweep_version;  // where the table was measured
  std::vector<SizeChoices> sizes;                        // ascending n
  std::vector<TableRange> ranges;
};
struct TunedDevice {
  std::string cc;  // "9.0"
  std::vector<TunedType> types;  // report order of types (f32, f64, f16, bf16)
};
struct TunedTables {
  std::string mode;                  // the timing mode chosen from
  std::vector<TunedDevice> devices;  // the header's: ascending cc, the first report given per (cc, type)
  std::vector<TunedType> per_gpu;    // every (GPU, type) table, in report order: Kernel Tuner's
  std::vector<TunedType> not_in_header;  // those of a (cc, type) an earlier report gave the header
};

// The tables of every report. Throws InputError when a report has no correct
// candidate row in `mode`, or two reports hold the same type on one GPU (its
// table would have two answers; GPUs are told apart by Kernel Tuner's device
// name, kernel_tuner_device_name).
TunedTables tuned_tables(const std::vector<ExportReport>& reports, const std::string& mode);

// For an export that writes the header alone: throws InputError when
// not_in_header is not empty, since those tables would reach no file.
void require_header_holds_all(const TunedTables& tables);

// "9.0" -> 90, as a program computes it from cudaDeviceProp (major x 10 + minor).
int cc_number(const std::string& cc);

}  // namespace dotsweep
