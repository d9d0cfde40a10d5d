// Hints pdl and pdl_l2: the variant is launched as a programmatic dependent
// of the stream's previous kernel, so its blocks may be scheduled while that
// kernel still runs. It must never read its inputs before that kernel has
// completed: a producer that lets its dependents start at once and writes
// the inputs 20 us later must be seen whole, by every finish. A reader that
// loads before it waits must read the stale inputs under the same producer,
// or the producer did not overlap and the check would prove nothing. Then
// the sweep's own path, cold and hot (K back-to-back launches whose blocks
// overlap their predecessor's), must judge every such variant correct, and
// deterministic where its finish promises it.
#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

#include "core/space/space_plan.hpp"
#include "dependent_launch_kernels.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "gpu/size_buffers.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

namespace {

VariantConfig dependent(LoadHint hint, int block, int items, int vec, GridKind grid, BlockReduce reduce,
                        GridFinish finish) {
  VariantConfig c;
  c.block = block;
  c.items = items;
  c.vec = vec;
  c.grid = grid;
  c.persistent_k = grid == GridKind::persistent ? 2 : 0;
  c.reduce = reduce;
  c.layout = reduce == BlockReduce::tree ? SharedLayout::sequential : SharedLayout::warp_partials;
  c.finish = finish;
  c.hint = hint;
  return c;
}

void enqueue_operation(const DotInputs& in, cudaStream_t stream, void* operation) {
  static_cast<DotOperation*>(operation)->enqueue(in, stream);
}

}  // namespace

TEST_CASE("hints pdl and pdl_l2 read the inputs only after the previous kernel, and are correct cold and hot") {
  const DeviceInfo device = query_device(0);
  if (device.arch() < 90) {
    MESSAGE("sm_" << device.arch() << ": hints pdl and pdl_l2 need sm_90, left out");
    return;
  }
  const GridKind cover = GridKind::cover, persistent = GridKind::persistent, single = GridKind::single;
  const BlockReduce tree = BlockReduce::tree, shuffle = BlockReduce::shuffle;
  std::vector<VariantConfig> variants;
  for (const LoadHint hint : {LoadHint::pdl, LoadHint::pdl_l2}) {
    variants.push_back(dependent(hint, 256, 1, 4, cover, shuffle, GridFinish::gather));
    variants.push_back(dependent(hint, 1024, 4, 4, cover, shuffle, GridFinish::gather));  // > 256 blocks at 2^24
    variants.push_back(dependent(hint, 1024, 1, 4, single, shuffle, GridFinish::last_block));
    variants.push_back(dependent(hint, 128, 2, 1, cover, tree, GridFinish::last_block));
    variants.push_back(dependent(hint, 512, 4, 4, persistent, shuffle, GridFinish::atomic_ticket));
    variants.push_back(dependent(hint, 256, 4, 4, cover, tree, GridFinish::cluster));
    variants.push_back(dependent(hint, 256, 4, 4, cover, shuffle, GridFinish::two_pass));
    variants.push_back(dependent(hint, 256, 4, 4, cover, shuffle, GridFinish::atomic));
  }
  const DeviceLimits limits = device_limits(device);
  for (const auto& v : variants) REQUIRE_FALSE(rejection_reason(v, limits).has_value());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", nvrtc_target_for_device(device.arch()), "",
                               nvrtc_include_dirs());
  CompileQueue queue(compiler, variants, std::max(1u, std::thread::hardware_concurrency()));
  const std::vector<std::int64_t> sizes{1, 4097, (1LL << 20) + 3, (1LL << 24) + 3};
  const ScratchArena scratch(variants, sizes);
  std::vector<MeasuredOperation> operations = sweep_operations(device, variants, queue, scratch);
  operations.erase(std::remove_if(operations.begin(), operations.end(),
                                  [](const MeasuredOperation& op) { return !op.config.has_value(); }),
                   operations.end());
  REQUIRE(operations.size() == variants.size());
  TestStream stream;

  // The sweep's path first: it builds each operation.
  for (const TimingMode mode : {TimingMode::cold, TimingMode::hot}) {
    MeasureSettings settings;
    settings.modes = {mode};
    settings.rule.min_samples = settings.rule.max_samples = 3;
    SizeMeasurer measurer(device, stream.get(), settings);
    for (const long long n : sizes) {
      std::size_t rows = 0;
      measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
        ++rows;
        CAPTURE(row.variant);
        CAPTURE(n);
        CAPTURE(row.mode);
        CAPTURE(row.reason);
        CHECK(row.correct);
        if (row.correct && row.finish != "atomic" && row.finish != "atomic_ticket") CHECK(row.deterministic == true);
        if (mode == TimingMode::hot) CHECK(row.launches >= 8);
      });
      CHECK(rows == operations.size());
    }
  }

  // A producer that releases its dependents at entry and writes b late.
  constexpr float kValue = 3.0f;
  constexpr double kDelayUs = 20.0;
  for (const long long n : {4096LL, 1LL << 20}) {
    SizeBuffers buffers(n, ElementType::f32);
    for (auto& op : operations) {
      CAPTURE(op.name);
      CAPTURE(n);
      REQUIRE(op.operation != nullptr);
      op.operation->prepare(n);
      const double got = test::result_after_late_producer(buffers.main(), kValue, kDelayUs, stream.get(),
                                                          enqueue_operation, op.operation.get());
      CHECK(got == static_cast<double>(kValue) * static_cast<double>(n));
    }
  }
  // The control: loading before the wait reads the inputs the producer has not written yet.
  SizeBuffers small(4096, ElementType::f32);
  const double early = test::result_after_late_producer(small.main(), kValue, kDelayUs, stream.get(),
                                                        test::early_reader, nullptr);
  CHECK(early != static_cast<double>(kValue) * 4096.0);
  CHECK(early >= 4096.0);  // it ran, on the ones the producer had not replaced
}
