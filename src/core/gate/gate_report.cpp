// Text, JUnit and Markdown views of a GateResult. Every view lists the same
// rows: the compared rows that are not SAME and every one-sided row, so
// nothing the gate saw is dropped from what a user reads.
#include "core/gate/gate_report.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "core/gate/bandwidth_footing.hpp"
#include "core/io/markdown_text.hpp"
#include "core/space/size_list.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

std::string change_pct(double ratio) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.1f%%", (ratio - 1.0) * 100.0);
  return buf;
}

// Failures first, then what a reader should look at next.
int severity(GateVerdict v) { return static_cast<int>(v); }

// The rows a reader must see one by one: every verdict but SAME and UNTIMED
// (rows incorrect on both sides are listed compactly: untimed_lines).
std::vector<const GateRow*> not_same(const GateResult& result) {
  std::vector<const GateRow*> rows;
  for (const auto& r : result.rows)
    if (r.verdict != GateVerdict::same && r.verdict != GateVerdict::untimed) rows.push_back(&r);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const GateRow* a, const GateRow* b) { return severity(a->verdict) < severity(b->verdict); });
  return rows;
}

std::string row_label(const MeasurementRecord& r) {
  return r.variant + " " + r.type + " n=" + size_label(r.n) + " " + r.mode;
}

// A row's figures as shown: us, or in cross-hardware mode % of peak
// bandwidth (the estimates are then in baseline-GPU-equivalent us, and
// pct_peak = baseline pct_peak x baseline median / time).
struct Shown {
  bool pct = false;
  double k = 0;  // pct_peak x median of the baseline row
  std::string value(double t) const { return pct ? general_number(k / t) : fixed_number(t, 2); }
  std::string estimate(const GateEstimate& e) const {
    // Higher pct is better, so the interval's ends swap.
    return pct ? value(e.median) + " [" + value(e.hi) + ", " + value(e.lo) + "]"
               : value(e.median) + " [" + value(e.lo) + ", " + value(e.hi) + "]";
  }
};
Shown shown_for(const GateRow& row, const GateRule& rule) {
  Shown s;
  if (rule.cross_hardware && row.base && row.baseline.pct_peak) {
    s.pct = true;
    s.k = pct_of_footing(*row.baseline.pct_peak, row.baseline.env, row.on_read_ceilings) * row.base->median;
  }
  return s;
}

std::string ratio_text(const GateRow& row) { return row.base ? fixed_number(row.ratio, 3) : "-"; }
std::string estimate_text(const GateRow& row, const GateRule& rule, bool baseline_side) {
  const auto& e = baseline_side ? row.base : row.cur;
  return e ? shown_for(row, rule).estimate(*e) : "-";
}

std::string unit_text(const GateRule& rule) { return rule.cross_hardware ? "% of peak" : "us"; }

std::string group_label(const GroupKey& g) {
  return std::get<0>(g) + " n=" + size_label(std::get<1>(g)) + " " + std::get<2>(g);
}

// One-sided rows, sorted by why the other side lacks them: a whole (type, n,
// mode) group it did not sweep (one line per group, with the count), a
// variant it did not sweep anywhere (its space differs: one line naming each
// such variant once), or a row missing from a group and a variant the other
// side does hold (one line per group naming every row: these are the ones
// to look at, e.g. a sweep cut short). No variant is said to be unswept by
// a best.csv: it lists only the rows that won, so a row it lacks is one
// that did not win there.
std::vector<std::string> one_sided_lines(const std::vector<MeasurementRecord>& rows, const SweepExtent& other_swept,
                                         const std::string& other) {
  std::map<GroupKey, std::size_t> missing_groups;
  std::set<std::string> unswept;
  std::size_t unswept_rows = 0;
  std::map<GroupKey, std::vector<std::string>> missing_rows;
  for (const auto& r : rows) {
    const GroupKey g = group_key_of(r);
    if (!other_swept.groups.count(g)) {
      ++missing_groups[g];
    } else if (other_swept.variants_known && !other_swept.variants.count(r.variant)) {
      unswept.insert(r.variant);
      ++unswept_rows;
    } else {
      missing_rows[g].push_back(r.variant);
    }
  }
  std::vector<std::string> lines;
  for (const auto& [g, ids] : missing_rows)
    lines.push_back(group_label(g) + ", missing from " + other + " (" + std::to_string(ids.size()) +
                    "): " + member_list(ids, ids.size()));
  if (!unswept.empty())
    lines.push_back(std::to_string(unswept.size()) + " variants " + other + " did not sweep at all (" +
                    std::to_string(unswept_rows) + " rows): " +
                    member_list(std::vector<std::string>(unswept.begin(), unswept.end()), unswept.size()));
  if (!missing_groups.empty()) {
    std::string line = "(type, n, mode) groups " + other + " did not sweep:";
    for (const auto& [g, count] : missing_groups) line += " " + group_label(g) + " (" + std::to_string(count) + ")";
    lines.push_back(line);
  }
  return lines;
}

