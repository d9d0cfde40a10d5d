#include "gpu/result_probe.hpp"

#include <limits>

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

double run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream) {
  poison(inputs.result, inputs.type, stream);
  operation.enqueue(inputs, stream);
  return read_result(inputs.result, inputs.type, stream);
}

}  // namespace dotsweep
