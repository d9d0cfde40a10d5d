// `dotsweep fleet REPORT REPORT [REPORT ...]`: one report per GPU of a host,
// each gated against each other (core/gate/fleet.hpp); prints the matrix and
// the verdict. Exit 0 every GPU within the others' noise, 1 not, 2 bad input.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "core/gate/fleet.hpp"
#include "core/gate/fleet_markdown.hpp"
#include "core/input_error.hpp"
#include "core/report/report_writer.hpp"

namespace dotsweep {

void add_fleet_options(CLI::App& command, FleetOptions& o) {
  // Not required here: fewer than two reports get run_fleet_command's own line.
  command.add_option("reports", o.reports, "one report per GPU: sweep.csv or best.csv (.csv.gz too)");
  command.add_option("--threshold", o.rule.threshold_pct, "PCT a median must differ by to count, as for gate")
      ->default_val(o.rule.threshold_pct);
  command.add_option("--only", o.only, "rows compared: best (tie groups), baselines (cuBLAS, CUB, seed), all")
      ->default_val(o.only);
  command.add_option("--markdown", o.markdown_path, "also write the matrix to this Markdown file");
  add_option_checks(command);  // --threshold: plain decimal within its range
  command.footer(
      "Exit status: 0 every GPU passes the gate against every other; 1 some pair fails (the GPU that alone\n"
      "fails against all the others is named slower); 2 bad or incompatible input (one line naming it).\n"
      "The rule: docs/gate.md.");
}

int run_fleet_command(const FleetOptions& o) {
  const GateScope scope = parse_gate_scope(o.only);
  if (!(o.rule.threshold_pct > 0)) throw InputError("--threshold must be above 0%");
  if (o.reports.size() < 2) throw InputError("fleet: give at least two reports, one per GPU");
  CommandPaths paths;  // before anything is read or written
  for (const auto& path : o.reports) add_report_input(paths, "report", path);
  paths.output_file("--markdown", o.markdown_path);
  paths.require_apart();
  std::vector<GateReport> reports;
  for (const auto& path : o.reports) reports.push_back(read_gate_report(path));
  const FleetResult result = run_fleet(reports, o.rule, scope);
  const std::string md = fleet_markdown(result);
  if (!o.markdown_path.empty()) write_text_file(o.markdown_path, md);
  std::fputs(md.c_str(), stdout);
  std::fflush(stdout);
  return result.exit_code();
}

}  // namespace dotsweep
