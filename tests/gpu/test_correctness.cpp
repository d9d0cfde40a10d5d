// Every quick.toml variant and every baseline, run through the sweep's own
// measuring path (SizeMeasurer), must be judged correct at awkward and large
// sizes, and the seed kernel as written (block 0's partial only) must be
// judged incorrect wherever it has more than one block.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <thread>

#include "core/space/arch_features.hpp"
#include "core/space/space_file.hpp"
#include "core/space/space_plan.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

TEST_CASE("quick.toml variants and the baselines are correct through the sweep's path; seed-as-written is not") {
  const DeviceInfo device = query_device(0);
  // The build folder may run on another machine: DOTSWEEP_SOURCE_ROOT there overrides the build-time path.
  const char* root = std::getenv("DOTSWEEP_SOURCE_ROOT");
  const SearchSpace space = load_space_file(std::string(root ? root : DOTSWEEP_SOURCE_ROOT) + "/variants/quick.toml");
  const SpacePlan plan = plan_space(space, device_limits(device));
  // All of it runs on sm_90 (tests/unit/test_space_plan.cpp); on another GPU
  // only what its architecture lacks, or its shared memory cannot hold, is left out.
  for (const RejectedConfig& r : plan.rejected) {
    CAPTURE(r.id);
    CAPTURE(r.reason);
    const auto config = std::find_if(space.configs.begin(), space.configs.end(),
                                     [&](const VariantConfig& c) { return c.id() == r.id; });
    REQUIRE(config != space.configs.end());
    CHECK((arch_rejection(*config, device.arch()).has_value() || r.reason.find("bytes per block") != std::string::npos));
  }
  if (!plan.rejected.empty()) MESSAGE(plan.rejected.size() << " quick.toml variants need a newer GPU than sm_" << device.arch());
  REQUIRE_FALSE(plan.valid.empty());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh",
                               nvrtc_target_for_device(device.arch()), "", nvrtc_include_dirs());
  CompileQueue queue(compiler, plan.valid, std::max(1u, std::thread::hardware_concurrency()));
  const std::vector<std::int64_t> sizes{1, 7, 4097, 1000003, (1LL << 20) + 3, 1LL << 24, (1LL << 28) + 3};
  const ScratchArena scratch(plan.valid, sizes);
  std::vector<MeasuredOperation> operations = sweep_operations(device, plan.valid, queue, scratch);

  TestStream stream;
  MeasureSettings settings;
  settings.rule.min_samples = settings.rule.max_samples = 3;  // the timed-result check runs too
  SizeMeasurer measurer(device, stream.get(), settings);
  for (const long long n : sizes) {
    std::size_t rows = 0;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      ++rows;
      CAPTURE(row.variant);
      CAPTURE(n);
      CAPTURE(row.reason);
      if (row.kind == "floor") {  // timed, never checked
        CHECK_FALSE(row.correct);
        CHECK(row.reason == kFloorReason);
        CHECK(row.median_us.has_value());
        CHECK_FALSE(row.rel_err.has_value());
      } else if (row.variant == "seed-as-written" && n > 256) {
        CHECK_FALSE(row.correct);  // only block 0's partial
      } else if (row.variant == "cublas" && row.type == "f16" && !row.correct) {
        // cublasDotEx returns f16 sums in f16: past 65504 they overflow, and
        // the check must say so (tests/gpu/test_types.cpp allows exactly that).
        CHECK((row.reason.find("overflows f16") != std::string::npos ||
               row.reason.find("result inf") != std::string::npos));
      } else {
        CHECK(row.correct);
        CHECK(row.median_us.has_value());
        CHECK(row.ci_lo_us.has_value());
      }
      if (row.correct && (row.finish == "two_pass" || row.finish == "last_block")) CHECK(row.deterministic == true);
    });
    CHECK(rows == operations.size());
  }
}

// A GPU newer than this NVRTC gets PTX (gpu/nvrtc_compiler.hpp,
// nvrtc_target_for), which the driver JIT-compiles: a slice of quick.toml
// compiled that way for this GPU loads and is correct.
TEST_CASE("variants compiled to PTX, as for a GPU newer than NVRTC, load and are correct") {
  const DeviceInfo device = query_device(0);
  const char* root = std::getenv("DOTSWEEP_SOURCE_ROOT");
  const SearchSpace space = load_space_file(std::string(root ? root : DOTSWEEP_SOURCE_ROOT) + "/variants/quick.toml");
  const SpacePlan plan = plan_space(space, device_limits(device));
  std::vector<VariantConfig> slice;
  for (std::size_t i = 0; i < plan.valid.size(); i += 8) slice.push_back(plan.valid[i]);
  REQUIRE(slice.size() >= 5);
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", NvrtcTarget{device.arch(), true}, "",
                               nvrtc_include_dirs());
  CompileQueue queue(compiler, slice, std::max(1u, std::thread::hardware_concurrency()));
  const CompileOutcome& first = queue.get(0);
  REQUIRE(first.kernels);
  const std::string text(first.kernels->cubin.data());
  CHECK(text.find(".target sm_" + std::to_string(device.arch())) != std::string::npos);  // PTX, not a cubin
  const std::vector<std::int64_t> sizes{4097, (1LL << 20) + 3};
  const ScratchArena scratch(slice, sizes);
  std::vector<MeasuredOperation> operations = sweep_operations(device, slice, queue, scratch);
  TestStream stream;
  MeasureSettings settings;
  settings.rule.min_samples = settings.rule.max_samples = 3;
  SizeMeasurer measurer(device, stream.get(), settings);
  std::size_t candidates = 0;
  for (const long long n : sizes) {
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      if (row.kind != "candidate") return;
      ++candidates;
      CAPTURE(row.variant);
      CAPTURE(n);
      CAPTURE(row.reason);
      CHECK(row.correct);
    });
  }
  CHECK(candidates == 2 * slice.size());
}
