#include "gpu/size_buffers.hpp"

#include <algorithm>
#include <tuple>

#include "core/input_data.hpp"

namespace dotsweep {

namespace {
// 64 floats = 256 bytes: slots stay aligned for every vector load (as
// cudaMalloc's allocations are), and at least 64 canaries follow element n-1,
// more than any vector or unrolled tile reads past it in one step.
constexpr std::size_t kAlignFloats = 64;
std::size_t padded_floats(long long n) {
  return (static_cast<std::size_t>(n) + 2 * kAlignFloats - 1) / kAlignFloats * kAlignFloats;
}
}  // namespace

SizeBuffers::SizeBuffers(long long n)
    : n_(n), padded_(padded_floats(n)), a_(padded_), b_(padded_), result_(1) {}

void SizeBuffers::upload(const std::vector<float>& a, const std::vector<float>& b, cudaStream_t stream) {
  const std::vector<float> canaries(padded_ - static_cast<std::size_t>(n_), kPaddingCanary);
  for (auto [device, host, name] : {std::tuple{a_.get(), &a, "upload a"}, std::tuple{b_.get(), &b, "upload b"}}) {
    check_cuda(cudaMemcpyAsync(device, host->data(), n_ * sizeof(float), cudaMemcpyHostToDevice, stream), name);
    check_cuda(cudaMemcpyAsync(device + n_, canaries.data(), canaries.size() * sizeof(float), cudaMemcpyHostToDevice,
                               stream),
               "upload padding canary");
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(upload)");
}

DotInputs SizeBuffers::main() const { return {a_.get(), b_.get(), n_, result_.get()}; }

namespace {
std::size_t slot_count(std::size_t slot_bytes, std::size_t min_footprint_bytes, std::size_t max_slots) {
  const std::size_t wanted = std::max<std::size_t>(1, (min_footprint_bytes + slot_bytes - 1) / slot_bytes);
  return std::min(wanted, std::max<std::size_t>(1, max_slots));
}
}  // namespace

std::size_t SizeBuffers::device_bytes(long long n, std::size_t min_footprint_bytes, std::size_t max_slots) {
  const std::size_t slot_bytes = 2 * padded_floats(n) * sizeof(float);
  const std::size_t slots = slot_count(slot_bytes, min_footprint_bytes, max_slots);
  return slot_bytes + (slots == 1 ? 0 : slots * (slot_bytes + sizeof(float)));
}

std::vector<DotInputs> SizeBuffers::rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots,
                                                   cudaStream_t stream) {
  const std::size_t slot_floats = 2 * padded_;
  const std::size_t slot_bytes = slot_floats * sizeof(float);
  const std::size_t slots = slot_count(slot_bytes, min_footprint_bytes, max_slots);
  if (slots == 1) return {main()};

  if (pool_.size() < slots * slot_floats) pool_ = DeviceBuffer<float>(slots * slot_floats);
  if (pool_results_.size() < slots) pool_results_ = DeviceBuffer<float>(slots);
  std::vector<DotInputs> result;
  for (std::size_t s = 0; s < slots; ++s) {
    float* a = pool_.get() + s * slot_floats;
    float* b = a + padded_;
    check_cuda(cudaMemcpyAsync(a, a_.get(), padded_ * sizeof(float), cudaMemcpyDeviceToDevice, stream), "copy slot a");
    check_cuda(cudaMemcpyAsync(b, b_.get(), padded_ * sizeof(float), cudaMemcpyDeviceToDevice, stream), "copy slot b");
    result.push_back({a, b, n_, pool_results_.get() + s});
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(slots)");
  return result;
}

}  // namespace dotsweep
