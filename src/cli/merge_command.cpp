// `dotsweep merge OUT REPORT...`: the reports of a sweep's shards joined into
// one report folder (core/report/report_merge.hpp), written by the ReportFolder as
// a sweep's own report is. No GPU needed.
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/report_command.hpp"
#include "sweep/end_of_sweep.hpp"
#include "sweep/report_plots.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_merge.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

int run_merge(const MergeOptions& options) {
  CommandPaths paths;  // before anything is read or written
  for (const std::string& dir : options.reports) add_report_input(paths, "report", dir);
  paths.output_folder("OUT", options.out_dir, report_file_names());
  paths.require_apart();
  std::vector<ShardReport> shards;
  for (const std::string& dir : options.reports) shards.push_back(read_shard_report(dir));
  MergedReport merged = merge_shard_reports(shards);
  ReportFolder::require_free(options.out_dir, /*offer_resume=*/false);  // checked before anything is written
  StagedReportFolder staged(options.out_dir);    // OUT appears whole or not at all
  std::string shown;  // the summary less its per-group tables, as a sweep prints it
  {
    ReportFolder report(staged.path());
    report.write_context(merged.context.dump(2) + "\n");
    // Each row with its samples, as a sweep appends them; finish then ranks.
    for (const MeasurementRecord& row : merged.rows) report.append(row);
    const std::size_t space_configs = merged.context.value(context_key::space_configs, std::size_t{0});
    report.finish(merged.rows, options.top, merged.planned, "",
                  rejections_markdown(merged.left_out, space_configs, merged.gpu_label));
    shown = report.terminal_summary();
  }
  write_report_plots(staged.path(), options.out_dir);  // best effort, as after a sweep
  staged.publish();
  std::fputs(end_of_report_text(shown, options.out_dir, options.print_summary).c_str(), stdout);
  std::printf("merged %zu shard reports, %zu rows, into %s\n", shards.size(), merged.rows.size(),
              options.out_dir.c_str());
  return 0;
}

}  // namespace dotsweep
