// `dotsweep gate`: did a kernel get slower than in the baseline report?
//
// Rows are matched by (variant, type, n, mode). Each matched row gets one
// verdict from this rule (docs/gate.md has the measurements behind it):
//
//   change = current median / baseline median - 1
//   floor  = measured from repeat sweeps (gate_noise.hpp), or by default
//            max(min_gap_us + min_gap_pct% x baseline median,
//                2 x min_gap_pct% x baseline median)              (the noise floor)
//   SAME          |change| <= threshold
//   REGRESSED     change > threshold, current's interval above the baseline's
//                 by more than the floor, and the current run not throttled
//   IMPROVED      change < -threshold, baseline's interval above current's by
//                 more than the floor
//   INCONCLUSIVE  over the threshold either way, but the intervals are closer
//                 than the floor (or overlap), or the slower run was throttled,
//                 or the row is a host-timed baseline (thrust): the host clock
//                 moves it past any floor between runs, either way
//   BROKEN        correct in the baseline, incorrect in a current report
//   FIXED         incorrect in the baseline, correct in every current report
//   UNTIMED       incorrect (or without a median) on both sides: nothing to compare
//
// Only REGRESSED and BROKEN fail the gate; a speedup never does.
//
// Why a noise floor on top of the intervals: a row's 95% interval describes
// the sampling noise of one run, not the shifts between runs. Two
// back-to-back default cold sweeps on one H200 moved launch-bound rows (4-10
// us) by up to 26% with disjoint intervals, 1.50 us apart at most, and rows at
// 2^24 (~35 us) by up to 8.4%, 2.4 us apart (against a third run on the same
// GPU). The floor, 2 us + 3% of the baseline median, clears all of them
// by at least 0.66 us; the timer's own tick (32 ns) is far below it (0.1
// reports; from 0.2 on 0.5 us + 3%). From 16.7 us up the floor is 6% of the
// median: a state a process draws once (gate_default_floor_us).
//
// Why clocks are compared, not scaled: a dot product is memory-bound at large
// n, where its time does not follow the SM clock, and partly launch-bound at
// small n, where it does partly; scaling by the clock ratio would be right
// nowhere. A slower current row whose SM clock is more than clock_drop_pct
// below the baseline row's, or that NVML saw power- or thermally capped, is
// INCONCLUSIVE with the clock figures in its reason, never REGRESSED.
//
// Several current reports (repeats of one sweep) combine per row into the
// median of their medians with the hull of their intervals [min lo, max hi].
// The median of medians is what the threshold tests: one report caught in a
// slow state among three does not move it. The hull is what the separation
// tests: a row is REGRESSED only when every repeat's interval lies above the
// baseline's, so a slowdown must reproduce in every run to fail the gate.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/gate/gate_input.hpp"
#include "core/gate/gate_noise.hpp"
#include "core/gate/sweep_extent.hpp"
#include "core/rows/record.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

// The rule's parameters; these member initializers are the CLI's defaults.
struct GateRule {
  double threshold_pct = 5.0;   // practical threshold on the change of the median
  // The default noise floor, used when no calibration is given or it holds
  // nothing for a row's class (docs/gate.md): absolute part and part
  // relative to the baseline median. The absolute part, unless given,
  // follows the baseline's version series (default_min_gap_us); run_gate
  // sets it in its result's rule.
  std::optional<double> min_gap_us;
  double min_gap_pct = 3.0;
  // The floor measured from repeat sweeps (--noise; gate_noise.hpp).
  std::shared_ptr<const NoiseCalibration> noise;
  double clock_drop_pct = 5.0;  // a current SM clock this much below the baseline's: throttled
  // Compare fraction of peak bandwidth (pct_peak) instead of time: reports
  // from different GPUs. Times are then rescaled to the baseline GPU's peak.
  bool cross_hardware = false;
};

// Which rows of each (type, n, mode) group are compared (--only).
struct GateScope {
  bool tie_groups = true;  // rows tied for best (tied_best = 1) in the baseline or any current report
  bool baselines = true;   // kind = baseline: cuBLAS, CUB, the seed kernel
  bool all = false;        // every row
};
// The default floor's absolute part for reports of `dotsweep_version`: 2 us
// for the 0.1 series (and a version that does not parse), whose cold rows
// timed the operation's own stream launches and so carry the about-1-us
// run-to-run step of two-kernel operations; 0.5 us from 0.2 on, whose cold rows replay graphs (between
// three back-to-back default sweeps on the H200, 0 rows REGRESSED with it:
// results/2026-12-02-launch-phase/README.md).
double default_min_gap_us(const std::string& dotsweep_version);
// The default noise floor for a row whose baseline median is
// `baseline_median_us`, from a report of `dotsweep_version`: the absolute
// part (rule.min_gap_us, else default_min_gap_us) + min_gap_pct% of the
// median. Two runs' figures closer than this are within the run-to-run noise
// the gate allows (summary.md says so too).
double default_noise_floor_us(const GateRule& rule, double baseline_median_us, const std::string& dotsweep_version);
double min_gap_us_of(const GateRule& rule, const std::string& dotsweep_version);
// The floor the gate applies to a row without a calibration: the default
// noise floor, but never under twice its relative part (2 x min_gap_pct% of
// the baseline median; 6% by default). Why: some rows draw a state once per
// process and keep it for the whole run. Two back-to-back default sweeps on
// one H200 (GPU-fb122afe, 2026-12-06) moved a few last-block rows at 2^24
// and 2^26 by 5-6% with tight intervals (intervals up to 5.1% of the
// baseline median apart, beyond 0.5 us); the relative part is one process's
// spread, and a pair of runs is two draws, as in the measured floor
// (calibrated_floor_us). The absolute part still rules below 16.7 us.
double gate_default_floor_us(const GateRule& rule, double baseline_median_us, const std::string& dotsweep_version);

