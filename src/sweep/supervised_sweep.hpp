// `dotsweep sweep` (unless --no-isolate): the sweep measured in worker processes
// (docs/design.md, "Fault isolation"). This process never touches CUDA: it
// runs `dotsweep ... --worker` (the same command line), and when a worker
// loses its CUDA context, dies or hangs past the watchdog's deadline, it
// records the operation in flight as incorrect with the reason and starts a
// new worker that resumes the report (--resume), skipping that operation.
#pragma once

#include "sweep/sweep_options.hpp"

namespace dotsweep {

// A worker that faults more often than this is not restarted again (exit 4).
inline constexpr int kMostWorkerRestarts = 1000;

// The exit status of the sweep: the last worker's (0, 2, 3, 5, 130), or 4
// when a worker failed outside any operation or too often.
int run_supervised_sweep(const SweepOptions& options);

}  // namespace dotsweep
