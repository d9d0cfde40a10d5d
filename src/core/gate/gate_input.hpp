// The reports `dotsweep gate` compares, read and checked before any row is
// judged: a gate that quietly compared the wrong files (another GPU, another
// measuring protocol, a truncated CSV) would pass or fail for no reason.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// One sweep.csv or best.csv (plain or .csv.gz) as the gate reads it.
struct GateReport {
  std::string path;
  std::vector<MeasurementRecord> rows;
  std::string gpu;               // the one GPU every row was measured on
  std::string dotsweep_version;  // the one dotsweep version that wrote every row
  // A best.csv (it has tie_members): its rows are a selection, one per group,
  // so their standing cannot be derived from them and is read from tied_best.
  // A sweep.csv's tie groups are derived from its intervals (tie_group.hpp),
  // whatever rule wrote its tied_best column.
  bool declares_standing = false;
  // How many processes swept it (core/rows/report_context.hpp), when a
  // context.json lies beside it.
  std::optional<std::size_t> processes;
};

// Columns without which the gate cannot judge a row: the key, correctness,
// the median, and the environment it checks (gpu, dotsweep_version). The
// interval columns (ci_lo_us, ci_hi_us) and the clock columns are optional:
// a report without them is judged with zero-width intervals and no clock check.
const std::vector<std::string>& gate_required_columns();

// Reads and checks one report. Throws InputError naming the file when it
// cannot be read, is not valid (gzip or) CSV, is cut short, lacks a required
// column, has no rows, holds a (variant, type, n, mode) twice, mixes GPUs
// or dotsweep versions (concatenated reports: pass them as separate files),
// or has a row whose median is zero or negative or lies outside its interval.
GateReport read_gate_report(const std::string& path);

// "0.1.0" -> "0.1": versions of one series measure the same way (a change to
// how a number is made bumps the minor version); text that is not
// MAJOR.MINOR[.PATCH...] is its own series.
std::string version_series(const std::string& version);

// The same report twice (a file and its copy, plain or gzipped): the same GPU,
// the same sweep timestamps and every row equal, field by field, in any order.
// A report with one row's timings changed is a different report.
bool same_report(const GateReport& a, const GateReport& b);

// Throws InputError unless the reports answer the same question: no current
// report is the baseline itself or another current report (same_report); the current
// reports all come from one GPU and the baseline's GPU (the baseline's may
// differ when cross_hardware, which then needs peak_gbps on every row), and
// all were written by one dotsweep version series.
void check_comparable(const GateReport& baseline, const std::vector<GateReport>& current,
                      bool cross_hardware);

}  // namespace dotsweep
