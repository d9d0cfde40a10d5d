// Reading and checking the gate's reports. Built on read_text_file and
// read_csv (which already reject unterminated quotes and rows with the wrong
// number of fields, i.e. a file cut short mid-row) plus the gate's own checks.
#include "core/gate/gate_input.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <tuple>

#include "core/rows/context_rows.hpp"
#include "core/io/csv.hpp"
#include "core/rows/report_context.hpp"
#include "core/input_error.hpp"
#include "core/io/text_file.hpp"

namespace dotsweep {

const std::vector<std::string>& gate_required_columns() {
  static const std::vector<std::string> names = {"variant", "kind",      "type", "n",
                                                 "mode",    "correct",   "median_us",
                                                 "gpu",     "dotsweep_version"};
  return names;
}

namespace {

std::string n_text(std::int64_t n) { return std::to_string(n); }

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// A median inside its own interval: one that misses it was edited or
// damaged, and judging it would pass or fail on a number that means nothing.
// (A median of zero or less never gets here: the row reader refuses every
// time that no timer could have read, core/rows/row_limits.hpp.)
void check_timing(const MeasurementRecord& r, const std::string& origin) {
  if (!r.median_us) return;
  const double median = *r.median_us;
  if (r.ci_lo_us && r.ci_hi_us && !(*r.ci_lo_us <= median && median <= *r.ci_hi_us))
    throw InputError(origin + ": the interval [" + number_text(*r.ci_lo_us) + ", " + number_text(*r.ci_hi_us) +
                     "] does not contain its median " + number_text(median) + ": a damaged or edited row");
}

// Every row as its fields, in one order, so two reports compare as sets of rows.
std::vector<std::vector<std::string>> sorted_rows(const GateReport& report) {
  std::vector<std::vector<std::string>> rows;
  rows.reserve(report.rows.size());
  for (const auto& r : report.rows) rows.push_back(to_fields(r));
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::set<std::string> timestamps_of(const GateReport& report) {
  std::set<std::string> stamps;
  for (const auto& r : report.rows) stamps.insert(r.env.timestamp);
  return stamps;
}

}  // namespace

GateReport read_gate_report(const std::string& path) {
  std::istringstream in(read_text_file(path));
  const CsvTable table = read_csv(in, path);
  if (table.header.empty() || (table.header.size() == 1 && table.header[0].empty()))
    throw InputError(path + ": empty file, not a dotsweep report (sweep.csv or best.csv)");
  for (const auto& name : gate_required_columns())
    if (table.column(name) < 0)
      throw InputError(path + ": missing column '" + name +
                       "' that the gate needs; is this a dotsweep sweep.csv or best.csv?");
  if (table.rows.empty()) throw InputError(path + ": no rows (only a header): nothing to gate");

  GateReport report;
  report.path = path;
  report.declares_standing = table.column("tie_members") >= 0;
  report.rows.reserve(table.rows.size());
  std::set<std::tuple<std::string, std::string, std::int64_t, std::string>> seen;
  const RecordHeader header(table.header);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::string origin = path + ", row " + std::to_string(i + 1);
    MeasurementRecord r = from_fields(header, table.rows[i], origin);
    if (r.variant.empty() || r.type.empty() || r.mode.empty())
      throw InputError(origin + ": empty variant, type or mode");
    if (r.env.gpu.empty()) throw InputError(origin + ": empty gpu: the gate cannot tell what it was measured on");
    if (i == 0) {
      report.gpu = r.env.gpu;
      report.dotsweep_version = r.env.dotsweep_version;
    } else if (r.env.gpu != report.gpu) {
      throw InputError(origin + ": rows from two GPUs ('" + report.gpu + "' and '" + r.env.gpu +
                       "'): gate one GPU's report at a time");
    } else if (r.env.dotsweep_version != report.dotsweep_version) {
      throw InputError(origin + ": rows from two dotsweep versions ('" + report.dotsweep_version +
                       "' and '" + r.env.dotsweep_version + "'): gate one report at a time");
    }
    check_timing(r, origin);
    // After the GPU and version checks: concatenated reports of two GPUs say so.
    if (!seen.insert({r.variant, r.type, r.n, r.mode}).second)
      throw InputError(origin + ": " + r.variant + " " + r.type + " n=" + n_text(r.n) + " " + r.mode +
                       " appears twice (concatenated reports? pass each as its own --current)");
    report.rows.push_back(std::move(r));
  }
  // The context beside a report names how many processes swept it: only a
  // context that describes these rows may say so.
  if (const std::optional<nlohmann::json> context = context_json_beside(path)) {
    require_context_matches_rows(*context, *context_beside(path), report.rows, path);
    report.processes = processes_that_swept(*context);
  }
  return report;
}

std::string version_series(const std::string& version) {
  // MAJOR.MINOR must both be digits; anything else is compared whole.
  const auto first_dot = version.find('.');
  if (first_dot == std::string::npos || first_dot == 0) return version;
  const auto second_dot = version.find('.', first_dot + 1);
  const std::string series = version.substr(0, second_dot);
  for (std::size_t i = 0; i < series.size(); ++i)
    if (i != first_dot && !std::isdigit(static_cast<unsigned char>(series[i]))) return version;
  if (series.size() == first_dot + 1) return version;  // "1."
  return series;
}

bool same_report(const GateReport& a, const GateReport& b) {
  if (a.gpu != b.gpu || a.rows.size() != b.rows.size() || timestamps_of(a) != timestamps_of(b)) return false;
  return sorted_rows(a) == sorted_rows(b);
}

void check_comparable(const GateReport& baseline, const std::vector<GateReport>& current,
                      bool cross_hardware) {
  if (current.empty()) throw InputError("no current report given (--current FILE ...)");
  // A report gated against itself passes by construction, and one repeat
  // given twice counts its run twice in the median of medians.
  for (std::size_t i = 0; i < current.size(); ++i) {
    if (same_report(baseline, current[i]))
      throw InputError("'" + current[i].path + "' and the baseline '" + baseline.path +
                       "' are the same report (same GPU, timestamp and rows): gate a new sweep against the baseline");
    for (std::size_t j = 0; j < i; ++j)
      if (same_report(current[j], current[i]))
        throw InputError("--current '" + current[j].path + "' and '" + current[i].path +
                         "' are the same report (same GPU, timestamp and rows): give each repeat sweep once");
  }
  const auto version_text = [](const GateReport& r) {
    return r.dotsweep_version.empty() ? std::string("an unknown version") : "dotsweep " + r.dotsweep_version;
  };
  for (const auto& c : current) {
    if (c.gpu != current.front().gpu)
      throw InputError("current reports from two GPUs ('" + current.front().path + "': " + current.front().gpu +
                       ", '" + c.path + "': " + c.gpu + "): repeats to combine must come from one GPU");
    if (!cross_hardware && c.gpu != baseline.gpu)
      throw InputError("'" + c.path + "' was measured on " + c.gpu + ", the baseline '" + baseline.path +
                       "' on " + baseline.gpu +
                       ": times from different GPUs are not comparable (--cross-hardware compares pct_peak)");
    if (version_series(c.dotsweep_version) != version_series(baseline.dotsweep_version))
      throw InputError("'" + c.path + "' was written by " + version_text(c) + ", the baseline '" + baseline.path +
                       "' by " + version_text(baseline) +
                       ": the measuring protocol may differ; refresh the baseline (README: Keeping baselines current)");
  }
  if (cross_hardware) {
    const auto require_peak = [](const GateReport& report) {
      for (std::size_t i = 0; i < report.rows.size(); ++i)
        if (!(report.rows[i].env.peak_gbps > 0))
          throw InputError(report.path + ", row " + std::to_string(i + 1) +
                           ": no peak_gbps: --cross-hardware compares pct_peak, which needs it");
    };
    require_peak(baseline);
    for (const auto& c : current) require_peak(c);
  }
}

}  // namespace dotsweep
