// Everything `dotsweep sweep` is told on its command line. How to measure
// (modes, stopping rule, seed) is MeasureSettings, whose defaults are the
// program's defaults; the rest says what to sweep and where to write.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/space/search_strategy.hpp"
#include "core/space/shard.hpp"
#include "core/space/space_file.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

struct SweepOptions {
  std::string space_path;                 // empty: the embedded variants/default.toml
  // --kernels DIR: the kernel tree to compile (core/space/kernel_tree.hpp);
  // empty: the tree built into the binary. kernel_source is its text, read
  // by the command line before the GPU is looked for.
  std::string kernels_dir;
  std::string kernel_source;
  std::vector<std::int64_t> sizes;        // empty: default_sizes()
  int device = 0;
  int sms = 0;                            // --sms N: run on an N-SM partition (gpu/sm_partition.hpp); 0: every SM
  std::string out_dir;                    // empty: <results_root>/<gpu-slug>/<timestamp>
  std::string results_root = "results";
  std::string cache_dir;                  // empty: default_cache_dir()
  MeasureSettings measure;
  int top = 5;                            // rows per group in summary.md
  bool print_summary = false;             // print all of summary.md at the end (sweep/end_of_sweep.hpp)
  std::size_t max_configs = kDefaultMaxConfigs;  // refuse a space expanding past this
  bool progress = true;
  // ---- interruptions and resume (sweep/interrupt.hpp, core/report/resume_plan.hpp)
  std::string resume_dir;                 // --resume DIR: continue the sweep whose report is in DIR
  std::optional<std::string> space_text;  // a resumed report's saved space, read instead of space_path
  std::vector<std::string> command_line;  // argv as given, for the printed resume command
  // ---- search strategies
  StrategySettings strategy;              // --strategy, --budget, --keep
  // ---- sharding over many GPUs (core/space/shard.hpp)
  Shard shard;                            // --shard i/N: measure only this slice of the (type, n) units
  // ---- fault isolation (sweep/supervised_sweep.hpp)
  bool isolate = true;                    // measure in worker processes (--no-isolate: in this one)
  bool worker = false;                    // --worker (hidden): this is such a worker
};

}  // namespace dotsweep
