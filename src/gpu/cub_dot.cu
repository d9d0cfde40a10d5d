// The CUB baseline: one device-wide reduction over the products a[i] * b[i],
// produced on the fly by a transform iterator (no products array in memory).
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

struct ProductAt {
  const float* a;
  const float* b;
  __host__ __device__ float operator()(long long i) const { return a[i] * b[i]; }
};

auto products(const float* a, const float* b) {
  return thrust::make_transform_iterator(thrust::counting_iterator<long long>(0), ProductAt{a, b});
}

class CubDot : public DotOperation {
 public:
  explicit CubDot(const DeviceInfo& device) : sms_(device.sms) {}
  void prepare(long long n) override {
    n_ = n;
    std::size_t bytes = 0;
    check_cuda(cub::DeviceReduce::Reduce(nullptr, bytes, products(nullptr, nullptr), static_cast<float*>(nullptr), n,
                                         cuda::std::plus<float>{}, 0.0f),
               "cub::DeviceReduce::Reduce (temp size)");
    if (temp_.size() < bytes) temp_ = DeviceBuffer<unsigned char>(bytes);
    temp_bytes_ = bytes;
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    std::size_t bytes = temp_bytes_;
    check_cuda(cub::DeviceReduce::Reduce(temp_.get(), bytes, products(in.a, in.b), in.result, in.n,
                                         cuda::std::plus<float>{}, 0.0f, stream),
               "cub::DeviceReduce::Reduce");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside CUB
  SummationShape summation_shape() const override { return opaque_library_shape(n_, sms_); }
  // DeviceReduce is run-to-run deterministic on one device (fixed tiling, no atomics).
  bool promises_determinism() const override { return true; }

 private:
  int sms_;
  long long n_ = 0;
  std::size_t temp_bytes_ = 0;
  DeviceBuffer<unsigned char> temp_;
};

}  // namespace

std::unique_ptr<DotOperation> make_cub_dot(const DeviceInfo& device) { return std::make_unique<CubDot>(device); }

}  // namespace dotsweep
