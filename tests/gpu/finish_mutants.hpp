// Deliberately wrong one-launch finishes (test-only), built from the real
// kernel's pieces (dot_kernel.cuh's thread_partial and block_sum) with one
// bug each in the last-block or atomic-ticket step, so test_finishes can show
// its checks see what a broken ticket or running sum does.
#pragma once

#include <memory>
#include <string>

#include "gpu/dot_operation.hpp"

namespace dotsweep::test {

// "ticket-never-reset": takes tickets with atomicAdd, so after the first
// launch no block ever draws the last ticket and the result is never written.
// "skips-own-partial": the last block sums every partial but its own.
// "sum-never-reset": an atomic-ticket finish whose last block reads the
// running sum without zeroing it: right on the first launch only, then each
// launch returns the total of all launches so far.
// "ticket-before-add": an atomic-ticket finish whose blocks take their ticket
// before adding: the last block's own total (at least) is missing from its
// result and lands in the next launch's.
// "gather-skips-last-slot": a gather finish whose block 0 stops one slot
// short, so the last block's total is missing whenever the grid has two or
// more blocks. "gather-never-empties": block 0 never empties the slots, so
// from the second launch on it reads the launch before's totals.
std::unique_ptr<DotOperation> make_finish_mutant(const std::string& bug);

// A correct last-block finish that promises the same bits on every launch
// and counts its launches; on the last but one of every `period` launches it
// moves its result one ulp (never when period is 0). With the period set to
// the launches the sweep's path takes per size (drifting_finish_launches of
// a period-0 one after one size), that is one timed launch in the middle:
// right on every checked launch and on the last timed one.
std::unique_ptr<DotOperation> make_drifting_finish(unsigned period);
unsigned drifting_finish_launches(const DotOperation& drifting_finish);

}  // namespace dotsweep::test
