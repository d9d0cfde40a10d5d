// Kernels for the test of hints pdl and pdl_l2 (test_dependent_launch.cpp):
// a producer that lets its dependent launch start at once and writes the
// inputs only later, and a reader that loads before it waits, which is what
// a dependent kernel must never do.
#pragma once

#include <cuda_runtime_api.h>

#include "gpu/dot_operation.hpp"

namespace dotsweep::test {

// Fills a (float) with 1 and b with 1, then launches on `stream` one graph
// captured from: a producer
// kernel that executes griddepcontrol.launch_dependents at entry, spins for
// `delay_us` and then sets every b[i] to `value`; then `consume` (which
// queues the dependent work). Returns the result slot of `in` after the
// stream drains. A consumer that waits for the producer reads n x value; one
// that reads b early reads n (or a mix).
double result_after_late_producer(const DotInputs& in, float value, double delay_us, cudaStream_t stream,
                                  void (*consume)(const DotInputs&, cudaStream_t, void*), void* context);

// A consumer that loads its inputs before griddepcontrol.wait (launched as
// a programmatic dependent): one block, n <= 8192.
void early_reader(const DotInputs& in, cudaStream_t stream, void*);

}  // namespace dotsweep::test
