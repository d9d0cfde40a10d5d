#include "cli/ab_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

#include "cli/option_checks.hpp"
#include "core/space/space_source.hpp"
#include "sweep/sweep_setup.hpp"
#include "core/gate/gate_report.hpp"
#include "core/input_error.hpp"
#include "core/space/kernel_tree.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/space/size_list.hpp"
#include "core/space/timing_mode.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/baseline_table.hpp"
#include "gpu/cuda_stream.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "measure/ab_measurer.hpp"
#include "measure/compile_queue.hpp"
#include "measure/sweep_operations.hpp"

namespace dotsweep {

namespace {

constexpr const char* kBuiltInTree = "the built-in kernels/";
// Each copy loads every variant's module again: a cap that keeps a mistyped
// --copies from filling the GPU with modules.
constexpr int kMaxCopies = 64;

// Everything the command needs that can be checked without a GPU.
struct AbInput {
  std::string source_a, source_b;
  SearchSpace space;
  std::vector<std::int64_t> sizes;
  TimingMode mode = TimingMode::cold;
  std::vector<std::string> include_dirs;
  std::size_t copies = 1;
};

// A file written after the measuring must not fail for want of its folder.
void require_folder_of(const std::string& path, const std::string& option) {
  if (path.empty()) return;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
    throw InputError(option + " '" + path + "': its folder '" + parent.string() + "' does not exist");
}

AbInput check_input(const AbOptions& o) {
  AbInput in;
  if (!o.repeated.empty()) throw InputError(o.repeated + " is given more than once; give it once");
  if (o.kernels_b.empty()) throw InputError("--kernels-b: the kernel tree to compare is required");
  CommandPaths paths;  // before anything is read or written
  paths.input_tree("--kernels-a", o.kernels_a);
  paths.input_tree("--kernels-b", o.kernels_b);
  paths.input("--space", o.space_path);
  paths.output_file("--junit", o.junit_path);
  paths.output_file("--markdown", o.markdown_path);
  paths.output_folder("--out", o.out_dir, {"a.csv", "b.csv", "ab.md"});
  paths.require_apart();
  SweepOptions rule_check;  // the sampling options mean what they mean for a sweep
  rule_check.measure = o.measure;
  rule_check.device = o.device;
  rule_check.max_configs = o.max_configs;
  check_sweep_options(rule_check);
  if (!(o.threshold.pct > 0)) throw InputError("--threshold must be above 0%");
  if (!(o.threshold.min_gap_us >= 0)) throw InputError("--min-gap-us must be 0 or more");
  if (o.copies < 1 || o.copies > kMaxCopies)
    throw InputError("--copies " + std::to_string(o.copies) + ": give 1 to " + std::to_string(kMaxCopies));
  const auto copies = static_cast<std::size_t>(o.copies);
  if (copies > 1 && copies < kMinAbCopies)
    throw InputError("--copies " + std::to_string(copies) + ": an interval over copies reaches 95% from " +
                     std::to_string(kMinAbCopies) + " copies; give 1 or " + std::to_string(kMinAbCopies) + " to " +
                     std::to_string(kMaxCopies));
  if (copies > 1 && o.measure.rule.max_samples < kMinPairsPerCopy * copies)
    throw InputError("--max-samples " + std::to_string(o.measure.rule.max_samples) + " leaves fewer than " +
                     std::to_string(kMinPairsPerCopy) + " pairs for each of " + std::to_string(copies) +
                     " copies; give at least " + std::to_string(kMinPairsPerCopy * copies));
  const std::vector<TimingMode> modes = parse_timing_modes(o.mode);
  if (modes.size() != 1) throw InputError("--mode '" + o.mode + "': ab times in one mode, cold or hot");
  in.mode = modes.front();
  in.copies = copies;
  in.source_a = o.kernels_a.empty() ? std::string(kDotKernelSource) : read_kernel_tree(o.kernels_a, "--kernels-a");
  in.source_b = read_kernel_tree(o.kernels_b, "--kernels-b");
  in.space = load_space_or_default(o.space_path, o.max_configs);
  in.sizes = o.sizes.empty() ? default_sizes() : parse_sizes(o.sizes);
  require_folder_of(o.junit_path, "--junit");
  require_folder_of(o.markdown_path, "--markdown");
  if (!o.out_dir.empty()) ReportFolder::require_free(o.out_dir, /*offer_resume=*/false);
  in.include_dirs = nvrtc_include_dirs();
  if (plan_space(in.space, DeviceLimits{}).valid.empty())
    throw InputError("space '" + in.space.name + "': none of its configurations is valid; `dotsweep list` shows why");
  return in;
}

// Both sides' loaded copies: each copy its own modules (loaded from the one
// cubin its tree's compile queue holds per variant) and its own scratch
// arena, shared by the copy's variants as in a sweep, so a broken B cannot
// leave A's scratch wrong, nor one copy another's. They are loaded in turn,
// copy j of A then copy j of B, so that neither side's copies all land
// before the other's: an A/A run on the H200 with A's eight copies loaded
// before B's eight read B 1% faster in the median row.
struct LoadedCopies {
  std::vector<std::unique_ptr<ScratchArena>> arenas;
  std::vector<std::vector<MeasuredOperation>> a, b;  // [copy][variant], in the plan's order

