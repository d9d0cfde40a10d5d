#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "cli/commands.hpp"
#include "core/space/arch_features.hpp"
#include "measure/compile_queue.hpp"
#include "core/space/space_source.hpp"
#include "core/space/kernel_tree.hpp"
#include "core/space/shard.hpp"
#include "core/space/size_list.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "dot_kernel_source.hpp"

namespace dotsweep {

namespace {
// The slice's groups, in sweep order: a line each, then how many of all.
void print_slice(const Shard& shard, const std::set<WorkUnit>& slice, const std::vector<std::int64_t>& sizes,
                 const std::vector<TimingMode>& modes, std::size_t types) {
  std::printf("# shard %s: %zu of %zu (type, n) units, %zu (type, n, mode) groups\n", shard.label().c_str(),
              slice.size(), types * sizes.size(), slice.size() * modes.size());
  for (const std::int64_t n : sizes)
    for (const ElementType type : all_element_types())
      if (slice.count(WorkUnit{type, n}))
        for (const TimingMode mode : modes)
          std::printf("group\t%s\t%lld\t%s\n", to_string(type).c_str(), static_cast<long long>(n),
                      to_string(mode).c_str());
}
}  // namespace

int run_list(const ListOptions& options) {
  // An arch NVRTC does not know would fail every variant, as if each were broken.
  require_supported_arch(options.arch, "--arch");
  const std::vector<std::string> include_dirs = options.compile ? nvrtc_include_dirs() : std::vector<std::string>{};
  const std::string source =
      options.kernels_dir.empty() ? std::string(kDotKernelSource) : read_kernel_tree(options.kernels_dir, "--kernels");
  const SearchSpace space = load_space_or_default(options.space_path, options.max_configs);
  // --shard: the slice comes from the space and sizes alone, as the sweep's does.
  std::optional<std::set<WorkUnit>> slice;
  if (options.shard) {
    const std::vector<std::int64_t> sizes = options.sizes.empty() ? default_sizes() : options.sizes;
    slice = require_shard_slice(space.configs, sizes, *options.shard);
    print_slice(*options.shard, *slice, sizes, options.modes, measured_types(space.configs).size());
  }
  const auto in_slice = [&](const VariantConfig& config) {
    return !slice || std::any_of(slice->begin(), slice->end(), [&](const WorkUnit& u) { return u.type == config.type; });
  };
  // Without a GPU the planner checks against the CUDA limits every current GPU
  // shares, and the features of the arch listed for (--arch, sm_90 by default).
  DeviceLimits limits;
  limits.arch = options.arch;
  const std::optional<int> optin = shared_optin_bytes_of_arch(options.arch);
  if (optin) limits.max_shared_optin_bytes_per_block = *optin;
  std::vector<VariantConfig> valid;
  std::size_t rejected = 0;
  std::printf("# space '%s': %zu configs, planned for sm_%d", space.name.c_str(), space.configs.size(), options.arch);
  if (optin) std::printf("\n");
  else
    std::printf(" (its opt-in shared memory per block is not known here: the bulk ring is checked against %d bytes; "
                "a sweep checks the device's own)\n", limits.max_shared_optin_bytes_per_block);
  for (const auto& config : space.configs) {
    if (!in_slice(config)) continue;
    if (auto reason = rejection_reason(config, limits)) {
      std::printf("%s\trejected: %s\n", config.id().c_str(), reason->c_str());
      ++rejected;
    } else {
      if (!options.compile) std::printf("%s\n", config.id().c_str());
      valid.push_back(config);
    }
  }
  if (!options.compile) {
    std::printf("# %zu valid, %zu rejected\n", valid.size(), rejected);
    return 0;
  }

  const auto start = std::chrono::steady_clock::now();
  const NvrtcCompiler compiler(source, kKernelMainFile, options.arch, options.cache_dir, include_dirs);
  CompileQueue queue(compiler, valid, std::max(1u, std::thread::hardware_concurrency()));
  std::size_t failed = 0;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const CompileOutcome& outcome = queue.get(i);
    if (outcome.kernels) {
      std::printf("%s\tcompiled sm_%d, %zu bytes%s\n", valid[i].id().c_str(), options.arch, outcome.kernels->cubin.size(),
                  outcome.kernels->from_cache ? " (cache)" : "");
    } else {
      std::printf("%s\tCOMPILE FAILED: %s\n", valid[i].id().c_str(), outcome.error.c_str());
      ++failed;
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("# %zu valid, %zu rejected, %zu failed to compile; %.1f s wall, %.1f s NVRTC\n", valid.size(), rejected,
              failed, wall, queue.compile_seconds());
  return failed == 0 ? 0 : 1;
}

}  // namespace dotsweep
