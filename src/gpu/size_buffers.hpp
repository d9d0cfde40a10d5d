// The device inputs of one size n and one element type, allocated once and
// shared by every operation of that type measured at that size, plus the
// rotating copies hot timing reads through. Every buffer is padded past n
// with kPaddingCanary (core/check/input_data.hpp; 64 is exact in every type), so a
// kernel that reads past the end changes its result and fails the checks
// instead of reading zeros or a neighbour's data.
#pragma once

#include <cstddef>
#include <vector>

#include "core/check/element_array.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/dot_operation.hpp"
#include "gpu/pinned_buffer.hpp"

namespace dotsweep {

class SizeBuffers {
 public:
  // pinned_copy: also keep a page-locked host copy of the inputs (the host
  // paths' pinned row reads it).
  SizeBuffers(long long n, ElementType type, bool pinned_copy = false);
  // Uploads n elements of each input (of this buffer's type) and writes the
  // canary into the padding. Every DotInputs handed out afterwards also
  // points at a and b on the host (and at the pinned copy): they must outlive
  // those inputs' use.
  void upload(const ElementArray& a, const ElementArray& b, cudaStream_t stream);
  DotInputs main() const;
  ElementType type() const { return type_; }

  // Copies of the current inputs (padding included), rotated by hot timing so
  // every launch reads DRAM: as many slots as make a footprint of
  // min_footprint_bytes, capped at max_slots (tiny n cannot reach the
  // footprint within the cap). One slot means the main buffers alone reach it.
  std::vector<DotInputs> rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots, cudaStream_t stream);

  // Device bytes the inputs of size n and `type` take: both padded inputs,
  // plus the rotating copies rotating_slots(min_footprint_bytes, max_slots)
  // adds (min_footprint_bytes 0: no hot timing, no copies). For refusing up
  // front a size that cannot fit.
  static std::size_t device_bytes(long long n, ElementType type, std::size_t min_footprint_bytes,
                                  std::size_t max_slots);
  // The most any one type needs (f64's): a sweep holds one type's buffers at a time.
  static std::size_t device_bytes(long long n, std::size_t min_footprint_bytes, std::size_t max_slots);

 private:
  long long n_;
  ElementType type_;
  std::size_t padded_bytes_;  // per input: n elements plus >= 256 bytes of canaries, 256-byte aligned
  DeviceBuffer<unsigned char> a_, b_, result_;
  DeviceBuffer<unsigned char> pool_, pool_results_;
  PinnedBuffer pinned_a_, pinned_b_;
  const void* host_a_ = nullptr;
  const void* host_b_ = nullptr;
  // The host side of every DotInputs: pageable and pinned pointers.
  DotInputs with_host(DotInputs inputs) const;
};

}  // namespace dotsweep