// "best", "baselines", "all", or a comma list ("best,baselines" is the
// default). Throws InputError naming the word it does not know.
GateScope parse_gate_scope(const std::string& text);
std::string scope_text(const GateScope& scope);

enum class GateVerdict { regressed, broken, inconclusive, improved, fixed, untimed, same };
const char* gate_verdict_name(GateVerdict verdict);  // "REGRESSED", ...
bool fails_gate(GateVerdict verdict);                // regressed or broken

// A median with its interval, in us, lower is better. In cross-hardware mode
// a current row's figures are rescaled to what they would be at the baseline
// GPU's peak bandwidth, so comparing them compares pct_peak.
struct GateEstimate {
  double median = 0, lo = 0, hi = 0;
};
// The row's median and 95% interval, times `scale`; a row without an
// interval (older reports) counts as a zero-width one at its median.
std::optional<GateEstimate> estimate_of(const MeasurementRecord& row, double scale = 1.0);
// Several reports of one row: the median of the medians (the mean of the
// middle two for an even count) and the hull of the intervals. Empty input
// gives an empty result.
std::optional<GateEstimate> combine_estimates(const std::vector<GateEstimate>& estimates);

// Why a current row's slowdown may be the clocks' doing rather than the
// code's, as text with the figures ("SM clock 1845 vs 1980 MHz (-6.8%)",
// "capped (sw_power_cap)"); empty when neither applies. Clocks are compared
// only on the same GPU (not cross_hardware).
std::string throttle_reason(const MeasurementRecord& baseline, const MeasurementRecord& current,
                            const GateRule& rule);

// One compared row.
struct GateRow {
  MeasurementRecord baseline;
  std::vector<MeasurementRecord> current;  // one per current report that holds the row
  std::optional<GateEstimate> base, cur;          // set when both sides are timed and correct
  double ratio = 0;        // cur.median / base.median (0 when not timed)
  double separation = 0;   // us between the intervals in the direction of the change; < 0: overlap
  double floor_us = 0;     // the noise floor this row had to clear
  // Where floor_us came from: "default" (no calibration), "default, too
  // few calibrated rows of its class", "calibrated, its own spread",
  // "calibrated, its class's spread".
  std::string floor_source = "default";
  // --cross-hardware: the times were rescaled by the reports' measured read
  // ceilings (every report has one), else by their theoretical peaks
  // (core/gate/bandwidth_footing.hpp).
  bool on_read_ceilings = false;
  bool throttled = false;  // slower, and some current report's row ran throttled (throttle_reason)
  bool host_timed = false; // past the floor either way, but a host-timed baseline (host_timed_row): never REGRESSED or IMPROVED
  GateVerdict verdict = GateVerdict::untimed;
  std::string why;         // one line: the figures behind the verdict
};

// Judges one row: the baseline's record and the current reports' records of
// the same (variant, type, n, mode).
GateRow judge_row(const MeasurementRecord& baseline, const std::vector<const MeasurementRecord*>& current,
                  const GateRule& rule);

struct GateResult {
  // The command whose verdicts these are ("gate", or "ab": core/gate/ab_rule.hpp)
  // and, when it is not the gate's rule, that rule as one line: the text,
  // JUnit and Markdown views name them.
  std::string command = "gate";
  std::string rule_line;
  GateRule rule;
  GateScope scope;
  bool require_all = false;
  std::size_t current_reports = 0;
  // In scope and on both sides, in (type, n, mode, variant) order.
  std::vector<GateRow> rows;
  // In scope but on one side only (the current side: in any current report),
  // in (type, n, mode, variant) order.
  std::vector<MeasurementRecord> baseline_only, current_only;
  std::size_t out_of_scope = 0;  // distinct rows that --only left out
  // What each side swept (the current side: every current report), so a
  // one-sided row can be told apart as a group or a variant the other side
  // did not sweep, or a row gone missing.
  SweepExtent baseline_swept, current_swept;

  std::size_t count(GateVerdict verdict) const;
  std::size_t throttled() const;  // INCONCLUSIVE rows among them that ran throttled
  // No REGRESSED or BROKEN row and, under require_all, no one-sided row.
  bool passed() const;
  int exit_code() const { return passed() ? 0 : 1; }
};

// Matches, scopes and judges; the result holds copies of the rows it lists.
// Call check_comparable first.
GateResult run_gate(const GateReport& baseline, const std::vector<GateReport>& current, const GateRule& rule,
                    const GateScope& scope, bool require_all);

}  // namespace dotsweep
