// Every quick.toml variant and every baseline, run through the sweep's own
// measuring path (SizeMeasurer), must be judged correct at awkward and large
// sizes, and the seed kernel as written (block 0's partial only) must be
// judged incorrect wherever it has more than one block.
#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <thread>

#include "core/space_file.hpp"
#include "core/space_plan.hpp"
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
  const SpacePlan plan =
      plan_space(space, DeviceLimits{device.max_threads_per_block, device.max_shared_per_block, device.arch()});
  REQUIRE(plan.rejected.empty());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", device.arch(), "", nvrtc_include_dirs());
  CompileQueue queue(compiler, plan.valid, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<MeasuredOperation> operations = sweep_operations(device, plan.valid, queue);

  TestStream stream;
  MeasureSettings settings;
  settings.rule.min_samples = settings.rule.max_samples = 3;  // the timed-result check runs too
  SizeMeasurer measurer(device, stream.get(), settings);
  for (long long n : {1LL, 7LL, 4097LL, 1000003LL, (1LL << 20) + 3, 1LL << 24, (1LL << 28) + 3}) {
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
