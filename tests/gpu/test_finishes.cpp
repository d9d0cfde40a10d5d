// The one-launch finishes: last_block (partials + ticket in one kernel),
// cluster (sm_90: distributed shared memory within a cluster, then the last
// block across clusters), atomic_ticket (atomicAdd into a running sum, the
// last ticket takes and zeroes it) and grid single (one block writing the
// result). Each variant, through the sweep's measuring path, must be judged
// correct at awkward sizes, and give the same bits when run again (the ticket
// and atomic_ticket's sum must be back at zero after every launch, or the
// second run's "last" block is the wrong one or adds the first run's total).
// At small n the whole operation must be one kernel node: no memset, no
// second kernel.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <thread>

#include "core/space/space_plan.hpp"
#include "dot_kernel_source.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvrtc_includes.hpp"
#include "gpu/result_probe.hpp"
#include "finish_mutants.hpp"
#include "scratch_spoiler.hpp"
#include "gpu/size_buffers.hpp"
#include "launch_constants.h"
#include "measure/size_inputs.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

namespace {

VariantConfig config(int block, int items, int vec, GridKind grid, int k, BlockReduce reduce, GridFinish finish) {
  VariantConfig c;
  c.block = block;
  c.items = items;
  c.vec = vec;
  c.grid = grid;
  c.persistent_k = k;
  c.reduce = reduce;
  c.layout = reduce == BlockReduce::tree ? SharedLayout::sequential : SharedLayout::warp_partials;
  c.finish = finish;
  return c;
}

// Kernel nodes and other nodes one enqueue makes, from a captured graph.
std::pair<int, int> graph_nodes(DotOperation& op, const DotInputs& in, cudaStream_t stream) {
  cudaGraph_t graph = nullptr;
  REQUIRE(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal) == cudaSuccess);
  op.enqueue(in, stream);
  REQUIRE(cudaStreamEndCapture(stream, &graph) == cudaSuccess);
  std::size_t count = 0;
  REQUIRE(cudaGraphGetNodes(graph, nullptr, &count) == cudaSuccess);
  std::vector<cudaGraphNode_t> nodes(count);
  REQUIRE(cudaGraphGetNodes(graph, nodes.data(), &count) == cudaSuccess);
  int kernels = 0, others = 0;
  for (cudaGraphNode_t node : nodes) {
    cudaGraphNodeType type;
    REQUIRE(cudaGraphNodeGetType(node, &type) == cudaSuccess);
    (type == cudaGraphNodeTypeKernel ? kernels : others) += 1;
  }
  cudaGraphDestroy(graph);
  return {kernels, others};
}

bool same_bits(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// Cold only, three samples per row: enough for the check of every timed launch.
MeasureSettings three_cold_samples() {
  MeasureSettings settings;
  settings.modes = {TimingMode::cold};
  settings.rule.min_samples = settings.rule.max_samples = 3;
  return settings;
}

bool one_launch(GridFinish f) {
  return f == GridFinish::last_block || f == GridFinish::cluster || f == GridFinish::atomic_ticket ||
         f == GridFinish::gather;
}

// Runs the operation twice more on the same inputs: both must write a result
// (run_and_read poisons it with NaN first) and the same bits. Empty when so.
std::string repeat_problem(DotOperation& op, long long n, const DotInputs& in, cudaStream_t stream) {
  op.prepare(n);
  const float first = run_and_read(op, in, stream);
  const float second = run_and_read(op, in, stream);
  if (first != first) return "the first run left the NaN poison";
  if (second != second) return "the second run left the NaN poison (ticket not back at zero?)";
  if (!same_bits(first, second)) return "two runs gave different bits (atomic_ticket: sum not back at zero?)";
  return "";
}

}  // namespace

