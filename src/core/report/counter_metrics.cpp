#include "core/report/counter_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/input_error.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

constexpr const char* kDuration = "gpu__time_duration.sum";

std::string trim(const std::string& v) {
  const auto first = v.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return v.substr(first, v.find_last_not_of(" \t") - first + 1);
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Percentages and rates do not add across kernels; everything else here
// (counts, bytes, durations) does. CUPTI's naming says which: ".pct", ".ratio",
// ".per_second" and the "pct_of_peak" rollups are rates.
bool is_rate(const std::string& metric) {
  for (const char* marker : {".pct", "pct_of_peak", ".ratio", ".per_second", ".per_cycle"})
    if (metric.find(marker) != std::string::npos) return true;
  return false;
}

}  // namespace

std::string to_string(CounterScope scope) {
  switch (scope) {
    case CounterScope::off: return "off";
    case CounterScope::top: return "top";
    case CounterScope::all: return "all";
  }
  return "?";
}

CounterScope parse_counter_scope(const std::string& text) {
  for (CounterScope s : {CounterScope::off, CounterScope::top, CounterScope::all})
    if (text == to_string(s)) return s;
  throw InputError("--counters '" + text + "' is not one of off, top, all");
}

std::vector<bool> rows_to_profile(CounterScope scope, const std::vector<MeasurementRecord>& rows) {
  std::vector<bool> chosen(rows.size(), false);
  if (scope == CounterScope::off) return chosen;
  for (const auto& [key, group] : group_by_question(rows)) {
    const GroupStanding standing = standing_of(group);
    // by_median holds exactly the timed rows; the tie group is its head.
    const auto& picked = scope == CounterScope::all ? standing.by_median : standing.tie_group;
    for (const MeasurementRecord* r : picked) chosen[static_cast<std::size_t>(r - rows.data())] = true;
    if (scope == CounterScope::top)
      for (const MeasurementRecord* r : standing.by_median)
        if (r->kind == "baseline") chosen[static_cast<std::size_t>(r - rows.data())] = true;
  }
  return chosen;
}

const std::vector<std::string>& default_metrics() {
  static const std::vector<std::string> names = {
      kDuration,
      "dram__bytes_read.sum",
      "dram__bytes_write.sum",
      "dram__throughput.avg.pct_of_peak_sustained_elapsed",
      "sm__warps_active.avg.pct_of_peak_sustained_active",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
      "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
      "smsp__inst_executed.sum",
      "lts__t_sector_hit_rate.pct",
  };
  return names;
}

std::vector<std::string> parse_metric_list(const std::string& text) {
  std::vector<std::string> names;
  std::set<std::string> seen;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string name = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (name.empty()) throw InputError("--metrics '" + text + "' has an empty metric name");
    if (!seen.insert(name).second) throw InputError("--metrics names '" + name + "' twice");
    names.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

std::vector<std::string> closest_names(const std::string& name, const std::vector<std::string>& valid,
                                       std::size_t count) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& v : valid) scored.emplace_back(edit_distance(name, v), v);
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < count; ++i) out.push_back(scored[i].second);
  return out;
}

std::string unknown_metric_message(const std::string& name, const std::vector<std::string>& closest) {
  std::string message = "--metrics: '" + name + "' is not a metric of this GPU";
  if (!closest.empty()) {
    message += "; closest: ";
    for (std::size_t i = 0; i < closest.size(); ++i) message += (i ? ", " : "") + closest[i];
  }
  return message;
}

CounterValues sum_ranges(const std::vector<std::string>& metrics, const std::vector<std::vector<double>>& ranges) {
  CounterValues out;
  out.kernels = static_cast<int>(ranges.size());
  if (ranges.empty()) return out;
  const auto duration_at = std::find(metrics.begin(), metrics.end(), kDuration);
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    double sum = 0, weighted = 0, weights = 0;
    for (const auto& range : ranges) {
      const double v = range.at(m);
      sum += v;
      const double w = duration_at != metrics.end() ? range.at(duration_at - metrics.begin()) : 1.0;
      weighted += v * w;
      weights += w;
    }
    // A rate over several kernels is the time-weighted mean: the share of
    // the operation's time each kernel ran at that rate.
    if (!is_rate(metrics[m])) out.by_metric[metrics[m]] = sum;
    else out.by_metric[metrics[m]] = weights > 0 ? weighted / weights : sum / ranges.size();
  }
  return out;
}

void fill_counter_columns(MeasurementRecord& row, const CounterValues& values) {
  const std::map<std::string, std::optional<double> MeasurementRecord::*> columns = {
      {"dram__bytes_read.sum", &MeasurementRecord::dram_read_bytes},
      {"dram__bytes_write.sum", &MeasurementRecord::dram_write_bytes},
      {"dram__throughput.avg.pct_of_peak_sustained_elapsed", &MeasurementRecord::dram_pct_peak},
      {"sm__warps_active.avg.pct_of_peak_sustained_active", &MeasurementRecord::warps_active_pct},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", &MeasurementRecord::smem_conflicts_ld},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", &MeasurementRecord::smem_conflicts_st},
      {"smsp__inst_executed.sum", &MeasurementRecord::inst_executed},
      {"lts__t_sector_hit_rate.pct", &MeasurementRecord::l2_hit_pct},
  };
  row.extra_counters.clear();
  for (const auto& [metric, value] : values.by_metric) {
    if (metric == kDuration) {
      row.gpu_time_us = value / 1e3;  // CUPTI reports nanoseconds
    } else if (const auto at = columns.find(metric); at != columns.end()) {
      row.*(at->second) = value;
    } else {
      char text[64];
      std::snprintf(text, sizeof text, "%.17g", value);
      row.extra_counters += (row.extra_counters.empty() ? "" : ";") + metric + "=" + text;
    }
  }
  row.kernels = values.kernels;
  if (row.dram_read_bytes && row.n > 0) row.dram_read_per_element = *row.dram_read_bytes / static_cast<double>(row.n);
  if (row.gpu_time_us && *row.gpu_time_us > 0) {
    // Bytes DRAM actually moved per second of kernel time: beside gbps (the
    // 2*n*bytes the dot must read over the timed median) it shows re-reads,
    // L2 hits and launch gaps.
    const double bytes = row.dram_read_bytes.value_or(0) + row.dram_write_bytes.value_or(0);
    if (row.dram_read_bytes || row.dram_write_bytes) row.counter_gbps = bytes / (*row.gpu_time_us * 1e-6) / 1e9;
  }
  row.cupti_status = cupti_status::ok;
}

}  // namespace dotsweep
