#include "gpu/host_path_dot.hpp"

#include "gpu/baselines.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/pinned_buffer.hpp"
#include "h200_dot_table.cuh"

namespace dotsweep {

namespace {

class HostPathDot : public DotOperation {
 public:
  HostPathDot(const DeviceInfo& device, HostPath path, ElementType type, bool result_to_host = true)
      : sms_(device.sms), path_(path), type_(type), result_to_host_(result_to_host), result_back_(sizeof(double)) {
    if (type != ElementType::f32 && type != ElementType::f64)
      throw GpuError("the host paths take f32 or f64, not " + to_string(type));
  }

  void prepare(long long n) override {
    n_ = n;
    if (path_ == HostPath::resident) return;
    const std::size_t bytes = static_cast<std::size_t>(n) * static_cast<std::size_t>(element_bytes(type_));
    if (a_.size() < bytes) {
      a_ = DeviceBuffer<unsigned char>(bytes);
      b_ = DeviceBuffer<unsigned char>(bytes);
    }
  }

  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const void* a = in.a;
    const void* b = in.b;
    if (path_ != HostPath::resident) {
      const void* host_a = path_ == HostPath::pinned ? in.pinned_a : in.host_a;
      const void* host_b = path_ == HostPath::pinned ? in.pinned_b : in.host_b;
      if (!host_a || !host_b) throw GpuError("host path: the inputs carry no host copy to start from");
      const std::size_t bytes = static_cast<std::size_t>(in.n) * static_cast<std::size_t>(element_bytes(type_));
      check_cuda(cudaMemcpyAsync(a_.get(), host_a, bytes, cudaMemcpyHostToDevice, stream), "copy a to the GPU");
      check_cuda(cudaMemcpyAsync(b_.get(), host_b, bytes, cudaMemcpyHostToDevice, stream), "copy b to the GPU");
      a = a_.get();
      b = b_.get();
    }
    if (type_ == ElementType::f64)
      check_cuda(dot(static_cast<const double*>(a), static_cast<const double*>(b), in.n,
                     static_cast<double*>(in.result), workspace_, stream),
                 "dotsweep::dot");
    else
      check_cuda(dot(static_cast<const float*>(a), static_cast<const float*>(b), in.n, static_cast<float*>(in.result),
                     workspace_, stream),
                 "dotsweep::dot");
    if (!result_to_host_) return;
    check_cuda(cudaMemcpyAsync(result_back_.get(), in.result, static_cast<std::size_t>(result_bytes(type_)),
                               cudaMemcpyDeviceToHost, stream),
               "copy the result back");
  }

  long long grid_blocks() const override { return 0; }  // the table's choice
  ElementType element_type() const override { return type_; }
  // The table picks the kernel per n, so its order is not ours to see here.
  SummationShape summation_shape() const override {
    SummationShape shape = opaque_library_shape(n_, sms_);
    shape.unit_roundoff = type_ == ElementType::f64 ? 0x1p-53 : 0x1p-24;
    return shape;
  }
  bool promises_determinism() const override { return false; }  // the table's winners use atomic finishes

 private:
  int sms_;
  HostPath path_;
  ElementType type_;
  bool result_to_host_;
  long long n_ = 0;
  DeviceBuffer<unsigned char> a_, b_;  // where the copies land
  PinnedBuffer result_back_;            // where the result lands on the host, as a program's would
  DotWorkspace workspace_;
};

}  // namespace

std::unique_ptr<DotOperation> make_host_path_dot(const DeviceInfo& device, HostPath path, ElementType type) {
  return std::make_unique<HostPathDot>(device, path, type);
}

std::unique_ptr<DotOperation> make_tuned_dot(const DeviceInfo& device, ElementType type) {
  return std::make_unique<HostPathDot>(device, HostPath::resident, type, false);
}

}  // namespace dotsweep
