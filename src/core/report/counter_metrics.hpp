// Which hardware counters a sweep collects and how their values become a
// row's columns. CUDA-free: the CUPTI side (src/gpu/cupti_*) hands plain
// numbers here, so parsing, validation and decoding are unit-tested without
// a GPU.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// Which rows get a counter pass: none, each (type, n, mode)'s tie group plus
// the baselines, or every row.
enum class CounterScope { off, top, all };
// Which of a size's rows `scope` profiles: timed (correct, with a median)
// rows only; `top` takes each (type, n, mode)'s tie group and the baselines.
std::vector<bool> rows_to_profile(CounterScope scope, const std::vector<MeasurementRecord>& rows);

// The default scope. Decided by measuring what each scope adds to the default
// sweep on the H200 (docs/counters.md); one line to change.
inline constexpr CounterScope kDefaultCounterScope = CounterScope::off;  // measured: docs/counters.md, "Cost"

std::string to_string(CounterScope scope);
// "off" | "top" | "all"; throws InputError otherwise.
CounterScope parse_counter_scope(const std::string& text);

// The metrics collected when --metrics is not given; each fills one column.
const std::vector<std::string>& default_metrics();

// "a,b,c" -> {"a","b","c"}: spaces around names dropped. Throws InputError
// for an empty list, an empty name, or a name given twice.
std::vector<std::string> parse_metric_list(const std::string& text);

// Up to `count` names of `valid` closest to `name` (edit distance), closest first.
std::vector<std::string> closest_names(const std::string& name, const std::vector<std::string>& valid,
                                       std::size_t count = 3);
// The one-line error for a metric the chip does not know.
std::string unknown_metric_message(const std::string& name, const std::vector<std::string>& closest);

// Metric values of one operation launch: every kernel's range summed.
struct CounterValues {
  std::map<std::string, double> by_metric;
  int kernels = 0;
};

// Sums per-kernel ranges (ranges[k][m] = value of metrics[m] in kernel k).
// Counters and durations add; percentages and rates are weighted by each
// kernel's gpu__time_duration.sum when that metric is in the set, else averaged.
CounterValues sum_ranges(const std::vector<std::string>& metrics, const std::vector<std::vector<double>>& ranges);

// Fills the counter columns of `row` from `values` (cupti_status "ok"), and
// the derived ones: dram bytes read per element, counter-derived bandwidth.
// Metrics without a column of their own go to extra_counters ("name=value;...").
void fill_counter_columns(MeasurementRecord& row, const CounterValues& values);

// Short words for cupti_status, the same in every report.
namespace cupti_status {
inline constexpr const char* ok = "ok";
inline constexpr const char* off = "off";                  // --counters off
inline constexpr const char* not_selected = "not-top";    // --counters top, row outside the tie group
inline constexpr const char* not_timed = "not-timed";      // incorrect or failed: nothing timed to explain
inline constexpr const char* no_library = "no-cupti";      // libcupti or libnvperf_host not found
inline constexpr const char* no_permission = "no-permission";
inline constexpr const char* mig = "mig";
inline constexpr const char* virtualized = "vgpu";
inline constexpr const char* busy = "busy";                // another profiler holds the counters
inline constexpr const char* unsupported = "unsupported";  // chip or configuration not supported
inline constexpr const char* failed = "failed";            // any other CUPTI error
inline constexpr const char* pending = "pending";          // in sweep.csv before its size's counter pass (core/report/counter_rows.hpp)
inline constexpr const char* interrupted = "interrupted";  // the sweep stopped before its size's counter pass
}  // namespace cupti_status

}  // namespace dotsweep
