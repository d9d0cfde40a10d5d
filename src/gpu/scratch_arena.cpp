#include "gpu/scratch_arena.hpp"

#include <algorithm>
#include <string>

#include "core/space/launch_geometry.hpp"

namespace dotsweep {

namespace {
// Each region starts on its own 256-byte line (cudaMalloc's alignment).
constexpr std::size_t kLine = 256;
constexpr std::size_t kTicketAt = 0;
constexpr std::size_t kSumAt = kLine;
constexpr std::size_t kPartialsAt = 2 * kLine;
std::size_t whole_lines(std::size_t bytes) { return (bytes + kLine - 1) / kLine * kLine; }
std::size_t slots_at(std::size_t room) { return kPartialsAt + room; }

void check_room(std::size_t bytes, std::size_t room, const char* what) {
  if (bytes > room)
    throw GpuError(std::string("scratch arena: ") + what + " of " + std::to_string(bytes) + " bytes, room for " +
                   std::to_string(room));
}
}  // namespace

ScratchArena::ScratchArena(std::size_t partial_bytes)
    : room_(whole_lines(std::max<std::size_t>(partial_bytes, 1))), memory_(slots_at(room_) + room_) {
  clear_for(room_);
}

ScratchArena::ScratchArena(const std::vector<VariantConfig>& variants, const std::vector<std::int64_t>& sizes)
    : ScratchArena(partial_bytes_at_most(variants, sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end()))) {}

void ScratchArena::clear_for(std::size_t gather_bytes) const {
  check_room(gather_bytes, room_, "gather slots");
  unsigned char* base = memory_.get();
  check_cuda(cudaMemset(base, 0, kPartialsAt), "cudaMemset(ticket and sum)");
  if (gather_bytes > 0) check_cuda(cudaMemset(base + slots_at(room_), 0xff, gather_bytes), "cudaMemset(gather slots)");
  // cudaMemset runs on the legacy default stream, which does not order the
  // harness's non-blocking streams: wait for it here, before any launch.
  check_cuda(cudaStreamSynchronize(cudaStreamLegacy), "cudaStreamSynchronize(scratch arena)");
}

void* ScratchArena::partials(std::size_t bytes) const {
  check_room(bytes, room_, "partials");
  return memory_.get() + kPartialsAt;
}

void* ScratchArena::gather_slots(std::size_t bytes) const {
  check_room(bytes, room_, "gather slots");
  return memory_.get() + slots_at(room_);
}

unsigned int* ScratchArena::ticket() const { return reinterpret_cast<unsigned int*>(memory_.get() + kTicketAt); }

void* ScratchArena::running_sum() const { return memory_.get() + kSumAt; }

}  // namespace dotsweep
