// sweep.csv columns <-> MeasurementRecord. Each column is named once, in the
// table below, with the field it reads and writes, so the order, the names
// and the conversions cannot drift apart.
#include "core/rows/record.hpp"

#include "core/space/variant_config.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>
#include <system_error>
#include <type_traits>

#include "core/input_error.hpp"
#include "core/io/text_file.hpp"
#include "core/rows/row_limits.hpp"

namespace dotsweep {

namespace {

// ---- formatting: shortest round-trip doubles, empty for "not measured" ----

std::string format(const std::string& v) { return v; }
std::string format(bool v) { return v ? "1" : "0"; }
std::string format(double v) { return csv_number(v); }
template <class T, class = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
std::string format(T v) {
  return std::to_string(v);
}
template <class T>
std::string format(const std::optional<T>& v) {
  return v ? format(*v) : std::string();
}

// ---- parsing: strict, with the column and value in the message ----

struct Cell {
  const std::string& origin;
  const char* column;
  bool infinity_allowed = false;  // rel_err and err_bound may be +inf (see parse below)
};

[[noreturn]] void not_a_number(const Cell& cell, const std::string& v) {
  throw InputError(cell.origin + ": column '" + cell.column + "' value '" + v +
                   "' is not a number");
}

// Hand-edited CSVs grow spaces around numbers; they carry no meaning.
std::string record_trim(const std::string& v) {
  const auto first = v.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return v.substr(first, v.find_last_not_of(" \t") - first + 1);
}

template <class T>
void parse_number(const std::string& raw, T& out, const Cell& cell) {
  const std::string v = record_trim(raw);
  const auto res = std::from_chars(v.data(), v.data() + v.size(), out);
  if (v.empty() || res.ec != std::errc() || res.ptr != v.data() + v.size())
    not_a_number(cell, raw);
}

void parse(const std::string& v, std::string& out, const Cell&) { out = v; }
// NaN or infinity in a timing would rank or gate on nonsense, so they are
// refused; the writer only ever writes "inf" as rel_err (a result that was
// not finite) or err_bound (a summation chain past 1/u terms, which no a
// priori bound covers: core/check/error_bound.hpp).
void parse(const std::string& v, double& out, const Cell& cell) {
  parse_number(v, out, cell);
  if (std::isnan(out) || (std::isinf(out) && !(cell.infinity_allowed && out > 0)))
    throw InputError(cell.origin + ": column '" + cell.column + "' value '" + v + "' is not a finite number");
}
template <class T, class = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
void parse(const std::string& v, T& out, const Cell& cell) {
  parse_number(v, out, cell);
}
void parse(const std::string& raw, bool& out, const Cell& cell) {
  const std::string v = record_trim(raw);
  if (v == "1" || v == "true") {
    out = true;
  } else if (v == "0" || v == "false") {
    out = false;
  } else {
    throw InputError(cell.origin + ": column '" + cell.column + "' value '" + raw +
                     "' is not 0 or 1");
  }
}
template <class T>
void parse(const std::string& v, std::optional<T>& out, const Cell& cell) {
  if (record_trim(v).empty()) {
    out.reset();
    return;
  }
  T value{};
  parse(v, value, cell);
  out = value;
}

// ---- the column table ----
//
// Only the columns marked required must be present when reading. Every column
// added later (tied_best, launches, ci_lo_us, the NVML ones, ...) stays
// optional, so reports written before it existed still read.

struct Column {
  const char* name;
  bool required;
  std::string (*get)(const MeasurementRecord&);
  void (*set)(MeasurementRecord&, const std::string&, const Cell&);
  bool infinity_allowed = false;
  // Why the parsed row's value is not one a row may hold ("" when it is);
  // null for columns with no limit beyond their type. Run once the whole
  // row is parsed, since a time's limit depends on the row's launches.
  std::string (*refusal)(const MeasurementRecord&) = nullptr;
};

template <auto Member>
Column col(const char* name, bool required = false) {
  return {name, required, [](const MeasurementRecord& r) { return format(r.*Member); },
          [](MeasurementRecord& r, const std::string& v, const Cell& c) { parse(v, r.*Member, c); }};
}
// A column whose value may be +inf: the relative error of a non-finite result.
Column with_infinity(Column c) {
  c.infinity_allowed = true;
  return c;
}
// A column whose value must also be one a row may hold.
Column limited(Column c, std::string (*refusal)(const MeasurementRecord&)) {
  c.refusal = refusal;
  return c;
}
// A per-launch time: above zero, at least a timer tick per launch, at most
// what the watchdog lets one launch take (core/rows/row_limits.hpp).
template <auto Member>
Column time_col(const char* name) {
  return limited(col<Member>(name), [](const MeasurementRecord& r) {
    return (r.*Member) ? time_refusal(*(r.*Member), r.launches) : std::string();
  });
}
template <auto Member>
Column env_col(const char* name) {
  return {name, false, [](const MeasurementRecord& r) { return format(r.env.*Member); },
          [](MeasurementRecord& r, const std::string& v, const Cell& c) {
            parse(v, r.env.*Member, c);
          }};
}

using R = MeasurementRecord;
using E = Environment;

const std::vector<Column>& columns() {
  static const std::vector<Column> all = {
      col<&R::rank>("rank"),
      col<&R::tied_best>("tied_best"),
      col<&R::variant>("variant", true),
      limited(col<&R::kind>("kind", true), row_kind_refusal),
      limited(col<&R::type>("type", true), element_type_refusal),
      col<&R::block>("block"),
      col<&R::items>("items"),
      col<&R::vec>("vec"),
      col<&R::grid>("grid"),
      col<&R::layout>("layout"),
      col<&R::reduce>("reduce"),
      col<&R::finish>("finish"),
      col<&R::hint>("hint"),
      col<&R::acc>("acc"),
      limited(col<&R::n>("n", true), size_refusal),
      limited(col<&R::mode>("mode", true), timing_mode_refusal),
      col<&R::grid_blocks>("grid_blocks"),
      col<&R::samples>("samples"),
      col<&R::launches>("launches"),
      col<&R::dropped_samples>("dropped_samples"),
      time_col<&R::median_us>("median_us"),
      time_col<&R::min_us>("min_us"),
      time_col<&R::p25_us>("p25_us"),
      time_col<&R::p75_us>("p75_us"),
      time_col<&R::ci_lo_us>("ci_lo_us"),
      time_col<&R::ci_hi_us>("ci_hi_us"),
      col<&R::noise_pct>("noise_pct"),
      col<&R::gbps>("gbps"),
      col<&R::pct_peak>("pct_peak"),
      col<&R::speedup_vs_cublas>("speedup_vs_cublas"),
      col<&R::speedup_vs_cub>("speedup_vs_cub"),
      with_infinity(col<&R::rel_err>("rel_err")),
      with_infinity(col<&R::err_bound>("err_bound")),
      col<&R::correct>("correct", true),
      col<&R::deterministic>("deterministic"),
      col<&R::reason>("reason"),
      col<&R::gpu_time_us>("gpu_time_us"),
      col<&R::dram_read_bytes>("dram_read_bytes"),
      col<&R::dram_write_bytes>("dram_write_bytes"),
      col<&R::dram_pct_peak>("dram_pct_peak"),
      col<&R::warps_active_pct>("warps_active_pct"),
      col<&R::smem_conflicts_ld>("smem_conflicts_ld"),
      col<&R::smem_conflicts_st>("smem_conflicts_st"),
      col<&R::inst_executed>("inst_executed"),
      col<&R::l2_hit_pct>("l2_hit_pct"),
      col<&R::kernels>("kernels"),
      col<&R::dram_read_per_element>("dram_read_per_element"),
      col<&R::counter_gbps>("counter_gbps"),
      col<&R::extra_counters>("extra_counters"),
      col<&R::cupti_status>("cupti_status"),
      col<&R::sm_clock_mhz>("sm_clock_mhz"),
      col<&R::nvml_sm_clock_before_mhz>("nvml_sm_clock_before_mhz"),
      col<&R::nvml_sm_clock_after_mhz>("nvml_sm_clock_after_mhz"),
      col<&R::clock_events>("clock_events"),
      col<&R::capped>("capped"),
      env_col<&E::gpu>("gpu"),
      env_col<&E::cc>("cc"),
      env_col<&E::sms>("sms"),
      env_col<&E::peak_gbps>("peak_gbps"),
      env_col<&E::measured_peak_gbps>("measured_peak_gbps"),
      env_col<&E::driver>("driver"),
      env_col<&E::cuda>("cuda"),
      env_col<&E::timestamp>("timestamp"),
      env_col<&E::dotsweep_version>("dotsweep_version"),
      env_col<&E::seed>("seed"),
      env_col<&E::device>("device"),
      env_col<&E::gpu_uuid>("gpu_uuid"),
  };
  return all;
}

}  // namespace

const std::vector<std::string>& record_columns() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& c : columns()) out.push_back(c.name);
    return out;
  }();
  return names;
}

