// The Markdown of a comparison (compare.hpp builds it; this only prints it):
// the reports, then per (type, mode) the best candidate per size, the
// baselines and each report's best candidate on the others.
#include "core/gate/compare_markdown.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/gate/sweep_extent.hpp"
#include "core/io/markdown_text.hpp"
#include "core/space/size_list.hpp"

namespace dotsweep {

namespace {

// Columns titled `titles`: the first `left` aligned left, the rest right.
std::vector<MarkdownColumn> columns_of(const std::vector<std::string>& titles, std::size_t left) {
  std::vector<MarkdownColumn> columns;
  for (std::size_t i = 0; i < titles.size(); ++i) columns.push_back({titles[i], i < left ? Align::left : Align::right});
  return columns;
}

// Percent of peak: launch-bound sizes read well under 1%, so more decimals there.
std::string pct_cell(const std::optional<double>& pct) {
  if (pct && *pct < 0.005) return "<0.01";
  return fixed_or_dash(pct, pct && *pct < 10 ? 2 : 1);
}

// size_label's "2^20+3", but a plain 1 rather than "2^0".

std::string sizes_text(std::size_t count) { return std::to_string(count) + (count == 1 ? " size" : " sizes"); }

std::string compare_median_cell(const std::optional<MeasurementRecord>& r) {
  if (!r) return "—";
  if (!r->correct) return "incorrect";
  std::string text = fixed_or_dash(r->median_us, 2);
  if (r->median_us && r->ci_lo_us && r->ci_hi_us)
    text += " [" + fixed_or_dash(r->ci_lo_us, 2) + ", " + fixed_or_dash(r->ci_hi_us, 2) + "]";
  if (r->capped == true) text += " capped";
  return text;
}

std::string ratio_cell(const std::optional<Ratio>& ratio) {
  if (!ratio) return "—";
  std::string text = fixed_or_dash(ratio->value, 3);
  if (ratio->interval) text += " [" + fixed_or_dash(ratio->interval->lo, 3) + ", " + fixed_or_dash(ratio->interval->hi, 3) + "]";
  return text;
}

std::string best_cell(const ReportSide& side) {
  if (!side.present) return "—";
  if (!side.best) return "no correct candidate";
  std::string standing;
  switch (side.verdict) {
    case Verdict::winner: standing = "winner"; break;
    case Verdict::tie: standing = "tie of " + std::to_string(side.tie_size); break;
    case Verdict::baseline:
      standing = side.tie_members.empty() ? "behind a baseline" : "behind " + side.tie_members.front();
      break;
    case Verdict::partial: standing = "partial group: the sweep stopped inside it"; break;
  }
  return markdown_cell(side.best->variant) + " (" + standing + ")";
}

// The leading report of `leaders` (SizeComparison::faster or ::ahead), or a tie.
std::string leader_cell(const std::vector<std::size_t>& leaders, const std::vector<Report>& reports) {
  if (leaders.empty()) return "—";
  if (leaders.size() == 1) return reports[leaders.front()].label;
  std::vector<std::size_t> tied = leaders;
  std::sort(tied.begin(), tied.end());
  std::string text = "tie (";
  for (std::size_t k = 0; k < tied.size(); ++k) text += (k ? ", " : "") + reports[tied[k]].label;
  return text + ")";
}

std::string agreement_cell(const SizeComparison& size) {
  switch (size.agreement) {
    case Agreement::same: return "same";
    case Agreement::tie:
      return size.shared.size() == 1 ? "tie: shares " + markdown_cell(size.shared.front())
                                     : "tie: " + std::to_string(size.shared.size()) + " shared";
    case Agreement::differ: return "differ";
    case Agreement::incomplete: return "—";
  }
  return "?";
}

std::string portability_cell(const std::optional<Portability>& p) {
  if (!p) return "—";
  switch (p->status) {
    case Portability::Status::same_variant: return "same variant";
    case Portability::Status::not_measured: return "not measured";
    case Portability::Status::incorrect: {
      std::string reason = p->reason.size() > 60 ? p->reason.substr(0, 57) + "..." : p->reason;
      return "incorrect" + (reason.empty() ? std::string() : ": " + markdown_cell(reason));
    }
    case Portability::Status::measured:
      return fixed_or_dash(p->fraction_of_best ? std::optional<double>(*p->fraction_of_best * 100) : std::nullopt, 1,
                   "% of best") +
             ", " + pct_cell(p->pct_peak) + "% peak" + (p->tied ? ", tied" : "");
  }
  return "?";
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// What "better" is in a line of ratios against A: lower time, or higher % of
// peak, and the words for the report that has it.
struct RatioFooting {
  bool by_time = true;
  std::string what;     // "time", "% of its own ceiling", ...
  std::string better;   // "faster", "closer to its ceiling", ...
};

// Counts over the sizes where both X and A have a best candidate (and, for
// % of peak, the size is bandwidth-bound): X better, A better, overlap.
std::string ratio_line(const QuestionComparison& q, std::size_t i, const ReportComparison& c, const RatioFooting& f) {
  std::vector<double> ratios;
  std::size_t x_ahead = 0, a_ahead = 0, tied = 0;
  for (const auto& s : q.sizes) {
    const auto& a = s.sides[0];
    const auto& x = s.sides[i];
    if (!a.best || !x.best || (!f.by_time && !s.bandwidth_bound)) continue;
    const auto r = f.by_time ? time_ratio(*x.best, *a.best) : pct_peak_ratio(*x.best, *a.best);
    if (!r) continue;
    ratios.push_back(r->value);
    const bool overlap = r->interval && r->interval->lo <= 1.0 && 1.0 <= r->interval->hi;
    const bool x_better = f.by_time ? r->value < 1.0 : r->value > 1.0;
    if (overlap || r->value == 1.0) ++tied;
    else if (x_better) ++x_ahead;
    else ++a_ahead;
  }
  const auto& A = c.reports[0];
  const auto& X = c.reports[i];
  const std::string where =
      f.by_time ? std::string() : " at the bandwidth-bound sizes (each best at " +
                                      fixed_or_dash(kBandwidthBoundPct, 0) + "% of its own or more)";
  if (ratios.empty()) return "- " + X.label + "/" + A.label + " " + f.what + " of the best candidate" + where + ": no such size.";
  const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
  return "- " + X.label + "/" + A.label + " " + f.what + " of the best candidate" + where + ": median " +
         fixed_or_dash(median_of(ratios), 3) + " over " + sizes_text(ratios.size()) + " (" + fixed_or_dash(*lo, 3) +
         " to " + fixed_or_dash(*hi, 3) + "); " + X.label + " " + f.better + " at " + std::to_string(x_ahead) + ", " +
         A.label + " " + f.better + " at " + std::to_string(a_ahead) + ", intervals overlap at " +
         std::to_string(tied) + ".";
}

// The lines on report i against report A: time over every size both
// measured (which GPU runs n faster) and, when the peaks differ, % of each
// report's own peak over the bandwidth-bound sizes (how close each kernel
// is to its hardware); then whether the best variants agree.
std::string ratio_summary(const QuestionComparison& q, std::size_t i, const ReportComparison& c) {
  std::size_t same = 0, tie = 0, differ = 0, with_best = 0;
  for (const auto& s : q.sizes) {
    const auto& a = s.sides[0];
    const auto& x = s.sides[i];
    if (!a.best || !x.best) continue;
    ++with_best;
    if (x.best->variant == a.best->variant) ++same;
    else {
      bool shares = false;
      for (const auto& id : a.tie_members) shares = shares || std::find(x.tie_members.begin(), x.tie_members.end(), id) != x.tie_members.end();
      shares ? ++tie : ++differ;
    }
  }
  const auto& A = c.reports[0];
  const auto& X = c.reports[i];
  if (with_best == 0) return "- " + X.name() + " and " + A.name() + ": no size with a best candidate on both\n";
  std::string out = ratio_line(q, i, c, {true, "time", "faster"});
  if (!c.same_peak)
    out += "\n" + ratio_line(q, i, c,
                              c.by_measured_ceiling ? RatioFooting{false, "% of its own ceiling", "closer to its ceiling"}
                                                    : RatioFooting{false, "% of its own peak", "closer to its peak"});
  return out + " Best variant: same at " + std::to_string(same) + ", tie groups shared at " + std::to_string(tie) +
         ", different at " + std::to_string(differ) + ".\n";
}

std::string portability_summary(const QuestionComparison& q, std::size_t r, std::size_t s,
                                 const ReportComparison& c) {
  std::vector<double> fractions;
  std::size_t tied = 0, incorrect = 0, missing = 0;
  double worst = 2;
  std::int64_t worst_n = 0;
  for (const auto& size : q.sizes) {
    const auto& p = size.portability[r][s];
    if (!p) continue;
    if (p->status == Portability::Status::incorrect) ++incorrect;
    if (p->status == Portability::Status::not_measured) ++missing;
    if (!p->fraction_of_best) continue;
    fractions.push_back(*p->fraction_of_best);
    if (p->tied) ++tied;
    if (*p->fraction_of_best < worst) {
      worst = *p->fraction_of_best;
      worst_n = size.n;
    }
  }
  const auto& R = c.reports[r];
  const auto& S = c.reports[s];
  std::string line = "- " + R.name() + "'s best candidate runs on " + S.name() + " at ";
  if (fractions.empty()) {
    line += "no size where both were measured";
  } else {
    const auto lo = *std::min_element(fractions.begin(), fractions.end());
    const auto hi = *std::max_element(fractions.begin(), fractions.end());
    const std::string range = fixed_or_dash(lo * 100, 1) == fixed_or_dash(hi * 100, 1) ? fixed_or_dash(lo * 100, 1)
                                                                       : fixed_or_dash(lo * 100, 1) + "-" + fixed_or_dash(hi * 100, 1);
    line += range + "% of " + S.label + "'s own best (median " +
            fixed_or_dash(median_of(fractions) * 100, 1) + "%), tied with it at " +
            std::to_string(tied) + " of " + sizes_text(fractions.size());
    if (worst < 1.0) line += "; furthest behind at n = " + size_label(worst_n) + " (" + fixed_or_dash(worst * 100, 1) + "%)";
  }
  if (incorrect) line += "; incorrect on " + S.label + " at " + sizes_text(incorrect);
  if (missing) line += "; not measured on " + S.label + " at " + sizes_text(missing);
  return line + ".\n";
}

std::string question_markdown(const QuestionComparison& q, const ReportComparison& c) {
  const auto& reports = c.reports;
  const std::size_t count = reports.size();
  std::string md = "## " + q.type + ", " + q.mode + "\n\n";
  std::vector<std::string> missing_from;
  for (std::size_t i = 0; i < count; ++i)
    if (!q.present[i]) missing_from.push_back(reports[i].label);
  std::size_t present = count - missing_from.size();
  if (present < 2) {
    for (std::size_t i = 0; i < count; ++i)
      if (q.present[i]) md += "Only " + reports[i].name() + " measured " + q.type + " " + q.mode + ": nothing to compare.\n";
    return md;
  }
  if (!missing_from.empty()) {
    md += "Not measured by";
    for (const auto& l : missing_from) md += " " + l;
    md += ".\n\n";
  }

  // Best candidate per size.
  md += "### Best candidate per size\n\n";
  std::vector<MarkdownColumn> best_columns{{"n", Align::left}};
  for (const auto& r : reports)
    best_columns.insert(best_columns.end(), {{r.label + " best", Align::left}, {r.label + " µs [95% CI]", Align::right},
                                             {r.label + " % peak", Align::right}});
  for (std::size_t i = 1; i < count; ++i) {
    best_columns.push_back({reports[i].label + "/A time [95% CI]", Align::right});
    if (!c.same_peak) best_columns.push_back({reports[i].label + "/A % peak [95% CI]", Align::right});
  }
  best_columns.push_back({"faster (time)", Align::left});
  if (!c.same_peak)
    best_columns.push_back({c.by_measured_ceiling ? "closer to its ceiling (% peak)" : "closer to its peak (% peak)",
                            Align::left});
  best_columns.push_back({"best variant", Align::left});
  MarkdownTable best(best_columns);
  for (const auto& s : q.sizes) {
    std::vector<std::string> cells{size_label(s.n)};
    for (const auto& side : s.sides)
      cells.insert(cells.end(), {best_cell(side), compare_median_cell(side.best),
                                 side.best ? pct_cell(side.best->pct_peak) : "—"});
    for (std::size_t i = 1; i < count; ++i) {
      const auto& a = s.sides[0].best;
      const auto& x = s.sides[i].best;
      cells.push_back(ratio_cell(a && x ? time_ratio(*x, *a) : std::nullopt));
      if (!c.same_peak) cells.push_back(ratio_cell(a && x ? pct_peak_ratio(*x, *a) : std::nullopt));
    }
    cells.push_back(leader_cell(s.faster, reports));
    if (!c.same_peak) cells.push_back(s.bandwidth_bound ? leader_cell(s.ahead, reports) : "— (not bandwidth-bound)");
    cells.push_back(agreement_cell(s));
    best.add_row(cells);
  }
  md += best.text();
  md += "\n";
  for (std::size_t i = 1; i < count; ++i) md += ratio_summary(q, i, c);

  // Baselines.
  md += "\n### Baselines\n\n";
  std::vector<std::string> head{"n"};
  for (const auto& r : reports) head.insert(head.end(), {r.label + " cuBLAS µs [95% CI]", r.label + " CUB µs [95% CI]"});
  const char* ratio_kind = c.same_peak ? " time" : " % peak";
  for (std::size_t i = 1; i < count; ++i)
    head.insert(head.end(), {reports[i].label + "/A cuBLAS" + ratio_kind, reports[i].label + "/A CUB" + ratio_kind});
  MarkdownTable baselines(columns_of(head, 1));
  for (const auto& s : q.sizes) {
    std::vector<std::string> cells{size_label(s.n)};
    for (const auto& side : s.sides) cells.insert(cells.end(), {compare_median_cell(side.cublas), compare_median_cell(side.cub)});
    for (std::size_t i = 1; i < count; ++i)
      for (const auto which : {&ReportSide::cublas, &ReportSide::cub}) {
        const auto& a = s.sides[0].*which;
        const auto& x = s.sides[i].*which;
        std::optional<Ratio> r;
        if (a && x && a->correct && x->correct) r = c.same_peak ? time_ratio(*x, *a) : pct_peak_ratio(*x, *a);
        cells.push_back(ratio_cell(r));
      }
    baselines.add_row(cells);
  }
  md += baselines.text();

  // Portability.
  md += "\n### Portability: each report's best candidate on the others\n\n";
  md += "Each cell: the variant's time as a fraction of that report's own best candidate, its % of that "
        "report's peak, and `tied` when it is in that report's tie group (no row's 95% interval lies wholly "
        "below its own).\n\n";
  head = {"n"};
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t r = 0; r < count; ++r)
    for (std::size_t s = 0; s < count; ++s)
      if (r != s && q.present[r] && q.present[s]) {
        pairs.emplace_back(r, s);
        head.push_back(reports[r].label + "'s best on " + reports[s].label);
      }
  MarkdownTable portability(columns_of(head, head.size()));
  for (const auto& size : q.sizes) {
    std::vector<std::string> cells{size_label(size.n)};
    for (const auto& [r, s] : pairs) cells.push_back(portability_cell(size.portability[r][s]));
    portability.add_row(cells);
  }
  md += portability.text();
  md += "\n";
  for (const auto& [r, s] : pairs) md += portability_summary(q, r, s, c);
  return md;
}

}  // namespace

std::string compare_markdown(const ReportComparison& c) {
  std::string md = "# dotsweep compare: " + std::to_string(c.reports.size()) + " reports\n\n";
  MarkdownTable table({{"report", Align::left},
                       {"GPU", Align::left},
                       {"timestamp", Align::left},
                       {"theoretical peak GB/s", Align::right},
                       {"measured read GB/s", Align::right},
                       {"rows", Align::right},
                       {"from", Align::left}});
  for (const auto& r : c.reports)
    table.add_row({r.label, markdown_cell(r.gpu), markdown_cell(r.timestamp), fixed_or_dash(r.peak_gbps, 0),
                   fixed_or_dash(r.measured_peak_gbps, 0), std::to_string(r.rows.size()), markdown_cell(r.origins)});
  md += table.text();
  md += "\n";
  if (c.same_peak)
    md += "Every report has the same theoretical peak: reports are compared by time. ";
  else if (c.by_measured_ceiling)
    md += "The reports' peaks differ: reports are compared by time (which GPU runs n faster) and, at "
          "bandwidth-bound sizes, by % of each report's own measured read ceiling (how close each kernel is to "
          "its hardware); every % peak below is of that ceiling: a partition's peak is its ceiling "
          "already, and a whole GPU's theoretical peak is a bound no kernel reaches. ";
  else
    md += "The reports' GPUs differ in theoretical peak: reports are compared by time (which GPU runs n faster) "
          "and, at bandwidth-bound sizes, by % of each GPU's own peak (how close each kernel is to its hardware). ";
  md += "Ratios are against report A; a ratio's 95% interval follows from both medians' intervals. "
        "`faster` names the report whose best candidate takes the least time (which GPU runs n faster), or "
        "`tie` when the intervals overlap; across GPUs of different peaks, `closer to its ceiling` (or peak) names "
        "the one whose best reads the largest % of its own, at the sizes where every best reads " +
        fixed_or_dash(kBandwidthBoundPct, 0) +
        "% or more (bandwidth-bound: below, the launch dominates and % of peak says nothing about the kernels); "
        "`best variant` says whether the reports' best candidates are the same variant, `tie` when their tie "
        "groups share a row, or `differ`.\n";
  if (!c.swept_alike) md += "\n" + different_sweeps_note("The reports") + "\n";
  for (const auto& q : c.questions) md += "\n" + question_markdown(q, c);

  // Reports of one GPU: the intervals are each run's own sampling noise.
  std::vector<std::string> same_gpu;
  for (std::size_t i = 0; i < c.reports.size(); ++i)
    for (std::size_t j = i + 1; j < c.reports.size(); ++j)
      if (c.reports[i].gpu == c.reports[j].gpu) same_gpu.push_back(c.reports[i].label + " and " + c.reports[j].label);
  if (!same_gpu.empty()) {
    md += "\nNote: ";
    for (std::size_t k = 0; k < same_gpu.size(); ++k) md += (k ? ", " : "") + same_gpu[k];
    md += " ran on the same GPU model. A 95% interval describes one run's sampling noise, not the shift between runs, "
          "which at launch-bound sizes (n <= 2^20) is larger: back-to-back H200 runs moved medians by 2-6% there "
          "(docs/measuring.md). Read a few percent at small n as noise unless repeated runs agree.\n";
  }
  return md;
}

}  // namespace dotsweep
