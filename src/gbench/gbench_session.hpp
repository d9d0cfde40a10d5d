// The GPU side of dotsweep-gbench, started by the first benchmark that runs
// (so listing needs no device). This is the one file that speaks to the
// measuring library (src/measure); it adds no measuring protocol of its own:
//  - check: the sweep's SizeMeasurer checks the operation at n (both exact
//    input sets, the float64 check, determinism, a one-sample cold timing and
//    the timed-result check) exactly as a sweep does; an incorrect operation
//    is reported with SkipWithError and never timed by Google Benchmark;
//  - time: each Google Benchmark iteration is one cold sample of the sweep's
//    ColdTimer (L2 evicted, stream held behind the blocker, CUDA events
//    around one launch), handed over as manual time; a host-synchronous
//    baseline (thrust) takes one sample of the sweep's HostSyncTimer (host
//    wall time of one call after the L2 eviction) instead;
//  - the floor (timed_only) is timed the same way and never checked;
//  - after the loop, the result the last timed launch left must agree with
//    the checked one, as after a sweep's timing.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "gbench/gbench_plan.hpp"

namespace dotsweep {

class GbenchSession {
 public:
  GbenchSession(GbenchOptions options, GbenchPlan plan);
  ~GbenchSession();
  GbenchSession(const GbenchSession&) = delete;
  GbenchSession& operator=(const GbenchSession&) = delete;

  // Benchmark body: plan.operations[operation] at size n.
  void run(benchmark::State& state, std::size_t operation, std::int64_t n);

  // Starts the GPU side (once); false when it could not, and then
  // start_failure() says why and start_exit_status() is dotsweep's status
  // for it: 3 no usable GPU, 2 bad input (NVRTC's headers), 4 otherwise.
  bool start();
  const std::string& start_failure() const { return start_failure_; }
  int start_exit_status() const { return start_exit_status_; }
  // Benchmarks whose timing loop ran to the end without an error.
  std::size_t measured() const { return measured_; }

 private:
  struct Gpu;  // device, stream, compiler, operations, timers: CUDA types stay out of this header
  // Starts the GPU side once; on failure every benchmark reports why.
  Gpu* gpu(std::string& why_not);

  GbenchOptions options_;
  GbenchPlan plan_;
  std::unique_ptr<Gpu> gpu_;
  std::string start_failure_;  // set when starting failed: no second try
  int start_exit_status_ = 0;
  bool started_ = false;
  std::size_t measured_ = 0;
};

}  // namespace dotsweep
