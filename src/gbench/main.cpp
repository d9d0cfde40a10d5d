// dotsweep-gbench: the sweep's baselines and variants as Google Benchmark
// benchmarks (docs/gbench.md). Registration reads only the space and the
// sizes, so --benchmark_list_tests works without a GPU; the GPU side starts
// with the first benchmark that runs.
#include <benchmark/benchmark.h>

#include <cstdio>

#include "core/input_error.hpp"
#include "gbench/gbench_plan.hpp"
#include "gbench/gbench_session.hpp"

int main(int argc, char** argv) {
  using namespace dotsweep;
  GbenchOptions options;
  GbenchPlan plan;
  try {
    options = take_gbench_options(argc, argv);
    plan = make_gbench_plan(options);
  } catch (const InputError& e) {
    std::fprintf(stderr, "dotsweep: %s\n", e.what());
    return 2;
  }
  if (options.help) std::fputs(kGbenchUsage, stdout);
  benchmark::Initialize(&argc, argv);
  if (argc > 1) {
    std::fprintf(stderr, "dotsweep: unknown argument '%s' (dotsweep-gbench --help lists them)\n", argv[1]);
    return 2;
  }
  if (plan.rejected > 0)
    std::fprintf(stderr, "dotsweep-gbench: %zu configs of the space are invalid on every GPU and not registered\n",
                 plan.rejected);

  GbenchSession session(options, plan);
  // Size-major, as a sweep runs: one size's inputs serve every benchmark at it.
  for (const std::int64_t n : plan.sizes) {
    for (std::size_t i = 0; i < plan.operations.size(); ++i) {
      benchmark::RegisterBenchmark(benchmark_family_name(plan.operations[i]).c_str(),
                                   [&session, i, n](benchmark::State& state) { session.run(state, i, n); })
          ->Arg(n)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
