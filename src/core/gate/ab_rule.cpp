#include "core/gate/ab_rule.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "core/io/markdown_text.hpp"
#include "core/sampling/statistics.hpp"

namespace dotsweep {

namespace {
std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}
}  // namespace

double AbThreshold::pct_for(double a_us) const {
  return a_us > 0 ? std::max(pct, 100.0 * min_gap_us / a_us) : pct;
}

AbThreshold threshold_for_copies(AbThreshold given, bool min_gap_given, std::size_t copies) {
  if (copies > 1 && !min_gap_given) given.min_gap_us = 0;
  return given;
}

RatioEstimate paired_ratio(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("paired_ratio: A and B hold different numbers of samples");
  if (a.empty()) throw std::invalid_argument("paired_ratio: no pairs");
  std::vector<double> ratios(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) ratios[i] = b[i] / a[i];
  const SampleSummary s = summarize(ratios);
  return {s.median, s.ci_lo, s.ci_hi, s.samples};
}

RatioEstimate copies_ratio(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  if (a.size() != b.size()) throw std::invalid_argument("copies_ratio: A and B hold different numbers of copies");
  if (a.size() == 1) return paired_ratio(a.front(), b.front());
  std::vector<double> copy_medians;
  std::size_t pairs = 0;
  for (std::size_t j = 0; j < a.size(); ++j) {
    if (a[j].empty() && b[j].empty()) continue;
    const RatioEstimate copy = paired_ratio(a[j], b[j]);
    copy_medians.push_back(copy.median);
    pairs += copy.pairs;
  }
  if (copy_medians.empty()) throw std::invalid_argument("copies_ratio: no pairs");
  const SampleSummary s = summarize(copy_medians);
  return {s.median, s.ci_lo, s.ci_hi, pairs, copy_medians.size()};
}

GateVerdict ab_verdict(bool a_correct, bool b_correct, const std::optional<RatioEstimate>& ratio,
                       double threshold_pct) {
  if (a_correct && !b_correct) return GateVerdict::broken;
  if (!a_correct) return b_correct ? GateVerdict::fixed : GateVerdict::untimed;
  if (!ratio) return GateVerdict::untimed;
  const double upper = 1.0 + threshold_pct / 100.0, lower = 1.0 / upper;
  if (ratio->lo > upper) return GateVerdict::regressed;
  if (ratio->hi < lower) return GateVerdict::improved;
  if (ratio->lo >= lower && ratio->hi <= upper) return GateVerdict::same;
  return GateVerdict::inconclusive;
}

GateRow ab_row(const MeasurementRecord& a, const MeasurementRecord& b, const std::optional<RatioEstimate>& ratio,
               const AbThreshold& threshold) {
  GateRow row;
  row.baseline = a;
  row.current = {b};
  row.verdict = ab_verdict(a.correct, b.correct, ratio, threshold.pct_for(a.median_us.value_or(0)));
  if (ratio) {
    row.base = estimate_of(a);
    row.cur = estimate_of(b);
    row.ratio = ratio->median;
    row.why = "B/A " + fixed_number(ratio->median, 3) + " [" + fixed_number(ratio->lo, 3) + ", " +
              fixed_number(ratio->hi, 3) + "] over " +
              (ratio->copies > 1 ? std::to_string(ratio->copies) + " copies, " : std::string()) +
              std::to_string(ratio->pairs) + " pairs, threshold " +
              percent(threshold.pct_for(a.median_us.value_or(0))) + "%";
  } else if (row.verdict == GateVerdict::broken) {
    row.why = "B incorrect: " + b.reason;
  } else if (row.verdict == GateVerdict::fixed) {
    row.why = "A incorrect: " + a.reason;
  } else {
    row.why = a.correct ? "not timed" : "both incorrect: " + a.reason;
  }
  return row;
}

GateResult ab_result(std::vector<GateRow> rows, const AbThreshold& given, bool min_gap_given, std::size_t copies) {
  const AbThreshold threshold = threshold_for_copies(given, min_gap_given, copies);
  GateResult result;
  result.command = "ab";
  result.rule.threshold_pct = threshold.pct;
  result.rule.min_gap_us = threshold.min_gap_us;
  const std::string estimate =
      copies > 1 ? "A and B timed alternately from " + std::to_string(copies) +
                       " loaded copies a side, B/A = the median of the copies' median paired ratios with its 95% "
                       "interval over the copies (baselines: of the paired ratios); "
                 : std::string("A and B timed alternately, B/A = median of the paired ratios with its 95% interval; ");
  const std::string baseline_floor = threshold.min_gap_us == given.min_gap_us
                                         ? std::string()
                                         : " (baselines, one copy each: " + percent(given.min_gap_us) + " us)";
  result.rule_line = estimate + "t = the larger of " + percent(threshold.pct) + "% and " + percent(threshold.min_gap_us) +
                     " us of A's median" + baseline_floor +
                     "; REGRESSED = the interval wholly above 1 + t, SAME = wholly within [1/(1 + t), 1 + t] "
                     "(docs/ab.md)";
  result.current_reports = 1;
  result.rows = std::move(rows);
  return result;
}

}  // namespace dotsweep
