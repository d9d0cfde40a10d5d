// dotsweep: sweep, check and time GPU dot-product kernel variants against
// cuBLAS and CUB. Exit status: 0 done, 1 a variant failed to compile (list),
// 2 bad input, 3 no usable GPU, 4 the GPU failed during the run, 5 a host-side
// failure (out of memory, file system, standard output that cannot be written,
// internal), 130 interrupted (Ctrl-C).
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <new>
#include <optional>
#include <vector>

#include "cli/ab_command.hpp"
#include "cli/commands.hpp"
#include "cli/distributed_command.hpp"
#include "cli/help_text.hpp"
#include "cli/option_checks.hpp"
#include "sweep/device_fanout.hpp"
#include "sweep/resume_options.hpp"
#include "sweep/sweep_runner.hpp"
#include "cli/report_command.hpp"
#include "core/report/counter_metrics.hpp"
#include "core/report/device_index.hpp"
#include "core/report/report_folder.hpp"
#include "core/input_error.hpp"
#include "core/space/device_selection.hpp"
#include "core/space/kernel_tree.hpp"
#include "core/space/size_list.hpp"
#include "core/space/timing_mode.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/nvrtc_compiler.hpp"

namespace {

void add_sweep_options(CLI::App& command, dotsweep::SweepOptions& o, std::string& sizes, std::string& modes,
                       std::string& strategy, std::string& shard, std::string& devices) {
  dotsweep::StoppingRule& rule = o.measure.rule;
  command.add_option("--space", o.space_path, "search-space TOML file (default: the embedded variants/default.toml)");
  command.add_option("--kernels", o.kernels_dir, "the kernel tree to compile: a folder with dot_kernel.cuh laid out "
                     "like kernels/ (default: the tree built into dotsweep)");
  command.add_option("--sizes", sizes, "problem sizes, e.g. 4096,2^20+3,2^12..2^28:2 (default: 2^12..2^28:2,1,1000003,2^20+3)");
  command.add_option("--mode", modes, "timing modes: cold, hot or cold,hot")->default_str("cold");
  command.add_option("--device", o.device, "CUDA device index")->default_val(0);
  command.add_option("--devices", devices, "all or GPU indices (0,2,...): one sweep per GPU at once, each into "
                     "its own report folder under --out, then each GPU gated against the others (fleet.md)");
  command.add_option("--sms", o.sms, "run on a partition of at least N of the GPU's SMs (rounded up to what the GPU "
                     "makes; the report names it as hardware of its own)");
  command.add_option("--out", o.out_dir,
                     "report folder that holds no report yet: new, empty or with other files (default: "
                     "results/<gpu-slug>/<timestamp>)");
  command.add_option("--seed", o.measure.seed, "input generator seed")->default_val(o.measure.seed);
  add_stopping_rule_options(
      command, rule,
      {"samples", "stop once the median's 95% interval is within +-PCT% of it (or the timer's resolution)",
       "(variant, n, mode)"});
  command.add_option("--cache-dir", o.cache_dir, "cubin cache folder (default: $DOTSWEEP_CACHE_DIR or ~/.cache/dotsweep)");
  command.add_option("--top", o.top, "variants per group in summary.md")->default_val(o.top);
  command.add_flag("--print-summary", o.print_summary,
                   "print all of summary.md at the end, its per-group tables too (default: the context, what to "
                   "use and where the report is)");
  command.add_option("--max-configs", o.max_configs, "refuse a space that expands to more configurations")
      ->default_val(o.max_configs);
  command.add_flag("!--no-progress", o.progress, "no progress bar");
  command.add_flag("--host-paths", o.measure.host_paths,
                   "also time the f32 and f64 dot from host memory (copies from pageable and pinned memory, the "
                   "result back) and on the CPU (BLAS, a plain loop); summary.md says from which n the GPU wins");
  // Hardware counters (docs/counters.md): given explicitly, unavailable counters are an error.
  dotsweep::CounterSettings& counters = o.measure.counters;
  command
      .add_option_function<std::string>(
          "--counters", [&counters](const std::string& v) {
            counters.scope = dotsweep::parse_counter_scope(v);
            counters.required = true;
          },
          "counter pass after the timing: off, top (tie groups and baselines) or all rows")
      ->check(dotsweep::one_of("a counter scope", {"off", "top", "all"}))
      ->default_str(dotsweep::to_string(dotsweep::kDefaultCounterScope));
  command
      .add_option_function<std::string>(
          "--metrics", [&counters](const std::string& v) { counters.metrics = dotsweep::parse_metric_list(v); },
          "CUPTI metrics to collect, comma-separated (default: the nine of docs/counters.md)")
      ->check(CLI::Validator(
          [](std::string& v) {
            try {
              dotsweep::parse_metric_list(v);
            } catch (const dotsweep::InputError& e) {
              const std::string message = e.what();  // CLI11 puts "--metrics: " in front already
              return message.rfind("--metrics ", 0) == 0 ? message.substr(10) : message;
            }
            return std::string();
          },
          "A,B,..."));
  // ---- interruptions and resume
  command.add_option("--resume", o.resume_dir,
                     "continue the interrupted sweep whose report is in DIR (options left out come from its "
                     "context.json; finished rows are kept)");
  // ---- search strategies
  command.add_option("--strategy", strategy, "exhaustive (every config), random (--budget N of them) or halving "
                     "(screen all with few samples, measure the best --keep fraction fully)")->default_str("exhaustive");
  command.add_option("--budget", o.strategy.budget, "--strategy random: configurations to measure");
  command.add_option("--keep", o.strategy.keep_fraction, "--strategy halving: fraction of each type measured fully")
      ->default_val(o.strategy.keep_fraction);
  // ---- fault isolation
  command.add_flag("!--no-isolate", o.isolate,
                   "measure in this process, so a kernel that faults ends the sweep (exit 4); by default a worker "
                   "process measures, and a kernel that faults or hangs is recorded as incorrect and the sweep "
                   "goes on");
  // ---- sharding over many GPUs (docs/scaling.md)
  command.add_option("--shard", shard, "measure only shard i of N (i/N, from 1): whole (type, n) groups, the same "
                     "slice on every machine; `dotsweep merge` joins the N reports");
  command.add_flag("--worker", o.worker, "a measuring worker of a sweep's supervisor")->group("");  // hidden
}

// The command, its exit status as the header says.
int run(int argc, char** argv) {
  CLI::App app{"dotsweep: sweep, check and time GPU dot-product kernels against cuBLAS and CUB"};
  app.require_subcommand(0, 1);

  dotsweep::SweepOptions sweep;
  std::string sweep_sizes, sweep_modes = "cold", sweep_strategy = "exhaustive", sweep_shard, sweep_devices;
  add_sweep_options(app, sweep, sweep_sizes, sweep_modes, sweep_strategy, sweep_shard,
                    sweep_devices);  // `dotsweep` alone runs the default sweep
  CLI::App* sweep_command = app.add_subcommand("sweep", "check and time every variant and baseline (the default)");
  add_sweep_options(*sweep_command, sweep, sweep_sizes, sweep_modes, sweep_strategy, sweep_shard, sweep_devices);

  dotsweep::ListOptions list;
  bool no_cache = true;
  CLI::App* list_command = app.add_subcommand("list", "print the expanded space; no GPU needed");
  list_command->add_option("--space", list.space_path, "search-space TOML file (default: the embedded default)");
  list_command->add_flag("--compile", list.compile, "compile every valid variant through NVRTC and report failures");
  list_command->add_option("--kernels", list.kernels_dir, "with --compile: the kernel tree to compile (default: the built-in kernels/)");
  list_command->add_option("--arch", list.arch, "SM architecture to plan (and compile) for: what it lacks is rejected")
      ->default_val(90);
  list_command->add_flag("!--use-cache", no_cache, "read and fill the cubin cache instead of compiling everything");
  std::string list_shard, list_sizes, list_modes;
  list_command->add_option("--shard", list_shard, "only shard i of N of the sweep with these --sizes and --mode: "
                           "its (type, n, mode) groups and their variants");
  list_command->add_option("--sizes", list_sizes, "with --shard: the sweep's sizes (default: the sweep's)");
  list_command->add_option("--mode", list_modes, "with --shard: the sweep's timing modes")->default_str("cold");
  list_command->add_option("--max-configs", list.max_configs, "refuse a space that expands to more configurations")
      ->default_val(list.max_configs);

  int info_device = 0, info_sms = 0;
  CLI::App* info_command = app.add_subcommand("info", "the device and the environment");
  info_command->add_option("--device", info_device, "CUDA device index")->default_val(0);
  info_command->add_option("--sms", info_sms, "also make a partition of at least N SMs, as sweep --sms does, and "
                           "print what was made");

  dotsweep::CompareOptions compare;
  CLI::App* compare_command =
      app.add_subcommand("compare", "reports side by side: best per size, ratios, baselines, portability; no GPU needed");
  compare_command->add_option("reports", compare.inputs, "sweep.csv or .csv.gz files; rows group into reports by (gpu, timestamp)")
      ->required();
  compare_command->add_option("--markdown", compare.markdown_path, "also write the comparison to this Markdown file");

  dotsweep::ExportOptions export_options;
  CLI::App* export_command = app.add_subcommand(
      "export", "the tuned kernels per compute capability, type and size as a C++ header for "
                "include/dotsweep/dot.cuh (and Kernel Tuner results files); no GPU needed");
  export_command->add_option("reports", export_options.reports, "sweep.csv or .csv.gz files, one GPU each")->required();
  export_command->add_option("--header", export_options.header_path, "the C++ header to write");
  export_command->add_option("--kernel-tuner", export_options.kernel_tuner_dir,
                             "also write Kernel Tuner results files (dot_<type>.json) into this folder");
  export_command->add_option("--mode", export_options.mode, "the timings to choose from")
      ->check(dotsweep::one_of("a timing mode", {"cold", "hot"}))
      ->default_str("cold");
  export_command->add_option("--nvbench", export_options.nvbench_path,
                             "write one report in NVBench's JSON format, for its comparison scripts");

  dotsweep::MergeOptions merge;
  CLI::App* merge_command = app.add_subcommand(
      "merge", "join the reports of a sweep's shards (--shard i/N) into one report folder; no GPU needed");
  merge_command->add_option("out", merge.out_dir, "the merged report folder, holding no report yet")->required();
  merge_command->add_option("reports", merge.reports, "the shards' report folders, every shard once")->required();
  merge_command->add_option("--top", merge.top, "variants per size in summary.md")->default_val(merge.top);
  merge_command->add_flag("--print-summary", merge.print_summary,
                          "print all of summary.md at the end, its per-group tables too (default: what to use and "
                          "where the report is)");

  dotsweep::describe_program(app);  // --version; each command's exit codes (and sizes, variant ids) under --help
  for (CLI::App* command : {&app, sweep_command, list_command, info_command, merge_command})
    dotsweep::add_option_checks(*command);

  // After describe_program: these add their own footers.
  dotsweep::GateOptions gate;
  CLI::App* gate_command =
      app.add_subcommand("gate", "exit 1 when a current report shows a kernel slower than the baseline; no GPU needed");
  dotsweep::add_gate_options(*gate_command, gate);

  dotsweep::FleetOptions fleet;
  CLI::App* fleet_command = app.add_subcommand(
      "fleet", "one report per GPU of a host, each gated against the others; exit 1 when one sits beyond their noise");
  dotsweep::add_fleet_options(*fleet_command, fleet);

  dotsweep::AbOptions ab;
  CLI::App* ab_command = app.add_subcommand(
      "ab", "time the variants compiled from two kernel trees alternately in one process; exit 1 when B is slower");
  dotsweep::add_ab_options(*ab_command, ab);

  dotsweep::DistributedOptions distributed;
  CLI::App* distributed_command = app.add_subcommand(
      "distributed", "the dot product split across the host's GPUs, one NCCL all-reduce of the local dots, timed "
                     "per GPU count against one GPU");
  dotsweep::add_distributed_options(*distributed_command, distributed);

  dotsweep::ReportOptions report;
  CLI::App* report_command = app.add_subcommand(
      "report", "re-render a report's best.csv, summary.md and plots from its sweep.csv and context.json; no GPU needed");
  dotsweep::add_report_options(*report_command, report);
  dotsweep::add_option_checks(*report_command);  // --top: plain decimal, as everywhere

  // Before CLI11, which would take the next argument as the empty option's value.
  if (const std::string empty = dotsweep::empty_inline_value(argc, argv); !empty.empty()) {
    std::fprintf(stderr, "dotsweep: %s\n", empty.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "dotsweep: %s\n", dotsweep::parse_error_line(app, e, argc, argv).c_str());
    return 2;
  }
  if (const std::string valued = dotsweep::switch_given_value(app, argc, argv); !valued.empty()) {
    std::fprintf(stderr, "dotsweep: %s\n", valued.c_str());
    return 2;
  }
  if (const std::string misplaced = dotsweep::option_before_subcommand(app, argc, argv); !misplaced.empty()) {
    std::fprintf(stderr, "dotsweep: %s\n", misplaced.c_str());
    return 2;
  }

  try {
    if (*list_command) {
      dotsweep::check_list_options(list, list_command->count("--use-cache") > 0);
      if (list_command->count("--shard")) list.shard = dotsweep::parse_shard(list_shard);
      if (!list.shard && (list_command->count("--sizes") || list_command->count("--mode")))
        throw dotsweep::InputError("list: --sizes and --mode only apply with --shard");
      if (list_command->count("--sizes")) list.sizes = dotsweep::parse_sizes(list_sizes);
      if (list_command->count("--mode")) list.modes = dotsweep::parse_timing_modes(list_modes);
      if (!no_cache) list.cache_dir = dotsweep::default_cache_dir();
      return dotsweep::run_list(list);
    }
    if (*info_command) return dotsweep::run_info(info_device, info_sms);
    if (*gate_command) return dotsweep::run_gate_command(gate);
    if (*fleet_command) return dotsweep::run_fleet_command(fleet);
    if (*ab_command) return dotsweep::run_ab_command(ab);
    if (*distributed_command)
      return dotsweep::run_distributed_command(distributed, std::vector<std::string>(argv, argv + argc));
    if (*compare_command) return dotsweep::run_compare(compare);
    if (*export_command) return dotsweep::run_export(export_options);
    if (*report_command) return dotsweep::run_report_command(report);
    if (*merge_command) return dotsweep::run_merge(merge);
    const auto given = [&](const char* name) { return app.count(name) + sweep_command->count(name) > 0; };
    for (const auto& argument : std::vector<std::string>(argv, argv + argc))
      if (argument != "--worker") sweep.command_line.push_back(argument);  // the resume command is the user's
    // ---- what is read and written, kept apart before anything is (core/io/command_paths.hpp)
    {
      dotsweep::CommandPaths paths;
      paths.input("--space", sweep.space_path);
      paths.input_tree("--kernels", sweep.kernels_dir);
      std::vector<std::string> written = dotsweep::report_file_names();
      for (const char* index : {dotsweep::kDeviceIndexFile, dotsweep::kDeviceIndexMarkdown}) written.push_back(index);
      paths.output_folder("--out", sweep.out_dir, written);
      paths.output_folder("--resume", sweep.resume_dir, written);
      paths.require_apart();
    }
    // ---- several GPUs of one host (docs/scaling.md)
    std::optional<dotsweep::DeviceSelection> devices;
    if (given("--devices")) {
      devices = dotsweep::parse_device_selection(sweep_devices);
      dotsweep::check_devices_options(given("--device"), given("--shard"), !sweep.resume_dir.empty());
      if (!sweep.out_dir.empty()) dotsweep::check_index_out(sweep.out_dir);  // before the GPUs are looked for
    }
    if (!sweep.resume_dir.empty() && dotsweep::is_device_index(sweep.resume_dir)) {
      dotsweep::check_index_resume(app, *sweep_command);
      return dotsweep::resume_on_devices(sweep);
    }
    if (!sweep_sizes.empty()) sweep.sizes = dotsweep::parse_sizes(sweep_sizes);
    sweep.measure.modes = dotsweep::parse_timing_modes(sweep_modes);
    sweep.strategy.strategy = dotsweep::strategy_from_string(sweep_strategy);
    if (given("--shard")) sweep.shard = dotsweep::parse_shard(sweep_shard);
    bool budget_given = given("--budget"), keep_given = given("--keep");
    // ---- interruptions and resume: what the command line leaves out comes from the report
    if (!sweep.resume_dir.empty()) {
      const dotsweep::GivenOptions typed{given("--space"),       given("--sizes"),       given("--mode"),
                                         given("--seed"),        given("--min-samples"), given("--max-samples"),
                                         given("--ci-target"),   given("--time-budget"), given("--strategy"),
                                         budget_given,           keep_given,             given("--device"),
                                         given("--cache-dir"),   given("--max-configs"),  given("--shard"),
                                         given("--host-paths"),  given("--kernels")};
      dotsweep::take_saved_options(sweep, dotsweep::read_resume_context(sweep.resume_dir), typed);
      budget_given = budget_given || (!typed.strategy && sweep.strategy.strategy == dotsweep::Strategy::random);
      keep_given = keep_given || (!typed.strategy && sweep.strategy.strategy == dotsweep::Strategy::halving);
    }
    // Read here, so a bad tree is refused before the GPU is looked for; a
    // resume checks its text against the saved digest (resume_run_fields).
    // The folder is kept absolute, so a resume from another folder finds it.
    if (!sweep.kernels_dir.empty()) {
      sweep.kernel_source = dotsweep::read_kernel_tree(
          sweep.kernels_dir, given("--kernels") ? "--kernels" : "--resume '" + sweep.resume_dir + "': its --kernels");
      std::filesystem::path tree = std::filesystem::absolute(sweep.kernels_dir).lexically_normal();
      sweep.kernels_dir = (tree.has_filename() ? tree : tree.parent_path()).string();  // "dir/" -> "dir"
    }
    dotsweep::check_sweep_options(sweep);
    // ---- search strategies
    dotsweep::check_strategy_settings(sweep.strategy, budget_given, keep_given);
    dotsweep::check_shard_strategy(sweep.shard, sweep.strategy.strategy);
    if (devices) return dotsweep::run_on_devices(sweep, *devices);
    return dotsweep::run_sweep(sweep);
  } catch (const dotsweep::InputError& e) {
    std::fprintf(stderr, "dotsweep: %s\n", e.what());
    return 2;
  } catch (const dotsweep::NoDeviceError& e) {
    std::fprintf(stderr, "dotsweep: %s\n", e.what());
    return 3;
  } catch (const dotsweep::GpuError& e) {
    std::fprintf(stderr, "dotsweep: the GPU failed: %s\n", e.what());
    return 4;
  } catch (const dotsweep::ContextLost& e) {
    std::fprintf(stderr, "dotsweep: the GPU failed: %s\n", e.what());
    return 4;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "dotsweep: host error: out of host memory (try smaller --sizes or a smaller space)\n");
    return 5;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dotsweep: host error: %s\n", e.what());
    return 5;
  } catch (...) {
    std::fprintf(stderr, "dotsweep: host error: an unknown exception\n");
    return 5;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int status = run(argc, argv);
  // A write to stdout can fail unseen (`dotsweep list > /dev/full` exited 0):
  // the last flush, and the stream's error flag, tell whether all of it went out.
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (!flushed || std::ferror(stdout)) {
    std::fprintf(stderr, "dotsweep: cannot write to standard output: %s\n",
                 !flushed && error != 0 ? std::strerror(error) : "some of the output was not written");
    return status == 0 ? 5 : status;
  }
  return status;
}
