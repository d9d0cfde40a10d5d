// The thrust baseline: thrust::inner_product, what many users write first.
// It returns the dot product to the host (the call synchronizes the stream),
// so it is timed as a user runs it, by the host-synchronous timer
// (src/measure/host_sync_timer.hpp): wall time from the call to the value in
// the result slot. The value is copied back into the slot so the checks see
// it like every other row's. f16 and bf16 are widened to f32 and summed in
// f32; f32 and f64 sum in their own type.
#include <thrust/execution_policy.h>
#include <thrust/inner_product.h>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/element_types.cuh"

namespace dotsweep {

namespace {

template <typename Acc>
struct Plus {
  __host__ __device__ Acc operator()(Acc x, Acc y) const { return x + y; }
};
template <typename T, typename Acc>
struct WideProduct {
  __host__ __device__ Acc operator()(T x, T y) const { return static_cast<Acc>(widen(x)) * static_cast<Acc>(widen(y)); }
};

template <typename T, typename Acc>
class ThrustDot : public DotOperation {
 public:
  ThrustDot(const DeviceInfo& device, ElementType type) : sms_(device.sms), type_(type) {}
  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const auto* a = static_cast<const T*>(in.a);
    const auto* b = static_cast<const T*>(in.b);
    try {
      value_ = thrust::inner_product(thrust::cuda::par.on(stream), a, a + in.n, b, Acc(0), Plus<Acc>{},
                                     WideProduct<T, Acc>{});
    } catch (const std::exception& e) {  // thrust reports CUDA errors as thrust::system_error
      throw GpuError(std::string("thrust::inner_product: ") + e.what());
    }
    check_cuda(cudaMemcpyAsync(in.result, &value_, sizeof value_, cudaMemcpyHostToDevice, stream),
               "copy thrust result to the result slot");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside thrust (CUB underneath)
  ElementType element_type() const override { return type_; }
  SummationShape summation_shape() const override {
    SummationShape shape = opaque_library_shape(n_, sms_);
    shape.unit_roundoff = sizeof(Acc) == 8 ? 0x1p-53 : 0x1p-24;
    return shape;
  }
  bool promises_determinism() const override { return true; }  // a fixed reduction tree, no atomics

 private:
  int sms_;
  ElementType type_;
  long long n_ = 0;
  Acc value_ = 0;  // the host copy the user gets; the slot copy reads it
};

}  // namespace

std::unique_ptr<DotOperation> make_thrust_dot(const DeviceInfo& device, ElementType type) {
  return make_for_element<ThrustDot>(device, type, "make_thrust_dot");
}

}  // namespace dotsweep