TEST_CASE("last_block, cluster, atomic_ticket, gather and single finishes are correct, repeatable and one launch") {
  const DeviceInfo device = query_device(0);
  const GridKind cover = GridKind::cover, persistent = GridKind::persistent, single = GridKind::single;
  const BlockReduce tree = BlockReduce::tree, shuffle = BlockReduce::shuffle;
  const GridFinish last = GridFinish::last_block, cluster = GridFinish::cluster, ticket = GridFinish::atomic_ticket;
  std::vector<VariantConfig> variants = {
      config(256, 4, 4, cover, 0, shuffle, last),       // one block at n <= 4096
      config(128, 2, 1, cover, 0, tree, last),          // many blocks: the ticket's wrap matters
      config(512, 4, 4, persistent, 2, tree, last),
      config(1024, 1, 4, single, 0, shuffle, last),    // the small-n path
      config(256, 8, 2, single, 0, tree, last),
      config(256, 2, 4, cover, 0, shuffle, ticket),     // one block at n <= 2048
      config(128, 2, 1, cover, 0, tree, ticket),        // many blocks: many adds into the one sum
      config(512, 4, 4, persistent, 2, shuffle, ticket),
      config(256, 1, 4, cover, 0, shuffle, GridFinish::gather),    // 4 blocks at n = 4096
      config(128, 2, 1, cover, 0, tree, GridFinish::gather),       // many blocks: block 0 waits in batches
      config(512, 4, 4, persistent, 2, shuffle, GridFinish::gather),
      config(256, 4, 4, cover, 0, shuffle, GridFinish::atomic),    // controls for the launch count
      config(256, 4, 4, cover, 0, shuffle, GridFinish::two_pass),
  };
  if (device.arch() >= 90) {
    variants.push_back(config(256, 4, 4, cover, 0, tree, cluster));     // 16 blocks (one cluster) at n <= 4096
    // Many clusters, gathered across: by warp 0 up to 256 clusters, by all of
    // block 0 at n = 2^24 + 3 (4096 clusters).
    variants.push_back(config(128, 2, 1, cover, 0, shuffle, cluster));
    variants.push_back(config(512, 2, 4, persistent, 2, shuffle, cluster));
  } else {
    MESSAGE("sm_" << device.arch() << ": the cluster finish needs sm_90, left out");
  }
  const DeviceLimits limits = device_limits(device);
  for (const auto& v : variants) REQUIRE_FALSE(rejection_reason(v, limits).has_value());
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh",
                               nvrtc_target_for_device(device.arch()), "", nvrtc_include_dirs());
  CompileQueue queue(compiler, variants, std::max(1u, std::thread::hardware_concurrency()));
  const std::vector<std::int64_t> sizes{1, 4096, 4097, (1LL << 20) + 3, (1LL << 24) + 3};
  // One arena for all: each finish must leave the shared ticket, sum and
  // gather slots as it found them for the next variant's launch.
  const ScratchArena scratch(variants, sizes);
  std::vector<MeasuredOperation> operations = sweep_operations(device, variants, queue, scratch);
  // Only the candidates: the baselines have their own tests.
  operations.erase(std::remove_if(operations.begin(), operations.end(),
                                  [](const MeasuredOperation& op) { return !op.config.has_value(); }),
                   operations.end());
  REQUIRE(operations.size() == variants.size());

  TestStream stream;
  const MeasureSettings settings = three_cold_samples();
  SizeMeasurer measurer(device, stream.get(), settings);
  for (const long long n : sizes) {
    std::map<std::string, bool> judged;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      CAPTURE(row.variant);
      CAPTURE(n);
      CAPTURE(row.reason);
      judged[row.variant] = true;
      CHECK(row.correct);
      if (row.correct && row.finish != "atomic" && row.finish != "atomic_ticket") CHECK(row.deterministic == true);
    });
    for (const auto& v : variants) CHECK(judged.count(v.id()) == 1);

    // Run each candidate twice more on one input set: the same bits, no NaN
    // poison left. atomic_ticket adds in no fixed order, so it runs on integer
    // inputs, where every order gives the same bits.
    SizeBuffers buffers(n, ElementType::f32), integers(n, ElementType::f32);
    SizeInputs inputs(n, ElementType::f32, settings.seed, std::max(1u, std::thread::hardware_concurrency()));
    inputs.load(InputKind::positive_uniform, buffers, stream.get());
    inputs.load(InputKind::random_integers, integers, stream.get());
    for (auto& op : operations) {
      CAPTURE(op.name);
      REQUIRE(op.operation != nullptr);  // built by measure_size above
      if (!one_launch(op.config->finish)) continue;
      CAPTURE(n);
      const DotInputs& repeat_on = op.config->finish == ticket ? integers.main() : buffers.main();
      CHECK(repeat_problem(*op.operation, n, repeat_on, stream.get()) == "");
      if (op.config->grid == single) CHECK(op.operation->grid_blocks() == 1);
      if (op.config->finish == cluster) CHECK(op.operation->grid_blocks() % dotsweep_kernels::kClusterBlocks == 0);
      const bool one_tile = op.config->block * op.config->items * op.config->vec >= 4096;
      if (n <= 4096 && op.config->finish == last && (op.config->grid == single || one_tile))
        CHECK(op.operation->grid_blocks() == 1);
      // One kernel node and nothing else: the small-n limit (no memset, no second launch).
      const auto [kernels, others] = graph_nodes(*op.operation, buffers.main(), stream.get());
      CHECK(kernels == 1);
      CHECK(others == 0);
    }
  }
  // The controls really are what one-launch avoids (so the node count can fail).
  for (auto& op : operations) {
    REQUIRE(op.operation != nullptr);
    if (one_launch(op.config->finish)) continue;
    CAPTURE(op.name);
    SizeBuffers buffers(4096, ElementType::f32);
    op.operation->prepare(4096);
    const auto [kernels, others] = graph_nodes(*op.operation, buffers.main(), stream.get());
    CHECK(kernels + others == 2);
  }
  // Hot mode: one graph of K >= 8 back-to-back launches over rotating input
  // slots, all through one operation's running sum and ticket (atomic_ticket)
  // or its slots (gather). The timed-result check reads the last launch's
  // slot, so a sum that any launch left non-zero, or a slot left full, shows.
  std::vector<MeasuredOperation> ticketed;
  for (auto& op : operations)
    if (op.config->finish == ticket || op.config->finish == GridFinish::gather) ticketed.push_back(std::move(op));
  REQUIRE(ticketed.size() == 6);
  MeasureSettings hot = settings;
  hot.modes = {TimingMode::hot};
  SizeMeasurer hot_measurer(device, stream.get(), hot);
  for (const long long n : {4097LL, (1LL << 20) + 3}) {
    std::size_t rows = 0;
    hot_measurer.measure_size(n, ticketed, [&](const MeasurementRecord& row) {
      ++rows;
      CAPTURE(row.variant);
      CAPTURE(n);
      CAPTURE(row.reason);
      CHECK(row.mode == "hot");
      CHECK(row.correct);
      CHECK(row.launches >= 8);
    });
    CHECK(rows == ticketed.size());
  }
}

