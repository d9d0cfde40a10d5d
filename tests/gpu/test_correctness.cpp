// Every quick.toml variant and every baseline must be correct at the awkward
// sizes (odd, prime-ish, just past a power of two), and the seed kernel as
// written must be caught returning block 0's partial only.
#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <thread>

#include "core/correctness_verdict.hpp"
#include "core/input_data.hpp"
#include "core/space_file.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/baselines.hpp"
#include "gpu/device_info.hpp"
#include "gpu/result_probe.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/variant_kernel.hpp"

using namespace dotsweep;

namespace {

struct Checked {
  std::string name;
  CorrectnessVerdict verdict;
};

std::vector<Checked> check_all(std::vector<std::pair<std::string, DotOperation*>> operations, long long n) {
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<float> a(n), b(n);
  SizeBuffers buffers(n);
  fill_inputs(a, InputKind::small_integers, 7, 1, threads);
  fill_inputs(b, InputKind::small_integers, 7, 2, threads);
  buffers.upload(a, b, nullptr);
  const std::int64_t exact = exact_integer_dot(a, b);
  std::vector<float> integer_results;
  for (auto& [name, op] : operations) {
    op->prepare(n);
    integer_results.push_back(run_and_read(*op, buffers.main(), nullptr));
  }
  fill_inputs(a, InputKind::uniform, 7, 1, threads);
  fill_inputs(b, InputKind::uniform, 7, 2, threads);
  buffers.upload(a, b, nullptr);
  const DotReference reference = reference_dot(a, b, threads);
  std::vector<Checked> checked;
  for (std::size_t i = 0; i < operations.size(); ++i) {
    DotOperation& op = *operations[i].second;
    ObservedResults observed{integer_results[i], run_and_read(op, buffers.main(), nullptr),
                             run_and_read(op, buffers.main(), nullptr)};
    checked.push_back({operations[i].first, judge_results(observed, exact, reference, op.summation_shape())});
  }
  return checked;
}

}  // namespace

TEST_CASE("quick.toml variants and the baselines are correct at awkward sizes; seed-as-written is not") {
  const DeviceInfo device = query_device(0);
  // The build folder may run on another machine: DOTSWEEP_SOURCE_ROOT there overrides the build-time path.
  const char* root = std::getenv("DOTSWEEP_SOURCE_ROOT");
  const SearchSpace space = load_space_file(std::string(root ? root : DOTSWEEP_SOURCE_ROOT) + "/variants/quick.toml");
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", device.arch(), "");
  const DeviceLimits limits{device.max_threads_per_block, device.max_shared_per_block};

  std::vector<std::unique_ptr<DotOperation>> owned;
  std::vector<std::pair<std::string, DotOperation*>> operations;
  for (auto& baseline : make_baselines(device)) {
    operations.emplace_back(baseline.name, baseline.operation.get());
    owned.push_back(std::move(baseline.operation));
  }
  for (const auto& config : space.configs) {
    REQUIRE_FALSE(rejection_reason(config, limits).has_value());
    owned.push_back(std::make_unique<VariantKernel>(config, compiler.compile(kernel_name_expressions(config)), device));
    operations.emplace_back(config.id(), owned.back().get());
  }

  for (long long n : {1LL, 7LL, 4097LL, 1000003LL, (1LL << 20) + 3}) {
    for (const auto& [name, verdict] : check_all(operations, n)) {
      CAPTURE(name);
      CAPTURE(n);
      CAPTURE(verdict.reason);
      if (name == "seed-as-written" && n > 256) {
        CHECK_FALSE(verdict.correct);  // only block 0's partial
      } else {
        CHECK(verdict.correct);
      }
      if (verdict.correct && name.find(".2pass.") != std::string::npos) CHECK(verdict.deterministic);
    }
  }
}
