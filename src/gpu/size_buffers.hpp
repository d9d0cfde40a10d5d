// The device inputs of one size n, allocated once and shared by every variant
// measured at that size, plus the rotating copies hot timing reads through.
// Every buffer is padded past n with kPaddingCanary (core/input_data.hpp), so
// a kernel that reads past the end changes its result and fails the checks
// instead of reading zeros or a neighbour's data.
#pragma once

#include <cstddef>
#include <vector>

#include "gpu/device_buffer.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

class SizeBuffers {
 public:
  explicit SizeBuffers(long long n);
  // Uploads n elements of each input and writes the canary into the padding.
  void upload(const std::vector<float>& a, const std::vector<float>& b, cudaStream_t stream);
  DotInputs main() const;

  // Copies of the current inputs (padding included), rotated by hot timing so
  // every launch reads DRAM: as many slots as make a footprint of
  // min_footprint_bytes, capped at max_slots (tiny n cannot reach the
  // footprint within the cap). One slot means the main buffers alone reach it.
  std::vector<DotInputs> rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots, cudaStream_t stream);

  // Device bytes the inputs of size n take: both padded inputs, plus the
  // rotating copies rotating_slots(min_footprint_bytes, max_slots) adds
  // (min_footprint_bytes 0: no hot timing, no copies). For refusing up front
  // a size that cannot fit.
  static std::size_t device_bytes(long long n, std::size_t min_footprint_bytes, std::size_t max_slots);

 private:
  long long n_;
  std::size_t padded_;  // floats per input, n plus at least one canary vector, 256-byte aligned
  DeviceBuffer<float> a_, b_, result_;
  DeviceBuffer<float> pool_, pool_results_;
};

}  // namespace dotsweep