namespace {

// Every finish mutant named must be judged incorrect, with a reason, at every
// size through the sweep's path, and, where `repeat_sees_first`, the first one
// (whose bug only shows from the second launch on) must be seen by the repeat
// check on its own.
void require_caught(const std::vector<const char*>& bugs,
                    const std::vector<long long>& sizes = {1LL, 4097LL, (1LL << 20) + 3, (1LL << 24) + 3},
                    bool repeat_sees_first = true) {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  const MeasureSettings settings = three_cold_samples();
  SizeMeasurer measurer(device, stream.get(), settings);
  std::vector<MeasuredOperation> operations;
  for (const char* bug : bugs) {
    MeasuredOperation op;
    op.name = bug;
    op.operation = test::make_finish_mutant(bug);
    operations.push_back(std::move(op));
  }
  for (const long long n : sizes) {
    std::size_t rows = 0;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      CAPTURE(row.variant);
      CAPTURE(n);
      ++rows;
      CHECK_FALSE(row.correct);
      CHECK_FALSE(row.reason.empty());
    });
    CHECK(rows == operations.size());
    if (!repeat_sees_first) continue;
    SizeBuffers buffers(n, ElementType::f32);
    SizeInputs inputs(n, ElementType::f32, settings.seed, std::max(1u, std::thread::hardware_concurrency()));
    inputs.load(InputKind::positive_uniform, buffers, stream.get());
    CAPTURE(n);
    CHECK(repeat_problem(*operations[0].operation, n, buffers.main(), stream.get()) != "");
  }
}

}  // namespace

TEST_CASE("the finish checks catch a last-block finish that never resets its ticket or skips a partial") {
  require_caught({"ticket-never-reset", "skips-own-partial"});  // the ticket never reset: right once only
}

TEST_CASE("the finish checks catch an atomic-ticket finish that never resets its sum or takes its ticket before adding") {
  // The sum never reset: the second run returns its total plus everything added before.
  require_caught({"sum-never-reset", "ticket-before-add"});
}

