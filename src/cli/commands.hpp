// The `list` and `info` subcommands (sweep lives in sweep_runner.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/gate/gate.hpp"
#include "core/space/shard.hpp"
#include "core/space/space_file.hpp"
#include "core/space/timing_mode.hpp"

namespace CLI {
class App;
}

namespace dotsweep {

struct ListOptions {
  std::string space_path;  // empty: the embedded default space
  bool compile = false;    // compile each valid variant through NVRTC (no GPU needed)
  std::string kernels_dir; // --kernels: compile this kernel tree (core/space/kernel_tree.hpp), not the built-in one
  int arch = 90;           // sm_XX to plan and compile for
  std::string cache_dir;   // empty: no cache, so every variant really compiles
  std::size_t max_configs = kDefaultMaxConfigs;  // refuse a space expanding past this
  // --shard i/N (core/space/shard.hpp): only the slice a sweep with these --sizes and --mode measures
  std::optional<Shard> shard;
  std::vector<std::int64_t> sizes;  // empty: default_sizes()
  std::vector<TimingMode> modes{TimingMode::cold};
};
// Exit 0, or 1 when a variant failed to compile. With a shard, first one line
// per (type, n, mode) group of the slice: "group<TAB>TYPE<TAB>N<TAB>MODE".
int run_list(const ListOptions& options);

// Exit 0; throws NoDeviceError without a usable GPU. sms > 0: also makes
// that partition (gpu/sm_partition.hpp) and prints what was made.
int run_info(int device, int sms);

// `compare`: reports side by side (core/gate/compare.hpp), Markdown on stdout.
struct CompareOptions {
  std::vector<std::string> inputs;  // sweep.csv or .csv.gz files, each holding one or more reports
  std::string markdown_path;        // also write the Markdown here when set
};
// Exit 0; throws InputError (exit 2) for unreadable or malformed CSVs, an
// input with no rows, or fewer than two reports in all.
int run_compare(const CompareOptions& options);

// `gate`: fail a CI job when a current report shows a kernel slower than the
// baseline (core/gate/gate.hpp, docs/gate.md); reads CSVs only, no GPU needed.
struct GateOptions {
  std::string baseline;               // sweep.csv or best.csv, plain or .csv.gz
  std::vector<std::string> current;   // one or more repeats, combined per row
  std::vector<std::string> noise;     // repeat sweeps (A/A runs) the noise floor is measured from
  GateRule rule;                      // --threshold, --cross-hardware, the noise floor
  std::string only = "best,baselines";
  bool require_all = false;           // rows on one side only fail the gate
  std::string junit_path, markdown_path;
};
// Adds the options above to the `gate` subcommand (defaults from GateRule).
void add_gate_options(CLI::App& command, GateOptions& options);
// Exit 0 pass, 1 a REGRESSED or BROKEN row (or, with require_all, a row on
// one side only); throws InputError (exit 2) for bad or incompatible input.
int run_gate_command(const GateOptions& options);

// `fleet`: one report per GPU of a host, gated against each other
// (core/gate/fleet.hpp, docs/gate.md); reads CSVs only, no GPU needed.
struct FleetOptions {
  std::vector<std::string> reports;  // sweep.csv or best.csv, plain or .csv.gz, one per GPU
  GateRule rule;                     // --threshold; the default noise floor
  std::string only = "best,baselines";
  std::string markdown_path;
};
void add_fleet_options(CLI::App& command, FleetOptions& options);
// Exit 0 every pair passes, 1 not; throws InputError (exit 2) for bad or
// incompatible input (fewer than two reports, other GPU models or versions).
int run_fleet_command(const FleetOptions& options);

// `export`: the tuned tables of one or more reports as a C++ header for
// include/dotsweep/dot.cuh (core/export/dispatch_header.hpp) and, with a folder,
// as Kernel Tuner results files (core/export/kernel_tuner_results.hpp).
struct ExportOptions {
  std::vector<std::string> reports;  // sweep.csv or .csv.gz, one GPU each
  std::string header_path;
  std::string kernel_tuner_dir;      // empty: no Kernel Tuner files
  std::string mode = "cold";         // the timings the choice reads
  std::string nvbench_path;          // empty: no NVBench JSON (core/export/nvbench_json.hpp)
};
// Exit 0; throws InputError (exit 2) for unreadable or unusable reports,
// two reports answering for the same type and compute capability, or a
// destination that cannot be written.
int run_export(const ExportOptions& options);

// `merge`: the reports of a sweep's shards joined into one (core/report/report_merge.hpp).
struct MergeOptions {
  std::string out_dir;               // holding no report yet, as a sweep's --out
  std::vector<std::string> reports;  // one report folder per shard
  int top = 5;                       // rows per group in summary.md, as the sweep's --top
  bool print_summary = false;        // print all of summary.md at the end (sweep/end_of_sweep.hpp)
};
// Exit 0; throws InputError (exit 2) for reports that are not one sweep's
// finished shards, each once, or an OUT that is taken or cannot be written.
int run_merge(const MergeOptions& options);

}  // namespace dotsweep
