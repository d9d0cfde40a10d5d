// dotsweep-gbench: the sweep's baselines and variants as Google Benchmark
// benchmarks (docs/gbench.md). Registration reads only the space and the
// sizes, so --benchmark_list_tests works without a GPU; the GPU side starts
// with the first benchmark that runs.
#include <benchmark/benchmark.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "gbench/gbench_plan.hpp"
#include "gbench/gbench_session.hpp"

namespace {

// The display reporter --benchmark_format selects, shown only once the GPU
// side has started: Google Benchmark asks for the context just before the
// first benchmark runs (never when listing), so a missing GPU ends the run
// there, before any benchmark or any of the library's output, and main
// says why in one line.
class StartedReporter : public benchmark::BenchmarkReporter {
 public:
  explicit StartedReporter(dotsweep::GbenchSession& session)
      : session_(session), shown_(benchmark::CreateDefaultDisplayReporter()) {}  // the library's, not ours to delete

  bool ReportContext(const Context& context) override {
    started_ = session_.start();
    return started_ && shown_->ReportContext(context);
  }
  void ReportRuns(const std::vector<Run>& runs) override { shown_->ReportRuns(runs); }
  void Finalize() override {
    if (started_) shown_->Finalize();
  }
  bool started() const { return started_; }

 private:
  dotsweep::GbenchSession& session_;
  benchmark::BenchmarkReporter* shown_;
  bool started_ = false;
};

// The command, its exit status as docs/gbench.md says, before its output is
// known to have gone out.
int run(int argc, char** argv) {
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
  std::vector<std::string> names;
  // Size-major, as a sweep runs: one size's inputs serve every benchmark at it.
  for (const std::int64_t n : plan.sizes) {
    for (std::size_t i = 0; i < plan.operations.size(); ++i) {
      benchmark::RegisterBenchmark(benchmark_family_name(plan.operations[i]).c_str(),
                                   [&session, i, n](benchmark::State& state) { session.run(state, i, n); })
          ->Arg(n)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond);
      names.push_back(benchmark_instance_name(plan.operations[i], n));
    }
  }
  // A filter that selects nothing is bad input, decided before the GPU.
  const std::string filter = benchmark::GetBenchmarkFilter();
  const std::string none_selected = "dotsweep-gbench: --benchmark_filter '" + filter + "' matches none of the " +
                                    std::to_string(names.size()) + " benchmarks (--benchmark_list_tests lists them)\n";
  try {
    if (count_filtered(names, filter) == 0) {
      std::fputs(none_selected.c_str(), stderr);
      return 2;
    }
  } catch (const InputError& e) {
    std::fprintf(stderr, "dotsweep-gbench: %s\n", e.what());
    return 2;
  }
  StartedReporter display(session);
  const std::size_t selected = benchmark::RunSpecifiedBenchmarks(&display);
  benchmark::Shutdown();
  if (selected == 0) {  // the library's matching disagreed with count_filtered (it has said so too)
    std::fputs(none_selected.c_str(), stderr);
    return 2;
  }
  if (!session.start_failure().empty()) {
    if (!options.benchmark_out.empty()) std::remove(options.benchmark_out.c_str());  // opened, never written
    std::fprintf(stderr, "dotsweep-gbench: %s\n", session.start_failure().c_str());
    return session.start_exit_status();
  }
  if (display.started() && session.measured() == 0) {
    std::fprintf(stderr, "dotsweep-gbench: nothing was measured: each of the %zu benchmarks run ended in an error\n",
                 selected);
    return 1;
  }
  return 0;
}

// "" when everything written to stdout went out, else why not. A write to
// stdout can fail unseen (`--benchmark_list_tests > /dev/full` exited 0):
// the last flush, and the streams' error flags, tell. Google Benchmark
// writes through std::cout, which goes to stdout's buffer.
std::string stdout_failure() {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (flushed && !std::ferror(stdout) && !std::cout.fail()) return "";
  return !flushed && error != 0 ? std::strerror(error) : "some of the output was not written";
}

bool g_stdout_checked = false;  // by main, after run returned

// Google Benchmark ends the process itself after printing its --help
// (exit(0)), past main's check: the same check at exit.
void check_stdout_at_exit() {
  if (g_stdout_checked) return;
  if (const std::string why = stdout_failure(); !why.empty()) {
    std::fprintf(stderr, "dotsweep-gbench: cannot write to standard output: %s\n", why.c_str());
    std::_Exit(5);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::atexit(check_stdout_at_exit);
  const int status = run(argc, argv);
  g_stdout_checked = true;
  if (const std::string why = stdout_failure(); !why.empty()) {
    std::fprintf(stderr, "dotsweep-gbench: cannot write to standard output: %s\n", why.c_str());
    return status == 0 ? 5 : status;
  }
  return status;
}
