#include "gbench/gbench_plan.hpp"

#include <cstring>
#include <regex>

#include "core/space/space_source.hpp"
#include "core/input_error.hpp"
#include "core/io/command_paths.hpp"
#include "core/io/whole_number.hpp"
#include "core/space/size_list.hpp"
#include "core/space/space_plan.hpp"

namespace dotsweep {

const char* const kGbenchUsage =
    "usage: dotsweep-gbench [--space FILE] [--sizes LIST] [--device N] [--cache-dir DIR] [--benchmark_* ...]\n"
    "Registers every baseline and every variant of the space at every size as a Google Benchmark\n"
    "benchmark named dot/<variant id or baseline>/<n> (a baseline is <name>.<type> when the space has\n"
    "several types), timed cold (docs/measuring.md) with CUDA events as manual time (thrust: host wall\n"
    "time; floor: an empty kernel, timed, never checked). An operation that fails the correctness\n"
    "checks at a size is reported as an error, not timed.\n"
    "  --space FILE     search-space TOML file (default: the embedded variants/default.toml)\n"
    "  --sizes LIST     problem sizes, e.g. 4096,2^20+3,2^12..2^28:2 (default: the sweep's)\n"
    "  --device N       CUDA device index (default 0)\n"
    "  --cache-dir DIR  cubin cache folder (default: $DOTSWEEP_CACHE_DIR or ~/.cache/dotsweep)\n"
    "Google Benchmark's own flags follow (--benchmark_filter, --benchmark_repetitions,\n"
    "--benchmark_format=json, --benchmark_list_tests, ...); see --help below.\n";

namespace {

// Matches "--name V" (consuming the next argument) or "--name=V". An empty
// value is refused: it would quietly mean the default.
bool take_value(int& i, int argc, char** argv, const char* name, std::string& value) {
  const std::size_t length = std::strlen(name);
  if (std::strncmp(argv[i], name, length) != 0) return false;
  if (argv[i][length] == '=') {
    value = argv[i] + length + 1;
    if (value.empty())
      throw InputError(std::string(name) + "= has nothing after the '='; give " + name + "=VALUE or " + name +
                       " VALUE");
    return true;
  }
  if (argv[i][length] != '\0') return false;
  if (i + 1 >= argc) throw InputError(std::string(name) + " needs a value");
  value = argv[++i];
  if (value.empty())
    throw InputError(std::string(name) + ": the value is empty; leave the option out for its default");
  return true;
}

}  // namespace

GbenchOptions take_gbench_options(int& argc, char** argv) {
  GbenchOptions options;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    std::string device;
    if (take_value(i, argc, argv, "--space", options.space_path) ||
        take_value(i, argc, argv, "--sizes", options.sizes_text) ||
        take_value(i, argc, argv, "--cache-dir", options.cache_dir))
      continue;
    if (take_value(i, argc, argv, "--device", device)) {
      WholeNumber index;  // core/io/whole_number.hpp: the ends trimmed, no leading zero
      const std::string problem = read_whole_number(device, index);
      if (!problem.empty() || index.magnitude > 1024)
        throw InputError("--device: '" + device + "' is not a device index" + (problem.empty() ? "" : " (it " + problem + ")"));
      options.device = static_cast<int>(index.magnitude);
      continue;
    }
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) options.help = true;
    if (std::strncmp(argv[i], "--benchmark_out=", 16) == 0) options.benchmark_out = argv[i] + 16;  // and left in
    argv[kept++] = argv[i];  // Google Benchmark's (its --help prints its flags)
  }
  argc = kept;
  argv[argc] = nullptr;
  return options;
}

void name_operations(GbenchPlan& plan) {
  const std::vector<ElementType> types = baseline_types(plan.variants);
  plan.baselines = baseline_table(types);
  plan.operations.clear();
  for (const auto& baseline : plan.baselines)
    plan.operations.push_back(types.size() > 1 ? baseline.name + "." + to_string(baseline.type) : baseline.name);
  for (const auto& config : plan.variants) plan.operations.push_back(config.id());
}

GbenchPlan make_gbench_plan(const GbenchOptions& options) {
  GbenchPlan plan;
  CommandPaths paths;  // before anything is read or written (core/io/command_paths.hpp)
  paths.input("--space", options.space_path);
  paths.output_file("--benchmark_out", options.benchmark_out);
  paths.require_apart();
  plan.sizes = options.sizes_text.empty() ? default_sizes() : parse_sizes(options.sizes_text);
  const SearchSpace space = load_space_or_default(options.space_path);
  // The device's own limits are not known without a GPU; the limits every
  // CUDA GPU shares are, and a sweep rejects the same configs under them.
  SpacePlan space_plan = plan_space(space, DeviceLimits{});
  plan.variants = std::move(space_plan.valid);
  plan.rejected = space_plan.rejected.size();
  name_operations(plan);
  return plan;
}

std::string benchmark_family_name(const std::string& operation) { return "dot/" + operation; }

std::string benchmark_instance_name(const std::string& operation, std::int64_t n) {
  return benchmark_family_name(operation) + "/" + std::to_string(n) + "/manual_time";
}

std::size_t count_filtered(const std::vector<std::string>& names, const std::string& filter) {
  std::string pattern = filter.empty() || filter == "all" ? "." : filter;
  const bool negative = pattern[0] == '-';
  if (negative) pattern.erase(0, 1);
  std::regex re;
  try {
    re = std::regex(pattern, std::regex::extended);
  } catch (const std::regex_error& e) {
    throw InputError("--benchmark_filter '" + filter + "' is not a valid regular expression (" + e.what() +
                     "); accepted: a POSIX extended regex, '-' in front to exclude what it matches");
  }
  std::size_t count = 0;
  for (const auto& name : names) count += std::regex_search(name, re) != negative ? 1 : 0;
  return count;
}

}  // namespace dotsweep