  LoadedCopies(const DeviceInfo& device, const SpacePlan& plan, const std::vector<std::int64_t>& sizes,
               CompileQueue& queue_a, CompileQueue& queue_b, std::size_t copies) {
    for (std::size_t j = 0; j < copies; ++j)
      for (auto [side, queue] : {std::pair{&a, &queue_a}, std::pair{&b, &queue_b}}) {
        const ScratchArena& scratch = *arenas.emplace_back(std::make_unique<ScratchArena>(plan.valid, sizes));
        side->push_back(variant_operations(device, plan.valid, *queue, scratch));
        for (MeasuredOperation& op : side->back()) op.ensure_built();
      }
  }
};

std::vector<MeasuredOperation*> copies_of(std::vector<std::vector<MeasuredOperation>>& side, std::size_t variant) {
  std::vector<MeasuredOperation*> ops;
  for (std::vector<MeasuredOperation>& copy : side) ops.push_back(&copy.at(variant));
  return ops;
}

// The pairs: each baseline timed by the cold and hot timers (not the
// host-timed thrust, nor the floor, which computes nothing) against itself,
// the A/A control, then each variant's copies from A against its copies from B.
std::vector<AbPair> pairs_of(std::vector<MeasuredOperation>& baselines, LoadedCopies& copies) {
  std::vector<AbPair> pairs;
  for (MeasuredOperation& baseline : baselines)
    if (!baseline.timed_only && !baseline.host_synchronous) pairs.push_back({{&baseline}, {&baseline}});
  for (std::size_t v = 0; v < copies.a.front().size(); ++v)
    pairs.push_back({copies_of(copies.a, v), copies_of(copies.b, v)});
  return pairs;
}

GateReport report_of(const std::string& label, const std::vector<MeasurementRecord>& rows, const Environment& env) {
  GateReport report;
  report.path = label;
  report.rows = rows;
  report.gpu = env.gpu;
  report.dotsweep_version = env.dotsweep_version;
  return report;
}

}  // namespace

void add_ab_options(CLI::App& command, AbOptions& o) {
  StoppingRule& rule = o.measure.rule;
  command.add_option("--kernels-a", o.kernels_a, "kernel tree A: a folder with dot_kernel.cuh (default: the built-in kernels/)");
  command.add_option("--kernels-b", o.kernels_b, "kernel tree B, compared against A")->required();
  command.add_option("--space", o.space_path, "search-space TOML file (default: the embedded variants/default.toml)");
  command.add_option("--sizes", o.sizes, "problem sizes, e.g. 4096,2^20+3,2^12..2^28:2 (default: the sweep's)");
  command.add_option("--mode", o.mode, "timing mode: cold or hot")->default_str("cold");
  command.add_option("--threshold", o.threshold.pct, "PCT: REGRESSED when B/A's interval lies wholly above 1 + PCT%")
      ->default_val(o.threshold.pct);
  command.add_option("--min-gap-us", o.threshold.min_gap_us,
                     "US: the threshold is at least US microseconds of A's median (two copies of one kernel can "
                     "differ by that much)")
      ->default_val(o.threshold.min_gap_us);
  command.add_option("--copies", o.copies,
                     "K: load each variant K times a side and take the pairs from the copies in turn; B/A's "
                     "interval is then over the copies, and --min-gap-us defaults to 0 (1, or 6 and more)")
      ->default_val(o.copies);
  command.add_option("--junit", o.junit_path, "also write JUnit XML (one testcase per row) to FILE");
  command.add_option("--markdown", o.markdown_path, "also write a Markdown summary (e.g. $GITHUB_STEP_SUMMARY) to FILE");
  command.add_option("--out", o.out_dir,
                     "also write a.csv, b.csv (each side's rows) and ab.md to DIR, holding no report yet");
  command.add_option("--device", o.device, "CUDA device index")->default_val(0);
  command.add_option("--seed", o.measure.seed, "input generator seed")->default_val(o.measure.seed);
  add_stopping_rule_options(command, rule,
                            {"pairs of samples", "stop once B/A's 95% interval is within +-PCT% of it", "row"});
  command.add_option("--cache-dir", o.cache_dir, "cubin cache folder (default: $DOTSWEEP_CACHE_DIR or ~/.cache/dotsweep)");
  command.add_option("--max-configs", o.max_configs, "refuse a space that expands to more configurations")
      ->default_val(o.max_configs);
  add_option_checks(command);
  // An option given twice is refused in our words, not taken last or first:
  // which tree is A must never be a guess.
  for (CLI::Option* option : command.get_options())
    if (option->get_expected_max() == 1) option->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  command.callback([&command, &o] {
    for (const CLI::Option* option : command.get_options())
      if (option->get_expected_max() == 1 && option->count() > 1 && o.repeated.empty()) o.repeated = option->get_name();
    o.min_gap_given = command.get_option("--min-gap-us")->count() > 0;
  });
  for (const char* name : {"--kernels-a", "--kernels-b", "--junit", "--markdown"})
    command.get_option(name)->check(CLI::Validator(
        [](std::string& text) { return text.empty() ? std::string("the value is empty") : std::string(); }, "",
        "non-empty"));
  command.footer(
      "Exit status: 0 pass (no row REGRESSED or BROKEN); 1 fail: a row REGRESSED (B/A's 95% interval wholly\n"
      "above 1 + threshold) or BROKEN (correct in A, incorrect in B); 2 bad input (one line naming it);\n"
      "3 no usable GPU; 4 the GPU failed. The protocol, the interval and the rule: docs/ab.md.");
}

int run_ab_command(const AbOptions& o) {
  const AbInput in = check_input(o);
  const std::time_t started_at = std::time(nullptr);
  const DeviceInfo device = query_device(o.device);
  const SpacePlan plan = plan_space(in.space, DeviceLimits{device.max_threads_per_block, device.max_shared_per_block,
                                                           device.arch()});
  if (plan.valid.empty())
    throw InputError("space '" + in.space.name + "': none of its configurations is valid on " + device.name);
  const Environment env = environment_of(device, started_at, o.measure.seed);
  const std::string cache_dir = o.cache_dir.empty() ? default_cache_dir() : o.cache_dir;

  // Two compilers, one per tree: the cubin cache keys on the source text, so
  // the trees share a cubin only where their sources are the same text.
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const NvrtcTarget target = nvrtc_target_for_device(device.arch());
  const NvrtcCompiler compiler_a(in.source_a, kKernelMainFile, target, cache_dir, in.include_dirs);
  const NvrtcCompiler compiler_b(in.source_b, kKernelMainFile, target, cache_dir, in.include_dirs);
  CompileQueue queue_a(compiler_a, plan.valid, std::max(1u, threads / 2));
  CompileQueue queue_b(compiler_b, plan.valid, std::max(1u, threads - threads / 2));
  std::fprintf(stderr, "dotsweep ab: %zu variants from A (%s) and B (%s) on %s, %zu sizes, %s, %zu %s a side\n",
               plan.valid.size(), o.kernels_a.empty() ? kBuiltInTree : o.kernels_a.c_str(), o.kernels_b.c_str(),
               device.name.c_str(), in.sizes.size(), to_string(in.mode).c_str(), in.copies,
               in.copies == 1 ? "copy" : "copies");
  std::vector<MeasuredOperation> baselines = baseline_operations(device, baseline_types(plan.valid));
  LoadedCopies copies(device, plan, in.sizes, queue_a, queue_b, in.copies);
  const std::vector<AbPair> pairs = pairs_of(baselines, copies);

  Stream stream;
  MeasureSettings settings = o.measure;
  settings.modes = {in.mode};
  AbMeasurer measurer(device, stream.get(), settings, env);
  std::vector<GateRow> rows;
  std::vector<MeasurementRecord> rows_a, rows_b;
  for (const std::int64_t n : in.sizes) {
    for (AbOutcome& outcome : measurer.measure_size(n, pairs)) {
      rows.push_back(ab_row(outcome.a, outcome.b, outcome.ratio,
                            threshold_for_copies(o.threshold, o.min_gap_given, outcome.ratio ? outcome.ratio->copies : 1)));
      rows_a.push_back(std::move(outcome.a));
      rows_b.push_back(std::move(outcome.b));
    }
    std::fprintf(stderr, "dotsweep ab: n = %s done\n", size_label(n).c_str());
  }
  const GateResult result = ab_result(std::move(rows), o.threshold, o.min_gap_given, in.copies);
  const GateReport report_a = report_of("A: " + (o.kernels_a.empty() ? std::string(kBuiltInTree) : o.kernels_a),
                                        rows_a, env);
  const GateReport report_b = report_of("B: " + o.kernels_b, rows_b, env);
  const std::string markdown = gate_markdown(result, report_a, {report_b});
  if (!o.junit_path.empty()) write_text_file(o.junit_path, gate_junit(result));
  if (!o.markdown_path.empty()) write_text_file(o.markdown_path, markdown);
  if (!o.out_dir.empty()) {
    ReportFolder::require_free(o.out_dir, /*offer_resume=*/false);
    std::filesystem::create_directories(o.out_dir);
    write_records(o.out_dir + "/a.csv", rows_a);
    write_records(o.out_dir + "/b.csv", rows_b);
    write_text_file(o.out_dir + "/ab.md", markdown);
  }
  std::fputs(gate_text(result, report_a, {report_b}).c_str(), stdout);
  std::fflush(stdout);
  return result.exit_code();
}

}  // namespace dotsweep
