// `dotsweep gate --baseline B.csv --current C.csv [C2.csv ...]`: reads the
// reports, checks they can be compared, judges every row in scope
// (core/gate/gate.hpp) and prints the rows that are not SAME and one verdict line.
// Exit 0 pass, 1 fail, 2 bad input (InputError, printed by main).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "core/gate/gate.hpp"
#include "core/gate/gate_input.hpp"
#include "core/gate/gate_noise.hpp"
#include "core/gate/gate_report.hpp"
#include "core/input_error.hpp"
#include "core/report/report_writer.hpp"

namespace dotsweep {

void add_gate_options(CLI::App& command, GateOptions& o) {
  GateRule& rule = o.rule;
  command.add_option("--baseline", o.baseline, "the reference report: sweep.csv or best.csv (.csv.gz too)")
      ->required();
  command.add_option("--current", o.current, "the report(s) to judge; repeats of one sweep combine per row")
      ->required();
  command.add_option("--threshold", rule.threshold_pct, "PCT a median must get worse by to count as a regression")
      ->default_val(rule.threshold_pct);
  command.add_option("--only", o.only, "rows compared: best (tie groups), baselines (cuBLAS, CUB, seed), all")
      ->default_val(o.only);
  command.add_flag("--cross-hardware", rule.cross_hardware,
                   "allow reports from different GPUs and compare pct_peak instead of time");
  command.add_flag("--require-all", o.require_all, "fail when a row in scope is in one report only");
  command.add_option("--junit", o.junit_path, "also write JUnit XML (one testcase per row) to FILE");
  command.add_option("--markdown", o.markdown_path, "also write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY) to FILE");
  command.add_option("--noise", o.noise,
                     "two or more repeat sweeps of the baseline's space on its GPU (A/A runs, the baseline may be "
                     "one): each row's noise floor is measured from how far they moved (docs/gate.md)");
  command.add_option("--min-gap-us", rule.min_gap_us,
                     "default noise floor (no --noise): absolute part, us; by default 2 for baselines of dotsweep "
                     "0.1 (cold rows timed stream launches), 0.5 after (docs/gate.md)");
  command.add_option("--min-gap-pct", rule.min_gap_pct, "default noise floor (no --noise): part relative to the baseline median, %")
      ->default_val(rule.min_gap_pct);
  add_option_checks(command);  // --threshold and the noise floor: plain decimal within their range
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
  CommandPaths paths;  // before anything is read or written
  add_report_input(paths, "--baseline", o.baseline);
  for (const auto& path : o.current) add_report_input(paths, "--current", path);
  for (const auto& path : o.noise) add_report_input(paths, "--noise", path);
  paths.output_file("--junit", o.junit_path);
  paths.output_file("--markdown", o.markdown_path);
  paths.require_apart();
  const GateReport baseline = read_gate_report(o.baseline);
  std::vector<GateReport> current;
  for (const auto& path : o.current) current.push_back(read_gate_report(path));
  check_comparable(baseline, current, o.rule.cross_hardware);
  GateRule rule = o.rule;
  if (!o.noise.empty()) {
    std::vector<GateReport> repeats;
    for (const auto& path : o.noise) repeats.push_back(read_gate_report(path));
    auto calibration = std::make_shared<const NoiseCalibration>(calibrate_noise(repeats));
    if (calibration->gpu != baseline.gpu)
      throw InputError("--noise: the repeat sweeps were measured on " + calibration->gpu + ", the baseline '" +
                       baseline.path + "' on " + baseline.gpu + ": measure the noise on the baseline's GPU");
    rule.noise = std::move(calibration);
  }

  const GateResult result = run_gate(baseline, current, rule, scope, o.require_all);
  if (!o.junit_path.empty()) write_text_file(o.junit_path, gate_junit(result));
  if (!o.markdown_path.empty()) write_text_file(o.markdown_path, gate_markdown(result, baseline, current));
  std::fputs(gate_text(result, baseline, current).c_str(), stdout);
  std::fflush(stdout);
  return result.exit_code();
}

}  // namespace dotsweep