// Said when the sides did not sweep alike, or not with as many processes
// (core/gate/sweep_extent.hpp).
std::string sweeps_note(const GateResult& result) {
  std::string note = swept_alike(result.baseline_swept, result.current_swept) ? "" : different_sweeps_note("The two sides");
  const std::string processes = different_processes_note(result.baseline_swept, result.current_swept);
  if (!processes.empty()) note += (note.empty() ? "" : " ") + processes;
  return note;
}

// UNTIMED rows per (variant, type, mode): "seed-as-written f32 cold: n = 2^12 2^14".
std::vector<std::string> untimed_lines(const GateResult& result) {
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<std::string>> groups;
  for (const auto& r : result.rows)
    if (r.verdict == GateVerdict::untimed)
      groups[{r.baseline.variant, r.baseline.type, r.baseline.mode}].push_back(size_label(r.baseline.n));
  std::vector<std::string> lines;
  for (const auto& [g, sizes] : groups)
    lines.push_back(std::get<0>(g) + " " + std::get<1>(g) + " " + std::get<2>(g) + ", n = " +
                    member_list(sizes, sizes.size()));
  return lines;
}

std::string report_line(const GateReport& r) {
  const std::string when = r.rows.empty() ? std::string() : r.rows.front().env.timestamp;
  return r.path + " (" + r.gpu + ", dotsweep " + r.dotsweep_version + (when.empty() ? "" : ", " + when) + ", " +
         std::to_string(r.rows.size()) + " rows)";
}

// The noise floor as the rule line states it: measured, or the default.
std::string floor_text(const GateRule& rule) {
  const std::string fixed = general_number(rule.min_gap_us.value_or(0)) + " us + " + general_number(rule.min_gap_pct) +
                            "% of the baseline median, at least " + general_number(2 * rule.min_gap_pct) + "% of it";
  if (!rule.noise) return "the default noise floor " + fixed + " (no --noise calibration)";
  return "the noise floor measured by " + std::to_string(rule.noise->paths.size()) +
         " repeat sweeps (--noise; " + fixed + " for a class they lack)";
}

std::string rule_text(const GateResult& result) {
  if (!result.rule_line.empty()) return result.rule_line;
  const GateRule& rule = result.rule;
  return std::string("REGRESSED = ") + (rule.cross_hardware ? "pct_peak" : "median") + " over " +
         general_number(rule.threshold_pct) + "% worse and the intervals apart by more than " + floor_text(rule) +
         (rule.cross_hardware ? "" : ", current SM clock within " + general_number(rule.clock_drop_pct) + "% of the baseline's") +
         " and not newly capped; rows: --only " + scope_text(result.scope);
}

// ---- XML and Markdown escaping ----

std::string xml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n': out += "&#10;"; break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

}  // namespace

std::string gate_verdict_line(const GateResult& result) {
  std::string line = result.command + ": " + (result.passed() ? "PASS" : "FAIL") + ", ";
  for (const GateVerdict v : {GateVerdict::regressed, GateVerdict::broken}) {
    std::vector<std::string> named;
    for (const auto& r : result.rows)
      if (r.verdict == v)
        named.push_back(row_label(r.baseline) + (r.base ? " " + change_pct(r.ratio) : ""));
    if (named.empty()) continue;
    std::string list;
    for (std::size_t i = 0; i < named.size() && i < 5; ++i) list += (i ? ", " : "") + named[i];
    if (named.size() > 5) list += " +" + std::to_string(named.size() - 5) + " more";
    line += std::to_string(named.size()) + " " + gate_verdict_name(v) + ": " + list + "; ";
  }
  line += std::to_string(result.count(GateVerdict::same)) + " SAME";
  for (const GateVerdict v : {GateVerdict::improved, GateVerdict::inconclusive, GateVerdict::fixed,
                              GateVerdict::untimed}) {
    const std::size_t n = result.count(v);
    if (n == 0) continue;
    line += ", " + std::to_string(n) + " " + gate_verdict_name(v);
    if (v == GateVerdict::inconclusive && result.throttled() > 0)
      line += " (" + std::to_string(result.throttled()) + " throttled)";
  }
  line += " of " + std::to_string(result.rows.size()) + " rows compared";
  if (result.rule_line.empty()) line += " (--only " + scope_text(result.scope) + ")";
  const auto one_sided = [&](std::size_t n, const char* where) {
    if (n == 0) return;
    line += "; " + std::to_string(n) + " only in " + where;
  };
  one_sided(result.baseline_only.size(), "the baseline");
  one_sided(result.current_only.size(), "current");
  if (result.require_all && (!result.baseline_only.empty() || !result.current_only.empty()))
    line += " (--require-all)";
  return line;
}

