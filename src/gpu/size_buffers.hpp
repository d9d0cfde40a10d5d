// The device inputs of one size n, allocated once and shared by every variant
// measured at that size, plus the rotating copies hot timing reads through.
#pragma once

#include <cstddef>
#include <vector>

#include "gpu/device_buffer.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep {

class SizeBuffers {
 public:
  explicit SizeBuffers(long long n);
  void upload(const std::vector<float>& a, const std::vector<float>& b, cudaStream_t stream);
  DotInputs main() const;

  // Copies of the current inputs, rotated by hot timing so every launch reads
  // DRAM: as many slots as make a footprint of min_footprint_bytes, capped at
  // max_slots (tiny n cannot reach the footprint within the cap). One slot
  // means the footprint is reached by the main buffers alone.
  std::vector<DotInputs> rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots, cudaStream_t stream);

 private:
  long long n_;
  DeviceBuffer<float> a_, b_, result_;
  DeviceBuffer<float> pool_, pool_results_;
};

}  // namespace dotsweep
