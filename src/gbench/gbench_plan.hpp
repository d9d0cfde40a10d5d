// What dotsweep-gbench registers, decided without a GPU: its own flags
// (taken out of argv before Google Benchmark reads the rest), the baselines
// and the space's variants, the sizes, and each benchmark's name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/space/variant_config.hpp"
#include "gpu/baseline_table.hpp"

namespace dotsweep {

struct GbenchOptions {
  std::string space_path;  // empty: the embedded default space
  std::string sizes_text;  // empty: default_sizes()
  int device = 0;
  std::string cache_dir;   // empty: default_cache_dir()
  bool help = false;
  // Google Benchmark's --benchmark_out=FILE, seen (and left for it): a run
  // that measures nothing removes the file the library opened for it.
  std::string benchmark_out;
};

// Takes --space, --sizes, --device, --cache-dir (as "--x V" or "--x=V") and
// --help out of argv, leaving argv[0] and everything else for Google
// Benchmark. Throws InputError on a flag without its value or a device that
// is not a number.
GbenchOptions take_gbench_options(int& argc, char** argv);

struct GbenchPlan {
  // One name per benchmark family, in sweep order: the baselines (as
  // gbench_operation_name gives them), then the variant ids.
  std::vector<std::string> operations;
  std::vector<BaselineEntry> baselines;  // baseline_table(baseline_types(variants)): operations' first rows
  std::vector<VariantConfig> variants;   // the space's configs valid on every CUDA GPU
  std::vector<std::int64_t> sizes;
  std::size_t rejected = 0;              // configs of the space left out as invalid
};

// Fills plan.baselines and plan.operations from plan.variants. A baseline's
// benchmark name is its table name when the baselines have one type
// ("cublas", as before types existed), else name.type ("cublas.f64"), since
// the same library is measured once per type. Variant ids carry their type.
void name_operations(GbenchPlan& plan);

// Loads the space and parses the sizes; throws InputError on bad input, and
// for a --benchmark_out that names the --space file.
GbenchPlan make_gbench_plan(const GbenchOptions& options);

// "dot/<operation>": Google Benchmark appends "/<n>" from the benchmark's Arg.
std::string benchmark_family_name(const std::string& operation);
// The full name Google Benchmark gives one registered benchmark and matches
// --benchmark_filter against: "dot/<operation>/<n>/manual_time".
std::string benchmark_instance_name(const std::string& operation, std::int64_t n);

// How many of `names` a --benchmark_filter value selects, matched as Google
// Benchmark (1.7) does: "" and "all" select all; a leading '-' selects what
// the rest does not match; otherwise a POSIX extended regex searched for in
// the name. Checked here so that a filter selecting nothing, or one that is
// not a regex, ends as one line of ours (exit 2) rather than the library's
// note and exit 0. Throws InputError naming a filter that is not a regex.
std::size_t count_filtered(const std::vector<std::string>& names, const std::string& filter);

extern const char* const kGbenchUsage;

}  // namespace dotsweep
