// Whether the gap between two copies of one variant (`dotsweep ab`'s A/A
// control: the same cubin loaded twice, each with its own scratch) belongs to
// the copy, and whether timing several copies per side in turn would bring
// the two sides of an A/A comparison together.
//
// Every variant of SPACE is loaded COPIES times and timed at size N by the
// sweep's ColdTimer (evict the L2, hold the stream, events around one graph
// replay), one sample of each copy per round in a shuffled order, SAMPLES
// rounds; then the same again (pass 1), so a copy's offset can be seen to
// stay with it. Two scans:
//   modules: each copy its own loaded module, all sharing one scratch arena;
//   copies:  each copy its own module and its own scratch arena (as in ab).
// One CSV line per (variant, scan, pass, copy):
//   variant,type,n,scan,pass,copy,median_us,p25_us,p75_us
// Read with research/scripts/copy_offset.py. Not a test: a measurement for docs/ab.md.
// Usage: copy_offset [SPACE_TOML] [N] [COPIES] [SAMPLES]   (from the source root)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/check/element_array.hpp"
#include "core/input_error.hpp"
#include "core/space/space_file.hpp"
#include "core/space/space_plan.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/cuda_stream.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvrtc_compiler.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "gpu/scratch_arena.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/timers.hpp"
#include "gpu/variant_kernel.hpp"

namespace {

using namespace dotsweep;

double order_statistic(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

// Inputs of ones at size n, one buffer set per element type.
SizeBuffers& inputs_of(std::map<ElementType, std::unique_ptr<SizeBuffers>>& buffers, ElementType type, long long n,
                       cudaStream_t stream) {
  auto& slot = buffers[type];
  if (!slot) {
    slot = std::make_unique<SizeBuffers>(n, type);
    ElementArray ones(type, static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < ones.size(); ++i) ones.set(i, 1.0);
    slot->upload(ones, ones, stream);
    check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(upload)");
  }
  return *slot;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string space_path = argc > 1 ? argv[1] : "variants/quick.toml";
  const long long n = argc > 2 ? std::atoll(argv[2]) : 4096;
  const int copies = argc > 3 ? std::atoi(argv[3]) : 8;
  const int samples = argc > 4 ? std::atoi(argv[4]) : 60;
  if (n < 1 || copies < 2 || samples < 5) {
    std::fprintf(stderr, "copy_offset: N must be at least 1, COPIES at least 2, SAMPLES at least 5\n");
    return 2;
  }
  SearchSpace space;
  try {
    space = load_space_file(space_path);
  } catch (const InputError& e) {
    std::fprintf(stderr, "copy_offset: %s\n", e.what());
    return 2;
  }
  try {
    const DeviceInfo device = query_device(0);
    const SpacePlan plan =
        plan_space(space, DeviceLimits{device.max_threads_per_block, device.max_shared_per_block, device.arch()});
    const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", nvrtc_target_for_device(device.arch()),
                                 default_cache_dir(), nvrtc_include_dirs());
    Stream stream;
    ColdTimer timer(device, stream.get());
    std::map<ElementType, std::unique_ptr<SizeBuffers>> buffers;
    const std::vector<std::int64_t> sizes{n};
    // Each round takes the copies in a new order: which copy follows which
    // moves a launch-bound time by a few percent (docs/ab.md).
    std::vector<std::size_t> order(static_cast<std::size_t>(copies));
    std::iota(order.begin(), order.end(), 0);
    std::mt19937 shuffler(1);
    std::printf("variant,type,n,scan,pass,copy,median_us,p25_us,p75_us\n");
    for (const VariantConfig& config : plan.valid) {
      const CompiledKernels compiled = compiler.compile(kernel_name_expressions(config), kernel_compile_options(config));
      const DotInputs inputs = inputs_of(buffers, config.type, n, stream.get()).main();
      for (const char* scan : {"modules", "copies"}) {
        const bool own_scratch = std::string(scan) == "copies";
        std::vector<std::unique_ptr<ScratchArena>> arenas;
        std::vector<std::unique_ptr<VariantKernel>> kernels;
        std::vector<LaunchGraph> graphs;
        for (int c = 0; c < copies; ++c) {
          if (arenas.empty() || own_scratch)
            arenas.push_back(std::make_unique<ScratchArena>(std::vector<VariantConfig>{config}, sizes));
          kernels.push_back(std::make_unique<VariantKernel>(config, compiled, device, *arenas.back()));
          kernels.back()->prepare(n);
          graphs.push_back(timer.prepare(*kernels.back(), inputs));
        }
        for (int pass = 0; pass < 2; ++pass) {
          std::vector<std::vector<double>> us(static_cast<std::size_t>(copies));
          for (int s = 0; s < samples; ++s) {
            std::shuffle(order.begin(), order.end(), shuffler);
            for (const std::size_t c : order) us[c].push_back(timer.take_sample(graphs[c]).us);
          }
          for (std::size_t c = 0; c < us.size(); ++c)
            std::printf("%s,%s,%lld,%s,%d,%zu,%.4f,%.4f,%.4f\n", config.id().c_str(), to_string(config.type).c_str(),
                        n, scan, pass, c, order_statistic(us[c], 0.5), order_statistic(us[c], 0.25),
                        order_statistic(us[c], 0.75));
          std::fflush(stdout);
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "copy_offset: %s\n", e.what());
    return 1;
  }
  return 0;
}