TEST_CASE("the finish checks catch a gather finish that skips a slot or never empties its slots") {
  // With one block there is nothing to gather: both are right at n = 1. The
  // missing slot is the same on every launch, so only the sweep's check sees it.
  require_caught({"gather-skips-last-slot"}, {4097LL, (1LL << 20) + 3, (1LL << 24) + 3}, false);
  // Stale slots show once a launch follows one on other inputs (the exact
  // passes' two integer sets) and block 0 outruns the other blocks: a grid of
  // 16384 blocks. On the same inputs twice the stale totals are the same
  // bits, so the repeat check cannot see this one.
  require_caught({"gather-never-empties"}, {(1LL << 24) + 3}, false);
}

TEST_CASE("every timed launch is checked: a finish that moves one ulp on one timed launch is incorrect") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  SizeMeasurer measurer(device, stream.get(), three_cold_samples());
  // How many times one size launches an operation: the mutant's period.
  std::vector<MeasuredOperation> counting(1);
  counting[0].name = "counts-launches";
  counting[0].operation = test::make_drifting_finish(0);
  measurer.measure_size(1, counting, [](const MeasurementRecord& row) { CHECK(row.correct); });
  const unsigned period = test::drifting_finish_launches(*counting[0].operation);
  REQUIRE(period >= 5);  // the checked launches, then three timed ones
  std::vector<MeasuredOperation> operations(1);
  operations[0].name = "moves-one-launch-per-size";
  operations[0].operation = test::make_drifting_finish(period);
  for (const long long n : {1LL, 4097LL, (1LL << 20) + 3}) {
    std::size_t rows = 0;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      CAPTURE(n);
      CAPTURE(period);
      CAPTURE(row.reason);
      ++rows;
      CHECK_FALSE(row.correct);
      // Seen by the timed-launch check, not by a checked launch.
      CHECK(row.reason.find("1 of 3 timed launches differ; launch 2:") == 0);
    });
    CHECK(rows == 1);
  }
}

TEST_CASE("a broken candidate sharing the scratch arena leaves the next candidate correct") {
  const DeviceInfo device = query_device(0);
  const GridKind cover = GridKind::cover;
  std::vector<VariantConfig> variants = {
      config(128, 2, 1, cover, 0, BlockReduce::tree, GridFinish::last_block),     // reads the ticket
      config(128, 2, 1, cover, 0, BlockReduce::tree, GridFinish::atomic_ticket),  // the ticket and the sum
      config(128, 2, 1, cover, 0, BlockReduce::tree, GridFinish::gather),         // the slots
  };
  if (device.arch() >= 90) variants.push_back(config(128, 2, 1, cover, 0, BlockReduce::shuffle, GridFinish::cluster));
  const std::vector<std::int64_t> sizes{4097, (1LL << 20) + 3};
  const ScratchArena scratch(variants, sizes);
  const NvrtcCompiler compiler(kDotKernelSource, "dot_kernel.cuh", nvrtc_target_for_device(device.arch()), "",
                               nvrtc_include_dirs());
  CompileQueue queue(compiler, variants, std::max(1u, std::thread::hardware_concurrency()));
  // Each candidate right after a spoiler: in the exact passes, in its check
  // and in its timed launches, the last launch before its own left the
  // shared scratch wrong.
  std::vector<MeasuredOperation> operations;
  for (MeasuredOperation& candidate : variant_operations(device, variants, queue, scratch)) {
    MeasuredOperation spoiler;
    spoiler.name = "spoiler before " + candidate.name;
    spoiler.operation = test::make_scratch_spoiler(scratch);
    operations.push_back(std::move(spoiler));
    operations.push_back(std::move(candidate));
  }
  TestStream stream;
  SizeMeasurer measurer(device, stream.get(), three_cold_samples());
  for (const long long n : sizes) {
    std::size_t candidates = 0, spoilers = 0;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      CAPTURE(row.variant);
      CAPTURE(n);
      CAPTURE(row.reason);
      if (row.kind == "candidate") {
        ++candidates;
        CHECK(row.correct);
      } else {
        ++spoilers;
        CHECK_FALSE(row.correct);  // it ran, and wrote its wrong result
      }
    });
    CHECK(candidates == variants.size());
    CHECK(spoilers == variants.size());
  }
}
