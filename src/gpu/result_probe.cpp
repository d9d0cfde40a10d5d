#include "gpu/result_probe.hpp"

#include <limits>

#include "gpu/cuda_error.hpp"

namespace dotsweep {

float run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream) {
  const float poison = std::numeric_limits<float>::quiet_NaN();
  check_cuda(cudaMemcpyAsync(inputs.result, &poison, sizeof poison, cudaMemcpyHostToDevice, stream), "poison result");
  operation.enqueue(inputs, stream);
  float result = 0;
  check_cuda(cudaMemcpyAsync(&result, inputs.result, sizeof result, cudaMemcpyDeviceToHost, stream), "read result");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(after check run)");
  return result;
}

}  // namespace dotsweep
