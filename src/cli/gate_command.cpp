// `dotsweep gate --baseline B.csv --current C.csv [C2.csv ...]`: reads the
// reports, checks they can be compared, judges every row in scope
// (core/gate.hpp) and prints the rows that are not SAME and one verdict line.
// Exit 0 pass, 1 fail, 2 bad input (InputError, printed by main).
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.hpp"
#include "core/gate.hpp"
#include "core/gate_input.hpp"
#include "core/gate_report.hpp"
#include "core/input_error.hpp"
#include "core/report_writer.hpp"

namespace dotsweep {

void add_gate_options(CLI::App& command, GateOptions& o) {
  GateRule& rule = o.rule;
  command.add_option("--baseline", o.baseline, "the reference report: sweep.csv or best.csv (.csv.gz too)")
      ->required();
  command.add_option("--current", o.current, "the report(s) to judge; repeats of one sweep combine per row")
      ->required();
  command.add_option("--threshold", rule.threshold_pct, "PCT a median must get worse by to count as a regression")
      ->default_val(rule.threshold_pct)
      ->check(CLI::Range(0.0, 1000.0));
  command.add_option("--only", o.only, "rows compared: best (tie groups), baselines (cuBLAS, CUB, seed), all")
      ->default_val(o.only);
  command.add_flag("--cross-hardware", rule.cross_hardware,
                   "allow reports from different GPUs and compare pct_peak instead of time");
  command.add_flag("--require-all", o.require_all, "fail when a row in scope is in one report only");
  command.add_option("--junit", o.junit_path, "also write JUnit XML (one testcase per row) to FILE");
  command.add_option("--markdown", o.markdown_path, "also write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY) to FILE");
  command.add_option("--min-gap-us", rule.min_gap_us, "noise floor: absolute part, us (docs/gate.md)")
      ->default_val(rule.min_gap_us)
      ->check(CLI::Range(0.0, 1e9));
  command.add_option("--min-gap-pct", rule.min_gap_pct, "noise floor: part relative to the baseline median, %")
      ->default_val(rule.min_gap_pct)
      ->check(CLI::Range(0.0, 1000.0));
  command.footer(
      "Exit status: 0 pass (no row REGRESSED or BROKEN); 1 fail: a row REGRESSED (slower by more than the\n"
      "threshold and beyond both runs' intervals plus the noise floor, not throttled), BROKEN (correct in the\n"
      "baseline, incorrect now) or, with --require-all, a row in one report only; 2 bad or incompatible input\n"
      "(one line naming it). The rule and its measured noise: docs/gate.md.");
}

int run_gate_command(const GateOptions& o) {
  // Parse the cheap arguments before reading possibly large files.
  const GateScope scope = parse_gate_scope(o.only);
  if (!(o.rule.threshold_pct > 0)) throw InputError("--threshold must be above 0%");
  const GateReport baseline = read_gate_report(o.baseline);
  std::vector<GateReport> current;
  for (const auto& path : o.current) current.push_back(read_gate_report(path));
  check_comparable(baseline, current, o.rule.cross_hardware);

  const GateResult result = run_gate(baseline, current, o.rule, scope, o.require_all);
  if (!o.junit_path.empty()) write_text_file(o.junit_path, gate_junit(result));
  if (!o.markdown_path.empty()) write_text_file(o.markdown_path, gate_markdown(result, baseline, current));
  std::fputs(gate_text(result, baseline, current).c_str(), stdout);
  std::fflush(stdout);
  return result.exit_code();
}

}  // namespace dotsweep
