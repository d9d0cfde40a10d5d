// Deliberately wrong one-launch finishes (test-only), built from the real
// kernel's pieces (dot_kernel.cuh's thread_partial and block_sum) with one
// bug each in the last-block step, so test_finishes can show its checks see
// what a broken ticket does.
#pragma once

#include <memory>
#include <string>

#include "gpu/dot_operation.hpp"

namespace dotsweep::test {

// "ticket-never-reset": takes tickets with atomicAdd, so after the first
// launch no block ever draws the last ticket and the result is never written.
// "skips-own-partial": the last block sums every partial but its own.
std::unique_ptr<DotOperation> make_finish_mutant(const std::string& bug);

}  // namespace dotsweep::test
