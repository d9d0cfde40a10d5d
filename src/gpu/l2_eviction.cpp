#include "gpu/l2_eviction.hpp"

#include "gpu/cuda_error.hpp"
#include "gpu/harness_kernels.hpp"

namespace dotsweep {

L2Eviction::L2Eviction(std::size_t l2_bytes, cudaStream_t stream)
    : buffer_((2 * l2_bytes + (1 << 20)) / 16 * 16), sink_(1) {
  check_cuda(cudaMemsetAsync(buffer_.get(), 1, buffer_.bytes(), stream), "cudaMemsetAsync(L2 eviction buffer)");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

void L2Eviction::evict(cudaStream_t stream) const {
  launch_read_through(buffer_.get(), buffer_.bytes(), sink_.get(), stream);
}

}  // namespace dotsweep
