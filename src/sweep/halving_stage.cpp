#include "sweep/halving_stage.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>

#include "sweep/progress.hpp"
#include "sweep/sweep_loop.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/report_naming.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/resume_plan.hpp"
#include "core/space/search_strategy.hpp"
#include "core/stats/halving_survivors.hpp"
#include "core/space/size_list.hpp"
#include "core/io/text_file.hpp"
#include "core/rows/worker_protocol.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

namespace {

// The screening rows a resumed halving sweep keeps: those of finished
// operations in its screen.csv, which is rewritten with just them (a row
// whose other modes are missing is measured again, not repeated).
ResumePlan resume_screening(const std::string& screen_path, const std::vector<TimingMode>& modes) {
  if (!std::filesystem::exists(screen_path)) return {};
  std::vector<std::string> mode_names;
  for (const TimingMode mode : modes) mode_names.push_back(to_string(mode));
  ResumePlan plan = plan_resume(read_resumable_csv(read_text_file(screen_path), screen_path).rows, mode_names);
  write_records(screen_path, plan.kept);
  return plan;
}

// Screens every candidate with kScreenSamples samples at screen_sizes(sizes).
// Rows go to screen.csv as they finish (not sweep.csv: they answer a rougher
// question), so a fault while screening is recorded there by the supervisor
// and a resume screens only what is left.
HalvingOutcome screen_candidates(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                                 const Environment& env, const std::vector<std::int64_t>& sizes, bool resumed,
                                 std::vector<MeasuredOperation>& operations, const std::string& out_dir,
                                 SupervisorLink& supervisor, std::size_t candidates) {
  HalvingOutcome outcome;
  const auto start = std::chrono::steady_clock::now();
  const std::string screen_path = out_dir + "/screen.csv";
  ResumePlan earlier = resumed ? resume_screening(screen_path, options.measure.modes) : ResumePlan{};
  std::vector<MeasurementRecord> rows = earlier.kept;
  MeasureSettings screen = options.measure;
  screen.rule.min_samples = screen.rule.max_samples = kScreenSamples;
  SizeMeasurer screener(device, stream, screen, env);
  const std::vector<std::int64_t> screened_sizes = screen_sizes(sizes);
  const LoopScope scope{screened_sizes, earlier.finished, env, options.measure.modes};
  std::fprintf(stderr, "halving: screening %zu candidates with %zu samples at %zu sizes\n", candidates,
               kScreenSamples, screened_sizes.size());
  {
    SweepCsvWriter screen_csv(screen_path);
    supervisor.send(into_line("screen.csv"));
    ProgressBar progress(rows_to_measure(scope, operations), options.progress);
    outcome.completed = measure_sizes(
        screener, scope, operations,
        [&](const MeasurementRecord& row) {
          screen_csv.append(row);
          rows.push_back(row);
          progress.advance("screening " + row.variant + " n=" + size_label(row.n));
        },
        supervisor.hooks(env, device));
    progress.finish();
    supervisor.send(into_line("sweep.csv"));
  }
  if (!outcome.completed) return outcome;
  const std::vector<std::string> survivors = halving_survivors(rows, options.strategy.keep_fraction);
  rank_records(rows);
  write_records(screen_path, rows);
  outcome.result = {{"survivors", survivors},
                    {"screened_candidates", candidates},
                    {"screen_sizes", screened_sizes},
                    {"screen_seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
  return outcome;
}

}  // namespace

HalvingOutcome run_halving(const DeviceInfo& device, cudaStream_t stream, const SweepOptions& options,
                           const Environment& env, const std::vector<std::int64_t>& sizes,
                           const nlohmann::json* saved_context, std::vector<MeasuredOperation>& operations,
                           const std::string& out_dir, SupervisorLink& supervisor) {
  const std::size_t candidates =
      std::count_if(operations.begin(), operations.end(), [](const MeasuredOperation& op) { return op.config.has_value(); });
  HalvingOutcome outcome;
  if (saved_context && saved_context->contains(context_key::strategy_survivors))
    outcome.result = saved_context->at(context_key::strategy_result);
  else
    outcome = screen_candidates(device, stream, options, env, sizes, saved_context != nullptr, operations, out_dir,
                                supervisor, candidates);
  if (!outcome.completed) return outcome;
  // outcome.result is what context.json holds at strategy_result.
  const auto survivors = outcome.result.at(context_key::strategy_survivors.back()).get<std::vector<std::string>>();
  const std::set<std::string> kept(survivors.begin(), survivors.end());
  operations.erase(std::remove_if(operations.begin(), operations.end(),
                                  [&](const MeasuredOperation& op) { return op.config && !kept.count(op.name); }),
                   operations.end());
  std::fprintf(stderr, "halving: measuring %zu of %zu candidates fully\n", survivors.size(), candidates);
  return outcome;
}

}  // namespace dotsweep
