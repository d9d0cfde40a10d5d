// The CUB baseline: one device-wide reduction over the products a[i] * b[i],
// produced on the fly by a transform iterator (no products array in memory),
// for each element type: f32 and f64 multiply and sum in their own type;
// f16 and bf16 widen each element to f32 and sum in f32 (as every narrow-type
// variant does), writing the f32 result slot.
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/element_types.cuh"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

template <typename T, typename Acc>
struct ProductAt {
  const T* a;
  const T* b;
  __host__ __device__ Acc operator()(long long i) const { return static_cast<Acc>(widen(a[i])) * static_cast<Acc>(widen(b[i])); }
};

template <typename T, typename Acc>
auto products(const T* a, const T* b) {
  return thrust::make_transform_iterator(thrust::counting_iterator<long long>(0), ProductAt<T, Acc>{a, b});
}

template <typename T, typename Acc>
class CubDot : public DotOperation {
 public:
  CubDot(const DeviceInfo& device, ElementType type) : sms_(device.sms), type_(type) {}
  void prepare(long long n) override {
    n_ = n;
    std::size_t bytes = 0;
    check_cuda(cub::DeviceReduce::Reduce(nullptr, bytes, products<T, Acc>(nullptr, nullptr), static_cast<Acc*>(nullptr),
                                         n, cuda::std::plus<Acc>{}, Acc(0)),
               "cub::DeviceReduce::Reduce (temp size)");
    if (temp_.size() < bytes) temp_ = DeviceBuffer<unsigned char>(bytes);
    temp_bytes_ = bytes;
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    std::size_t bytes = temp_bytes_;
    const auto* a = static_cast<const T*>(in.a);
    const auto* b = static_cast<const T*>(in.b);
    check_cuda(cub::DeviceReduce::Reduce(temp_.get(), bytes, products<T, Acc>(a, b), static_cast<Acc*>(in.result), in.n,
                                         cuda::std::plus<Acc>{}, Acc(0), stream),
               "cub::DeviceReduce::Reduce");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside CUB
  ElementType element_type() const override { return type_; }
  SummationShape summation_shape() const override {
    SummationShape shape = opaque_library_shape(n_, sms_);
    shape.unit_roundoff = sizeof(Acc) == 8 ? 0x1p-53 : 0x1p-24;
    return shape;
  }
  // DeviceReduce is run-to-run deterministic on one device (fixed tiling, no atomics).
  bool promises_determinism() const override { return true; }

 private:
  int sms_;
  ElementType type_;
  long long n_ = 0;
  std::size_t temp_bytes_ = 0;
  DeviceBuffer<unsigned char> temp_;
};

}  // namespace

std::unique_ptr<DotOperation> make_cub_dot(const DeviceInfo& device, ElementType type) {
  return make_for_element<CubDot>(device, type, "make_cub_dot");
}

}  // namespace dotsweep
