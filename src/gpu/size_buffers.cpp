#include "gpu/size_buffers.hpp"

#include <algorithm>

namespace dotsweep {

namespace {
// 256-byte slot alignment keeps every slot's vector loads aligned, as cudaMalloc's are.
constexpr std::size_t kAlignFloats = 64;
std::size_t aligned_floats(long long n) { return (static_cast<std::size_t>(n) + kAlignFloats - 1) / kAlignFloats * kAlignFloats; }
}  // namespace

SizeBuffers::SizeBuffers(long long n) : n_(n), a_(aligned_floats(n)), b_(aligned_floats(n)), result_(1) {}

void SizeBuffers::upload(const std::vector<float>& a, const std::vector<float>& b, cudaStream_t stream) {
  check_cuda(cudaMemcpyAsync(a_.get(), a.data(), n_ * sizeof(float), cudaMemcpyHostToDevice, stream), "upload a");
  check_cuda(cudaMemcpyAsync(b_.get(), b.data(), n_ * sizeof(float), cudaMemcpyHostToDevice, stream), "upload b");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(upload)");
}

DotInputs SizeBuffers::main() const { return {a_.get(), b_.get(), n_, result_.get()}; }

std::vector<DotInputs> SizeBuffers::rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots,
                                                   cudaStream_t stream) {
  const std::size_t slot_floats = 2 * aligned_floats(n_);
  const std::size_t slot_bytes = slot_floats * sizeof(float);
  const std::size_t wanted = std::max<std::size_t>(1, (min_footprint_bytes + slot_bytes - 1) / slot_bytes);
  const std::size_t slots = std::min(wanted, std::max<std::size_t>(1, max_slots));
  if (slots == 1) return {main()};

  if (pool_.size() < slots * slot_floats) pool_ = DeviceBuffer<float>(slots * slot_floats);
  if (pool_results_.size() < slots) pool_results_ = DeviceBuffer<float>(slots);
  std::vector<DotInputs> result;
  for (std::size_t s = 0; s < slots; ++s) {
    float* a = pool_.get() + s * slot_floats;
    float* b = a + aligned_floats(n_);
    check_cuda(cudaMemcpyAsync(a, a_.get(), n_ * sizeof(float), cudaMemcpyDeviceToDevice, stream), "copy slot a");
    check_cuda(cudaMemcpyAsync(b, b_.get(), n_ * sizeof(float), cudaMemcpyDeviceToDevice, stream), "copy slot b");
    result.push_back({a, b, n_, pool_results_.get() + s});
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(slots)");
  return result;
}

}  // namespace dotsweep
