// The seed article's kernel, kept as a baseline: block 256, a shared-memory
// tree, one partial per block. As written the host reads block 0's partial
// only (wrong beyond one block, and the checks must say so); completed, a
// second one-block pass sums the partials. f32 only, as the article wrote it.
#include <algorithm>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

__global__ void seed_dot(const float* a, const float* b, long long n, float* partials) {
  __shared__ float cache[kSeedBlock];
  long long tid = threadIdx.x + (long long)blockIdx.x * blockDim.x;
  float temp = 0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += (long long)blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int i = blockDim.x / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = cache[0];
}

__global__ void seed_finish(const float* partials, long long count, float* result) {
  __shared__ float cache[kSeedBlock];
  float temp = 0;
  for (long long i = threadIdx.x; i < count; i += kSeedBlock) temp += partials[i];
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int i = kSeedBlock / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = cache[0];
}

class SeedDot : public DotOperation {
 public:
  explicit SeedDot(bool completed) : completed_(completed) {}
  void prepare(long long n) override {
    n_ = n;
    blocks_ = std::max(1LL, (n + kSeedBlock - 1) / kSeedBlock);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    seed_dot<<<static_cast<unsigned>(blocks_), kSeedBlock, 0, stream>>>(
        static_cast<const float*>(in.a), static_cast<const float*>(in.b), in.n, partials_.get());
    check_cuda(cudaGetLastError(), "launch seed_dot");
    if (completed_) {
      seed_finish<<<1, kSeedBlock, 0, stream>>>(partials_.get(), blocks_, static_cast<float*>(in.result));
      check_cuda(cudaGetLastError(), "launch seed_finish");
    } else {  // as written: the host reads c[0], block 0's partial
      check_cuda(cudaMemcpyAsync(in.result, partials_.get(), sizeof(float), cudaMemcpyDeviceToDevice, stream),
                 "cudaMemcpyAsync(seed partial 0)");
    }
  }
  long long grid_blocks() const override { return blocks_; }
  ElementType element_type() const override { return ElementType::f32; }  // the article's kernel is float only
  SummationShape summation_shape() const override {
    SummationShape shape;
    shape.per_thread_terms = 1;
    shape.block = kSeedBlock;
    shape.partials = blocks_;
    shape.finish_is_sequential = false;
    shape.finish_block = kSeedBlock;
    return shape;
  }
  bool promises_determinism() const override { return true; }  // fixed order: no atomics

 private:
  bool completed_;
  long long n_ = 0, blocks_ = 0;
  DeviceBuffer<float> partials_;
};

}  // namespace

std::unique_ptr<DotOperation> make_seed_dot(bool completed) { return std::make_unique<SeedDot>(completed); }

}  // namespace dotsweep