std::string gate_text(const GateResult& result, const GateReport& baseline, const std::vector<GateReport>& current) {
  std::string out = "baseline: " + report_line(baseline) + "\n";
  for (const auto& c : current) out += "current:  " + report_line(c) + "\n";
  out += "rule: " + rule_text(result) + "\n";

  const auto rows = not_same(result);
  if (!rows.empty()) {
    const std::string unit = unit_text(result.rule);
    std::vector<std::vector<std::string>> table = {{"verdict", "variant", "type", "n", "mode",
                                                    "baseline " + unit + " [95% ci]", "current " + unit + " [95% ci]",
                                                    "ratio", "why"}};
    for (const auto* r : rows)
      table.push_back({gate_verdict_name(r->verdict), r->baseline.variant, r->baseline.type,
                       size_label(r->baseline.n), r->baseline.mode, estimate_text(*r, result.rule, true),
                       estimate_text(*r, result.rule, false), ratio_text(*r), r->why});
    std::vector<std::size_t> width(table.front().size(), 0);
    for (const auto& line : table)
      for (std::size_t i = 0; i + 1 < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
    out += "\n";
    for (const auto& line : table) {
      std::string text;
      for (std::size_t i = 0; i < line.size(); ++i) {
        text += line[i];
        if (i + 1 < line.size()) text += std::string(width[i] - line[i].size() + 2, ' ');
      }
      out += text + "\n";
    }
  }
  const auto one_sided = [&](const std::vector<MeasurementRecord>& list, const std::string& title,
                              const SweepExtent& other_swept, const std::string& other) {
    if (list.empty()) return;
    out += "\n" + std::to_string(list.size()) + " rows " + title + (result.require_all ? " (fails: --require-all)" : "") +
           ":\n";
    for (const auto& line : one_sided_lines(list, other_swept, other)) out += "  " + line + "\n";
  };
  if (const std::size_t untimed = result.count(GateVerdict::untimed)) {
    out += "\n" + std::to_string(untimed) + " rows incorrect or untimed on both sides (nothing to compare):\n";
    for (const auto& line : untimed_lines(result)) out += "  " + line + "\n";
  }
  const std::string current_name = result.current_reports > 1 ? "the current reports" : "the current report";
  one_sided(result.baseline_only, "only in the baseline", result.current_swept, current_name);
  one_sided(result.current_only, "only in " + current_name, result.baseline_swept, "the baseline");
  if (const std::string note = sweeps_note(result); !note.empty()) out += "\n" + note + "\n";
  out += "\n" + gate_verdict_line(result) + "\n";
  return out;
}

std::string gate_junit(const GateResult& result) {
  struct Case {
    std::string name, status, message;  // status: "" pass, "failure", "skipped"
  };
  std::map<std::tuple<std::string, std::int64_t, std::string>, std::vector<Case>> suites;
  for (const auto& r : result.rows) {
    Case c{r.baseline.variant, "", std::string(gate_verdict_name(r.verdict)) + ": " + r.why};
    if (r.base)
      c.message += " (baseline " + estimate_text(r, result.rule, true) + ", current " +
                   estimate_text(r, result.rule, false) + " " + unit_text(result.rule) + ")";
    if (fails_gate(r.verdict)) c.status = "failure";
    else if (r.verdict == GateVerdict::inconclusive || r.verdict == GateVerdict::untimed) c.status = "skipped";
    suites[{r.baseline.type, r.baseline.n, r.baseline.mode}].push_back(c);
  }
  const auto one_sided = [&](const std::vector<MeasurementRecord>& list, const std::string& where) {
    for (const auto& r : list)
      suites[{r.type, r.n, r.mode}].push_back(
          {r.variant, result.require_all ? "failure" : "skipped", "only in " + where});
  };
  one_sided(result.baseline_only, "the baseline");
  one_sided(result.current_only, "the current report");

  std::size_t tests = 0, failures = 0, skipped = 0;
  std::string body;
  for (const auto& [g, cases] : suites) {
    std::size_t f = 0, s = 0;
    for (const auto& c : cases) {
      f += c.status == "failure";
      s += c.status == "skipped";
    }
    const std::string suite = std::get<0>(g) + " n=" + size_label(std::get<1>(g)) + " " + std::get<2>(g);
    const std::string classname = "dotsweep." + result.command + "." + std::get<0>(g) + ".n" + std::to_string(std::get<1>(g)) + "." +
                                  std::get<2>(g);
    body += "  <testsuite name=\"" + xml(suite) + "\" tests=\"" + std::to_string(cases.size()) + "\" failures=\"" +
            std::to_string(f) + "\" skipped=\"" + std::to_string(s) + "\" errors=\"0\">\n";
    for (const auto& c : cases) {
      body += "    <testcase classname=\"" + xml(classname) + "\" name=\"" + xml(c.name) + "\"";
      if (c.status.empty()) {
        body += "><system-out>" + xml(c.message) + "</system-out></testcase>\n";
      } else {
        body += "><" + c.status + " message=\"" + xml(c.message) + "\"/></testcase>\n";
      }
    }
    body += "  </testsuite>\n";
    tests += cases.size();
    failures += f;
    skipped += s;
  }
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dotsweep " + xml(result.command) +
         "\" tests=\"" +
         std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" skipped=\"" +
         std::to_string(skipped) + "\" errors=\"0\">\n" + body + "</testsuites>\n";
}

std::string gate_markdown(const GateResult& result, const GateReport& baseline,
                          const std::vector<GateReport>& current) {
  std::string md = "## dotsweep " + result.command + ": " + (result.passed() ? "PASS" : "FAIL") + "\n\n";
  md += "`" + gate_verdict_line(result) + "`\n\n";
  MarkdownTable reports({{""}, {"report"}});
  reports.add_row({"baseline", markdown_cell(report_line(baseline))});
  for (const auto& c : current) reports.add_row({"current", markdown_cell(report_line(c))});
  md += reports.text();
  md += "\nRule: " + markdown_cell(rule_text(result)) + (result.rule_line.empty() ? " (docs/gate.md)" : "") + ".\n\n";

  MarkdownTable counts({{"verdict"}, {"rows"}});
  for (const GateVerdict v : {GateVerdict::regressed, GateVerdict::broken, GateVerdict::inconclusive,
                              GateVerdict::improved, GateVerdict::fixed, GateVerdict::untimed, GateVerdict::same})
    counts.add_row({gate_verdict_name(v), std::to_string(result.count(v))});
  counts.add_row({"only in the baseline", std::to_string(result.baseline_only.size())});
  counts.add_row({"only in current", std::to_string(result.current_only.size())});
  md += counts.text();

  const auto rows = not_same(result);
  if (!rows.empty()) {
    const std::string unit = unit_text(result.rule);
    md += "\n### Rows that are not SAME (" + std::to_string(rows.size()) + ")\n\n";
    MarkdownTable table({{"verdict"}, {"variant"}, {"type"}, {"n"}, {"mode"}, {"baseline " + unit + " [95% ci]"},
                         {"current " + unit + " [95% ci]"}, {"ratio"}, {"why"}});
    for (const auto* r : rows) {
      const std::string bold = fails_gate(r->verdict) ? "**" : "";
      table.add_row({bold + gate_verdict_name(r->verdict) + bold, markdown_cell(r->baseline.variant),
                     markdown_cell(r->baseline.type), size_label(r->baseline.n), markdown_cell(r->baseline.mode),
                     estimate_text(*r, result.rule, true), estimate_text(*r, result.rule, false), ratio_text(*r),
                     markdown_cell(r->why)});
    }
    md += table.text();
  }
  const auto one_sided = [&](const std::vector<MeasurementRecord>& list, const std::string& title,
                              const SweepExtent& other_swept, const std::string& other) {
    if (list.empty()) return;
    md += "\n<details><summary>" + std::to_string(list.size()) + " rows " + title +
          (result.require_all ? " (fail: --require-all)" : "") + "</summary>\n\n";
    for (const auto& line : one_sided_lines(list, other_swept, other)) md += "- " + markdown_cell(line) + "\n";
    md += "\n</details>\n";
  };
  if (const std::size_t untimed = result.count(GateVerdict::untimed)) {
    md += "\n<details><summary>" + std::to_string(untimed) +
          " rows incorrect or untimed on both sides (nothing to compare)</summary>\n\n";
    for (const auto& line : untimed_lines(result)) md += "- " + markdown_cell(line) + "\n";
    md += "\n</details>\n";
  }
  one_sided(result.baseline_only, "only in the baseline", result.current_swept, "current");
  one_sided(result.current_only, "only in current", result.baseline_swept, "the baseline");
  if (const std::string note = sweeps_note(result); !note.empty()) md += "\n" + markdown_cell(note) + "\n";
  return md;
}

}  // namespace dotsweep