std::vector<std::string> to_fields(const MeasurementRecord& record) {
  std::vector<std::string> out;
  out.reserve(columns().size());
  for (const auto& c : columns()) out.push_back(c.get(record));
  return out;
}

RecordHeader::RecordHeader(const std::vector<std::string>& header) : size_(header.size()) {
  // Found once per file: a report of 10^4 rows by 10^2 columns would
  // otherwise search its header 10^6 times.
  for (const auto& c : columns()) {
    const auto at = std::find(header.begin(), header.end(), c.name);
    if (at == header.end() && c.required && missing_required_.empty()) missing_required_ = c.name;
    position_.push_back(at == header.end() ? -1 : static_cast<int>(at - header.begin()));
  }
}

MeasurementRecord from_fields(const RecordHeader& header, const std::vector<std::string>& fields,
                              const std::string& origin) {
  // A row cut short (a truncated file) must not read as empty measurements.
  if (fields.size() != header.size())
    throw InputError(origin + ": row has " + std::to_string(fields.size()) + " fields, header has " +
                     std::to_string(header.size()));
  if (!header.missing_required().empty())
    throw InputError(origin + ": missing required column '" + header.missing_required() + "'");
  MeasurementRecord record;
  const auto& all = columns();
  for (std::size_t k = 0; k < all.size(); ++k) {
    const int i = header.position(k);
    if (i < 0) continue;  // older or trimmed CSVs: the field keeps its default
    all[k].set(record, fields[static_cast<std::size_t>(i)], Cell{origin, all[k].name, all[k].infinity_allowed});
  }
  // The limits, in column order: a row that parses but is not data (n = 0,
  // type f128, a time below the timer's tick) is refused here, in the one
  // place every reader passes through.
  for (std::size_t k = 0; k < all.size(); ++k) {
    const int i = header.position(k);
    if (i < 0 || !all[k].refusal) continue;
    const std::string why = all[k].refusal(record);
    if (!why.empty())
      throw InputError(origin + ": column '" + all[k].name + "' value '" + fields[static_cast<std::size_t>(i)] +
                       "' " + why);
  }
  return record;
}

