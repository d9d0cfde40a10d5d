// `dotsweep sweep`: plan the space, compile in the background, check and time
// every variant and baseline at every size, and write the report folder.
#pragma once

#include "sweep/sweep_options.hpp"

namespace dotsweep {

// Exit status: 0 done, 4 the CUDA context was lost, 130 stopped by Ctrl-C or
// SIGTERM (in both, the rows measured so far are ranked and reported; after
// an interrupt the command that resumes is printed). Throws InputError for bad input (also a
// --resume that does not match its folder) and NoDeviceError without a GPU.
int run_sweep(const SweepOptions& options);

}  // namespace dotsweep
