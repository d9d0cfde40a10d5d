// `dotsweep compare`: the same questions (type, n, mode) answered by several
// reports — two GPUs, or one GPU before and after a change — side by side:
// each report's best candidate and its tie group, the ratio between reports,
// the baselines on each, and how each report's best does on the others
// (portability). Pure: rows in, a comparison and its Markdown out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/stats/ranking.hpp"
#include "core/rows/record.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

// What a best.csv row says about its group. A best.csv holds only each
// group's best candidate, so the group's standing cannot be recomputed from
// its rows: it is read from the tie_size, tie_members and verdict columns.
struct DeclaredStanding {
  std::size_t tie_size = 1;
  std::vector<std::string> tie_members;  // as listed: the first 8 by median
  Verdict verdict = Verdict::winner;
};
// Parses best.csv's three columns; throws InputError naming `origin`.
DeclaredStanding parse_declared_standing(const std::string& tie_size, const std::string& tie_members,
                                         const std::string& verdict, const std::string& origin);

// The rows of one input file, named for error messages.
struct CompareInput {
  std::string origin;  // the file name
  std::vector<MeasurementRecord> rows;
  std::vector<std::optional<DeclaredStanding>> declared;  // per row for a best.csv; empty otherwise
};

// One sweep: the rows sharing (gpu, timestamp, GPU UUID: two GPUs of one
// host swept at once share the rest). A file may hold several
// (concatenated CSVs); a report split over several files is one report.
struct Report {
  std::string label;      // "A", "B", ...: in order of first appearance
  std::string gpu;        // "NVIDIA H200"
  std::string timestamp;  // the sweep's start
  std::string gpu_uuid;   // empty in reports that predate it
  std::string origins;    // the files its rows came from, comma-separated
  double peak_gbps = 0;   // theoretical, from the first row
  std::optional<double> measured_peak_gbps;
  std::vector<MeasurementRecord> rows;
  std::vector<std::optional<DeclaredStanding>> declared;  // per row (best.csv rows only)
  std::string name() const;  // "A (H200)": the label and the GPU without its vendor
};

// Groups every input's rows by (gpu, timestamp, UUID), in order of first
// appearance. Throws InputError (one line naming the input and the fix) for
// an input with no rows, fewer than two reports in all, more than 26, or a
// report holding the same (variant, type, n, mode) twice.
std::vector<Report> split_reports(const std::vector<CompareInput>& inputs);

// a / b with the interval that follows from both 95% intervals.
struct Ratio {
  double value = 0;
  std::optional<Interval> interval;  // empty unless both rows carry an interval
};
// a's median over b's: [a lo / b hi, a hi / b lo]. Below 1: a is faster.
std::optional<Ratio> time_ratio(const MeasurementRecord& a, const MeasurementRecord& b);
// a's pct_peak over b's (each against its own report's peak); the
// interval follows from the time intervals, since pct_peak is 1 / time.
std::optional<Ratio> pct_peak_ratio(const MeasurementRecord& a, const MeasurementRecord& b);
// The row's pct_peak with the interval its median's interval implies.
std::optional<Interval> pct_peak_interval(const MeasurementRecord& row);

// One report's answer to one question (type, n, mode).
struct ReportSide {
  bool present = false;                    // the report measured this question
  std::optional<MeasurementRecord> best;   // its fastest correct candidate
  std::vector<std::string> tie_members;    // the fastest row's tie group, baselines included
  std::size_t tie_size = 0;                // its size (a best.csv lists only 8 members)
  Verdict verdict = Verdict::winner;       // best.csv's verdict for `best`
  std::optional<MeasurementRecord> cublas, cub;
};

// How report r's best candidate does on report s.
struct Portability {
  enum class Status { same_variant, measured, incorrect, not_measured };
  std::string variant;  // r's best candidate
  Status status = Status::not_measured;
  std::optional<double> pct_peak;          // on s, against s's own peak
  std::optional<double> fraction_of_best;  // s's best median / this variant's median on s (<= 1)
  bool tied = false;                       // in s's tie group (tie_group.hpp)
  std::string reason;                      // why incorrect on s
};

// Do the reports agree on which variant wins?
enum class Agreement {
  same,        // every report's best candidate is the same variant
  tie,         // the tie groups share at least one candidate: no evidence they differ
  differ,      // the tie groups share no candidate: a different variant wins on each
  incomplete,  // fewer than two reports have a best candidate here
};

struct SizeComparison {
  std::int64_t n = 0;
  std::vector<ReportSide> sides;  // one per report, in report order
  // Reports whose best no other report's best is wholly ahead of (by time
  // when every report's GPU has the same peak, by pct_peak otherwise; the
  // rule of tie_group.hpp), the leader first, then in report order.
  std::vector<std::size_t> ahead;
  // The same by time alone, whatever the peaks: which GPU runs this n
  // faster. Equal to `ahead` when every report has the same peak.
  std::vector<std::size_t> faster;
  // Every report's best reads at least kBandwidthBoundPct of its own
  // bandwidth (pct_peak): the size is bandwidth-bound on each, so % of peak
  // says how close each kernel is to its hardware. Below it the launch
  // dominates and % of peak says nothing about the kernels (up to 2^20+3 the
  // committed H200 and H100 baselines' bests reach at most 41% and 51% of
  // their ceilings; bf16 at 2^22 41% and 51%).
  bool bandwidth_bound = false;
  Agreement agreement = Agreement::incomplete;
  std::vector<std::string> shared;  // candidates in every report's tie group (same/tie)
  // portability[r][s]: report r's best on report s; empty for r == s or when
  // r has no best candidate or s did not measure this question.
  std::vector<std::vector<std::optional<Portability>>> portability;
};

// One (type, mode): the sizes any report measured, ascending.
struct QuestionComparison {
  std::string type, mode;
  std::vector<bool> present;  // per report: measured this (type, mode) at all
  std::vector<SizeComparison> sizes;
};

struct ReportComparison {
  std::vector<Report> reports;
  bool same_peak = true;  // every report's theoretical peak is the same (compare by time)
  // The peaks differ and every row has a measured read ceiling: each
  // row's pct_peak was rescaled to that report's ceiling, so a partition
  // (whose peak is its own ceiling) and a whole GPU stand on one footing.
  bool by_measured_ceiling = false;
  // Every two reports swept alike (core/gate/sweep_extent.hpp): otherwise a
  // row they share can differ by what each process swept before it.
  bool swept_alike = true;
  std::vector<QuestionComparison> questions;  // ascending (type, mode)
};

// Where % of peak starts to mean something about a kernel (SizeComparison).
inline constexpr double kBandwidthBoundPct = 50.0;
// Every side's best candidate (two or more have one) reads at least
// kBandwidthBoundPct of its peak (pct_peak, on the comparison's footing).
bool is_bandwidth_bound(const std::vector<ReportSide>& sides);

ReportComparison compare_reports(std::vector<Report> reports);

}  // namespace dotsweep
