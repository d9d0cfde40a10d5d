// Runs an operation once for checking: poisons the output with NaN, runs,
// synchronizes and reads the result back (never inside a timed region).
#pragma once

#include "gpu/dot_operation.hpp"

namespace dotsweep {

// The result slot's value, widened to double (exactly): a float, or a double for f64.
double run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream);

// Reads a result slot of `type` after synchronizing the stream.
double read_result(const void* slot, ElementType type, cudaStream_t stream);

}  // namespace dotsweep
