#include "gpu/result_probe.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {
void poison(void* slot, ElementType type, cudaStream_t stream) {
  const float poison_float = std::numeric_limits<float>::quiet_NaN();
  const double poison_double = std::numeric_limits<double>::quiet_NaN();
  const void* poison = result_bytes(type) == 8 ? static_cast<const void*>(&poison_double) : &poison_float;
  check_cuda(cudaMemcpyAsync(slot, poison, static_cast<std::size_t>(result_bytes(type)), cudaMemcpyHostToDevice, stream),
             "poison result");
  // The copy reads host stack memory asynchronously: finish it before the poison goes out of scope.
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(poison)");
}
}  // namespace

double read_result(const void* slot, ElementType type, cudaStream_t stream) {
  float as_float = 0;
  double as_double = 0;
  void* host = result_bytes(type) == 8 ? static_cast<void*>(&as_double) : &as_float;
  check_cuda(cudaMemcpyAsync(host, slot, static_cast<std::size_t>(result_bytes(type)), cudaMemcpyDeviceToHost, stream),
             "read result");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(read result)");
  return result_bytes(type) == 8 ? as_double : static_cast<double>(as_float);
}

LaunchResultReader::LaunchResultReader(std::vector<const void*> slots, ElementType type)
    : type_(type) {
  // Operations that compute nothing (the launch floor, the read ceiling,
  // timing probes) have no result slot: there is nothing to read.
  for (const void* slot : slots)
    if (slot) slots_.push_back(slot);
  const auto width = static_cast<std::size_t>(result_bytes(type_));
  if (slots_.size() > 1) {
    const auto* first = static_cast<const unsigned char*>(slots_[0]);
    const auto* second = static_cast<const unsigned char*>(slots_[1]);
    const std::size_t pitch = second > first ? static_cast<std::size_t>(second - first) : 0;
    bool even = pitch >= width;
    for (std::size_t i = 2; even && i < slots_.size(); ++i)
      even = static_cast<const unsigned char*>(slots_[i]) == first + i * pitch;
    pitch_ = even ? pitch : 0;
  } else {
    pitch_ = width;
  }
  void* host = nullptr;
  check_cuda(cudaHostAlloc(&host, std::max<std::size_t>(1, slots_.size()) * width, cudaHostAllocDefault),
             "cudaHostAlloc(launch results)");
  host_ = static_cast<unsigned char*>(host);
}

LaunchResultReader::~LaunchResultReader() { cudaFreeHost(host_); }

std::vector<double> LaunchResultReader::read(cudaStream_t stream) {
  const auto width = static_cast<std::size_t>(result_bytes(type_));
  if (slots_.empty()) return {};
  if (pitch_ != 0) {
    check_cuda(cudaMemcpy2DAsync(host_, width, slots_[0], pitch_, width, slots_.size(), cudaMemcpyDeviceToHost, stream),
               "read launch results");
  } else {
    for (std::size_t i = 0; i < slots_.size(); ++i)
      check_cuda(cudaMemcpyAsync(host_ + i * width, slots_[i], width, cudaMemcpyDeviceToHost, stream),
                 "read launch result");
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(launch results)");
  std::vector<double> values(slots_.size());
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (width == 8) {
      double v;
      std::memcpy(&v, host_ + i * width, sizeof v);
      values[i] = v;
    } else {
      float v;
      std::memcpy(&v, host_ + i * width, sizeof v);
      values[i] = v;
    }
  }
  return values;
}

double run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream) {
  poison(inputs.result, inputs.type, stream);
  operation.enqueue(inputs, stream);
  return read_result(inputs.result, inputs.type, stream);
}

}  // namespace dotsweep
