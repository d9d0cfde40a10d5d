// Runs an operation once for checking: poisons the output with NaN, runs,
// synchronizes and reads the result back (never inside a timed region).
#pragma once

#include "gpu/dot_operation.hpp"

namespace dotsweep {

float run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream);

}  // namespace dotsweep
