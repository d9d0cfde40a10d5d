// `dotsweep sweep`: plan the space, compile in the background, check and time
// every variant and baseline at every size, and write the report folder.
#pragma once

#include "cli/sweep_options.hpp"

namespace dotsweep {

// Exit status: 0 done, 4 the CUDA context was lost (rows measured so far are
// kept). Throws InputError for bad input and NoDeviceError without a GPU.
int run_sweep(const SweepOptions& options);

}  // namespace dotsweep
