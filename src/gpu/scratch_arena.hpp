// The scratch every candidate of a process writes, in one allocation made
// before the first is built: the partials, the gather finish's slots, and
// the ticket and running sum of the finishes that draw tickets.
//
// Why one for all: launch-bound rows pay a per-launch cost that depends on
// how the process's scratch was allocated, not on the kernel. With a buffer
// per candidate, grown with its n, 2^20 read up to 5% apart depending on the
// sizes swept before; with one buffer for all, 1-2%, and every row at n = 1
// 0.3-0.4 us faster (docs/measuring.md, "What the process swept before").
// A program that runs one dot product has one such buffer too.
// Launches on one stream never overlap, so candidates can take turns on it;
// each candidate clears what it reads before its turn (clear_for), so a
// broken one cannot make the next one wrong.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/space/variant_config.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

class ScratchArena {
 public:
  // Room for `partial_bytes` of partials and as many of gather slots.
  explicit ScratchArena(std::size_t partial_bytes);
  // Room for every variant of `variants` at every size of `sizes`.
  ScratchArena(const std::vector<VariantConfig>& variants, const std::vector<std::int64_t>& sizes);

  // Throws GpuError when `bytes` exceed the room: a variant outside what the
  // arena was sized for.
  void* partials(std::size_t bytes) const;
  // All ones (empty, kernels/dot_kernel.cuh: gather_slot) between launches:
  // every complete launch empties the slots it filled.
  void* gather_slots(std::size_t bytes) const;
  // Zero between launches: a complete launch leaves both at zero again.
  unsigned int* ticket() const;
  void* running_sum() const;
  // The ticket and sum back to zero and the first `gather_bytes` of slots
  // to empty, as a complete launch of a correct kernel leaves them; waits
  // for it. A candidate calls it before its turn.
  void clear_for(std::size_t gather_bytes) const;
  std::size_t partial_room() const { return room_; }

 private:
  std::size_t room_ = 0;
  DeviceBuffer<unsigned char> memory_;
};

}  // namespace dotsweep
