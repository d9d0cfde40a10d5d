// Faults planted for the fault-isolation tests only: $DOTSWEEP_PLANT_FAULT,
// a comma-separated list of trap:<variant-id> (its launches read from an
// illegal address, which loses the CUDA context) and hang:<variant-id> (its
// launches spin forever). Never set in normal use; a name that is not in the
// sweep is an error, so a test cannot silently plant nothing.
// It ships in the user's binary on purpose: fault isolation is the shipped
// binary's supervisor restarting its own worker processes, and only that
// binary, run as a user runs it, can show that a lost context or a hang costs
// one row (tests/cli/fault_isolation_gpu.sh). Unset, it is one getenv per sweep.
#pragma once

#include <vector>

#include "measure/measured_operation.hpp"

namespace dotsweep {

// Swaps the named operations for faulty ones; does nothing when the variable is unset.
void plant_faults(std::vector<MeasuredOperation>& operations);

}  // namespace dotsweep
