// A stand-in for a broken candidate that shares the scratch arena
// (gpu/scratch_arena.hpp): each launch leaves the ticket, the running sum and
// the first gather slots as no complete launch of a correct kernel does, and
// writes a wrong result. The candidate that runs after it must still be right.
#pragma once

#include <memory>

#include "gpu/dot_operation.hpp"
#include "gpu/scratch_arena.hpp"

namespace dotsweep::test {

std::unique_ptr<DotOperation> make_scratch_spoiler(const ScratchArena& scratch);

}  // namespace dotsweep::test
