#include "gpu/size_buffers.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "core/check/input_data.hpp"

namespace dotsweep {

namespace {
// 256 bytes: slots stay aligned for every vector load (as cudaMalloc's
// allocations are), and at least 256 bytes of canaries follow element n-1
// (64 floats, 32 doubles, 128 halves): more than any vector or unrolled tile
// reads past it in one step.
constexpr std::size_t kAlignBytes = 256;
std::size_t padded_bytes(long long n, ElementType type) {
  const std::size_t data = static_cast<std::size_t>(n) * static_cast<std::size_t>(element_bytes(type));
  return (data + 2 * kAlignBytes - 1) / kAlignBytes * kAlignBytes;
}
// One result slot per rotating copy, each 256-byte aligned like cudaMalloc's.
constexpr std::size_t kResultStride = 256;
}  // namespace

SizeBuffers::SizeBuffers(long long n, ElementType type, bool pinned_copy)
    : n_(n), type_(type), padded_bytes_(padded_bytes(n, type)), a_(padded_bytes_), b_(padded_bytes_),
      result_(static_cast<std::size_t>(result_bytes(type))) {
  if (pinned_copy) {
    const std::size_t data_bytes = static_cast<std::size_t>(n) * static_cast<std::size_t>(element_bytes(type));
    pinned_a_ = PinnedBuffer(data_bytes);
    pinned_b_ = PinnedBuffer(data_bytes);
  }
}

void SizeBuffers::upload(const ElementArray& a, const ElementArray& b, cudaStream_t stream) {
  if (a.type() != type_ || b.type() != type_ || a.size() < static_cast<std::size_t>(n_) ||
      b.size() < static_cast<std::size_t>(n_))
    throw GpuError("SizeBuffers::upload: inputs of the wrong type or size");
  const std::size_t data_bytes = static_cast<std::size_t>(n_) * static_cast<std::size_t>(element_bytes(type_));
  const std::size_t width = static_cast<std::size_t>(element_bytes(type_));
  const std::vector<unsigned char> canaries =
      repeated_element_bytes(type_, kPaddingCanary, (padded_bytes_ - data_bytes) / width);
  for (auto [device, host, name] : {std::tuple{a_.get(), &a, "upload a"}, std::tuple{b_.get(), &b, "upload b"}}) {
    check_cuda(cudaMemcpyAsync(device, host->data(), data_bytes, cudaMemcpyHostToDevice, stream), name);
    check_cuda(cudaMemcpyAsync(device + data_bytes, canaries.data(), canaries.size(), cudaMemcpyHostToDevice, stream),
               "upload padding canary");
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(upload)");
  host_a_ = a.data();
  host_b_ = b.data();
  if (pinned_a_.bytes() > 0) {
    std::memcpy(pinned_a_.get(), a.data(), data_bytes);
    std::memcpy(pinned_b_.get(), b.data(), data_bytes);
  }
}

DotInputs SizeBuffers::with_host(DotInputs inputs) const {
  inputs.host_a = host_a_;
  inputs.host_b = host_b_;
  if (pinned_a_.bytes() > 0) {
    inputs.pinned_a = pinned_a_.get();
    inputs.pinned_b = pinned_b_.get();
  }
  return inputs;
}

DotInputs SizeBuffers::main() const { return with_host({a_.get(), b_.get(), n_, type_, result_.get()}); }

namespace {
std::size_t slot_count(std::size_t slot_bytes, std::size_t min_footprint_bytes, std::size_t max_slots) {
  const std::size_t wanted = std::max<std::size_t>(1, (min_footprint_bytes + slot_bytes - 1) / slot_bytes);
  return std::min(wanted, std::max<std::size_t>(1, max_slots));
}
}  // namespace

std::size_t SizeBuffers::device_bytes(long long n, ElementType type, std::size_t min_footprint_bytes,
                                      std::size_t max_slots) {
  const std::size_t slot_bytes = 2 * padded_bytes(n, type);
  const std::size_t slots = slot_count(slot_bytes, min_footprint_bytes, max_slots);
  return slot_bytes + (slots == 1 ? 0 : slots * (slot_bytes + kResultStride));
}

std::size_t SizeBuffers::device_bytes(long long n, std::size_t min_footprint_bytes, std::size_t max_slots) {
  std::size_t most = 0;
  for (const ElementType type : all_element_types())
    most = std::max(most, device_bytes(n, type, min_footprint_bytes, max_slots));
  return most;
}

std::vector<DotInputs> SizeBuffers::rotating_slots(std::size_t min_footprint_bytes, std::size_t max_slots,
                                                   cudaStream_t stream) {
  const std::size_t slot_bytes = 2 * padded_bytes_;
  const std::size_t slots = slot_count(slot_bytes, min_footprint_bytes, max_slots);
  if (slots == 1) return {main()};

  if (pool_.size() < slots * slot_bytes) pool_ = DeviceBuffer<unsigned char>(slots * slot_bytes);
  if (pool_results_.size() < slots * kResultStride) pool_results_ = DeviceBuffer<unsigned char>(slots * kResultStride);
  std::vector<DotInputs> result;
  for (std::size_t s = 0; s < slots; ++s) {
    unsigned char* a = pool_.get() + s * slot_bytes;
    unsigned char* b = a + padded_bytes_;
    check_cuda(cudaMemcpyAsync(a, a_.get(), padded_bytes_, cudaMemcpyDeviceToDevice, stream), "copy slot a");
    check_cuda(cudaMemcpyAsync(b, b_.get(), padded_bytes_, cudaMemcpyDeviceToDevice, stream), "copy slot b");
    result.push_back(with_host({a, b, n_, type_, pool_results_.get() + s * kResultStride}));
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(slots)");
  return result;
}

}  // namespace dotsweep
