// One row of sweep.csv: what was measured for one (variant, type, n, mode).
// Records cross the seam between the GPU measuring and the reports as plain data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/io/csv.hpp"

namespace dotsweep {

// The machine a record was measured on; repeated in every row so CSVs from
// different GPUs can be concatenated.
struct Environment {
  std::string gpu;               // "NVIDIA H200"
  std::string cc;                // "9.0"
  int sms = 0;
  double peak_gbps = 0;          // theoretical: 2 x memory clock x bus width
  std::optional<double> measured_peak_gbps;  // read ceiling measured by the harness
  std::string driver;            // "13.0" (driver API version)
  std::string cuda;              // runtime version
  std::string timestamp;         // sweep start, ISO 8601 UTC
  std::string dotsweep_version;
  std::uint64_t seed = 0;        // input generator seed
  // Which GPU of its host: the CUDA device index and the GPU's UUID, so the
  // reports of one sweep per GPU (--devices) stay apart when concatenated.
  // Empty in reports written before they were recorded.
  std::optional<int> device;
  std::string gpu_uuid;          // "GPU-xxxxxxxx-..."
};

// One timed sample as it was taken: time per launch, the SM clock read next
// to it (0 = unknown), and whether it was dropped as throttled.
struct RawSample {
  double us = 0;
  double sm_clock_mhz = 0;
  bool throttled = false;
};

// The kinds of row a sweep writes; row_kinds() is the vocabulary a row read
// back must use (core/rows/row_limits.hpp).
// A configuration of the variant space (the built-in kernel or a --kernels tree).
inline constexpr const char* kCandidateKind = "candidate";
// A library's dot (cuBLAS, CUB, ...), ranked beside the candidates.
inline constexpr const char* kBaselineKind = "baseline";
// The launch floor's rows (an empty kernel): timed, never checked, ranked or
// compared; no bandwidth or speedup, since they compute nothing.
inline constexpr const char* kFloorKind = "floor";
// The host paths' rows (core/stats/crossover.hpp): the dot with its data
// starting on the host, or computed by the CPU. They answer another question
// than the GPU-resident rows, so they are timed and checked but never ranked
// against them, and have no % of peak or speedups.
inline constexpr const char* kHostPathKind = "host";
// Every kind above, in that order.
const std::vector<std::string>& row_kinds();


struct MeasurementRecord {
  std::optional<int> rank;       // within (type, n, mode), correct rows only; ties share 1
  // In its group's tie group (core/stats/tie_group.hpp); empty unless correct and timed.
  std::optional<bool> tied_best;
  std::string variant;           // VariantConfig::id() or a baseline name
  std::string kind;              // one of row_kinds()
  // Parameters (empty for baselines where they do not apply).
  std::string type, grid, layout, reduce, finish, hint, acc;
  std::optional<int> block, items, vec;
  std::int64_t n = 0;
  std::string mode;              // "cold" | "hot"
  std::int64_t grid_blocks = 0;  // blocks of the main kernel as launched
  // Timing (empty when the variant failed before timing).
  std::size_t samples = 0;
  std::size_t launches = 0;         // launches per timed sample: 1 cold, K hot
  std::size_t dropped_samples = 0;  // dropped as throttled
  std::optional<double> median_us, min_us, p25_us, p75_us, noise_pct;
  std::optional<double> ci_lo_us, ci_hi_us;  // distribution-free 95% interval of the median
  // Every timed sample, throttled ones included, in the order taken. Not a
  // sweep.csv column: the report folder keeps them in samples.csv.gz
  // (core/rows/samples_file.hpp); rows read back from a CSV have none.
  std::vector<RawSample> raw_samples;
  std::optional<double> gbps, pct_peak, speedup_vs_cublas, speedup_vs_cub;
  std::optional<double> sm_clock_mhz;
  // NVML's view around the measurement (empty when NVML is unavailable).
  std::optional<double> nvml_sm_clock_before_mhz, nvml_sm_clock_after_mhz;
  std::string clock_events;      // clock-event reasons seen, '+'-joined short names, or "none"
  std::optional<bool> capped;    // power or thermal capping was seen
  // Correctness.
  std::optional<double> rel_err, err_bound;  // |r-ref|/sum|ab| and the bound on the same scale
  bool correct = false;
  std::optional<bool> deterministic;
  std::string reason;            // why incorrect or rejected; empty when fine
  // Hardware counters (empty when not collected; cupti_status says why).
  std::optional<double> gpu_time_us, dram_read_bytes, dram_write_bytes, dram_pct_peak,
      warps_active_pct, smem_conflicts_ld, smem_conflicts_st, inst_executed, l2_hit_pct;
  std::optional<int> kernels;                  // kernels the operation launched (ranges summed)
  // Derived: dram bytes read per element index (8 for an f32 dot reading each
  // input once) and dram bytes read+written per second of gpu_time_us.
  std::optional<double> dram_read_per_element, counter_gbps;
  std::string extra_counters;                  // --metrics without a column: "name=value;..."
  std::string cupti_status;
  Environment env;
};

// Rows that rank in their group: candidates and the GPU baselines (not the
// launch floor, not the host paths).
bool ranks_in_group(const MeasurementRecord& row);

// Column names of sweep.csv, in order.
const std::vector<std::string>& record_columns();
std::vector<std::string> to_fields(const MeasurementRecord& record);
// Reads a row by column name, so column order and extra columns do not matter.
// Throws InputError naming `origin` when a required column is missing, the
// row's field count differs from the header's, a number does not parse or
// is NaN or infinite (only rel_err may be +inf: a non-finite result), or a
// value is outside what a row may hold (core/rows/row_limits.hpp: n, type,
// mode, kind and the timings), naming the column and the value.
MeasurementRecord from_fields(const std::vector<std::string>& header,
                              const std::vector<std::string>& fields, const std::string& origin);
// Where each sweep.csv column sits in one file's header, for reading its
// rows without searching the header again per row.
class RecordHeader {
 public:
  explicit RecordHeader(const std::vector<std::string>& header);
  std::size_t size() const { return size_; }
  // The column's index in the header, or -1 when the file has none.
  int position(std::size_t column) const { return position_[column]; }
  // The first required column the header lacks; empty when it has them all.
  const std::string& missing_required() const { return missing_required_; }

 private:
  std::size_t size_;
  std::vector<int> position_;  // by the order of record_columns()
  std::string missing_required_;
};
MeasurementRecord from_fields(const RecordHeader& header, const std::vector<std::string>& fields,
                              const std::string& origin);
// Every row of a table read by read_csv, each named "<origin>, row <i>" (from
// 1) in errors; also throws InputError on a second row for the same
// (variant, type, n, mode) within one report (the same gpu and timestamp).
std::vector<MeasurementRecord> records_from_table(const CsvTable& table, const std::string& origin);
// Reads sweep.csv or best.csv, plain or gzipped (.csv.gz).
std::vector<MeasurementRecord> read_records(const std::string& csv_path);

// Bytes a dot product must move: both inputs once.
double dot_bytes(std::int64_t n, int element_bytes);
double effective_gbps(std::int64_t n, int element_bytes, double median_us);

struct VariantConfig;
// The axis columns (type, block, items, vec, grid, layout, reduce, finish,
// hint, acc) of a candidate's row, as sweep.csv holds them.
void set_axis_columns(MeasurementRecord& row, const VariantConfig& config);

}  // namespace dotsweep