MeasurementRecord from_fields(const std::vector<std::string>& header,
                              const std::vector<std::string>& fields, const std::string& origin) {
  return from_fields(RecordHeader(header), fields, origin);
}

std::vector<MeasurementRecord> records_from_table(const CsvTable& table, const std::string& origin) {
  std::vector<MeasurementRecord> records;
  records.reserve(table.rows.size());
  // Row number of each (variant, type, n, mode) seen per report (gpu,
  // timestamp, UUID: files may hold several): a second row for the same
  // question would make ranking, compare and gate pick one silently.
  std::map<std::tuple<std::string, std::string, std::string, std::string, std::string, std::int64_t, std::string>,
           std::size_t>
      first_row;
  const RecordHeader header(table.header);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::string where = origin + ", row " + std::to_string(i + 1);
    records.push_back(from_fields(header, table.rows[i], where));
    const MeasurementRecord& r = records.back();
    const auto [at, fresh] = first_row.try_emplace({r.env.gpu, r.env.timestamp, r.env.gpu_uuid, r.variant, r.type, r.n, r.mode}, i + 1);
    if (!fresh)
      throw InputError(where + ": duplicate of row " + std::to_string(at->second) + " (variant " + r.variant +
                       ", type " + r.type + ", n " + std::to_string(r.n) + ", mode " + r.mode +
                       (r.env.gpu.empty() ? std::string() : ", gpu " + r.env.gpu) + ")");
  }
  return records;
}

std::vector<MeasurementRecord> read_records(const std::string& csv_path) {
  std::istringstream in(read_text_file(csv_path));
  return records_from_table(read_csv(in, csv_path), csv_path);
}

double dot_bytes(std::int64_t n, int element_bytes) {
  return 2.0 * static_cast<double>(n) * element_bytes;
}

double effective_gbps(std::int64_t n, int element_bytes, double median_us) {
  if (!(median_us > 0)) return 0;  // no time, no rate (avoid inf in reports)
  return dot_bytes(n, element_bytes) / (median_us * 1e-6) / 1e9;
}

void set_axis_columns(MeasurementRecord& r, const VariantConfig& c) {
  r.type = to_string(c.type);
  r.block = c.block;
  r.items = c.items;
  r.vec = c.vec;
  r.grid = grid_name(c);
  r.layout = to_string(c.layout);
  r.reduce = to_string(c.reduce);
  r.finish = to_string(c.finish);
  r.hint = to_string(c.hint);
  r.acc = to_string(c.acc);
}

bool ranks_in_group(const MeasurementRecord& row) { return row.kind == kCandidateKind || row.kind == kBaselineKind; }

const std::vector<std::string>& row_kinds() {
  static const std::vector<std::string> kinds = {kCandidateKind, kBaselineKind, kFloorKind, kHostPathKind};
  return kinds;
}

}  // namespace dotsweep
