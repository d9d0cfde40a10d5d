#include "gpu/baselines.hpp"

#include <cublas_v2.h>

#include <algorithm>
#include <stdexcept>

#include "gpu/cublas_error.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

class CublasDot : public DotOperation {
 public:
  CublasDot(const DeviceInfo& device, ElementType type) : sms_(device.sms), type_(type) {
    if (type != ElementType::f32 && type != ElementType::f64)
      throw GpuError("cublasSdot/cublasDdot take f32 or f64; " + to_string(type) + " goes to cublasDotEx");
    check_cublas(cublasCreate(&handle_), "cublasCreate");
    check_cublas(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  }
  ~CublasDot() override { cublasDestroy(handle_); }
  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    check_cublas(cublasSetStream(handle_, stream), "cublasSetStream");
    if (type_ == ElementType::f64)
      check_cublas(cublasDdot_64(handle_, in.n, static_cast<const double*>(in.a), 1, static_cast<const double*>(in.b),
                                 1, static_cast<double*>(in.result)),
                   "cublasDdot_64");
    else
      check_cublas(cublasSdot_64(handle_, in.n, static_cast<const float*>(in.a), 1, static_cast<const float*>(in.b),
                                 1, static_cast<float*>(in.result)),
                   "cublasSdot_64");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside cuBLAS
  ElementType element_type() const override { return type_; }
  SummationShape summation_shape() const override {
    SummationShape shape = opaque_library_shape(n_, sms_);
    shape.unit_roundoff = type_ == ElementType::f64 ? 0x1p-53 : 0x1p-24;
    return shape;
  }
  // cuBLAS is deterministic run to run unless atomics are allowed (they are not by default).
  bool promises_determinism() const override { return true; }

 private:
  cublasHandle_t handle_ = nullptr;
  int sms_;
  ElementType type_;
  long long n_ = 0;
};

}  // namespace

SummationShape opaque_library_shape(long long n, int sms) {
  SummationShape shape;
  const long long threads = 32LL * std::max(1, sms);
  shape.per_thread_terms = std::max(1LL, (n + threads - 1) / threads);
  shape.block = 1024;
  shape.partials = threads;
  shape.finish_is_sequential = false;
  shape.finish_block = 32;
  return shape;
}

std::unique_ptr<DotOperation> make_cublas_dot(const DeviceInfo& device, ElementType type) {
  if (type == ElementType::f16 || type == ElementType::bf16) return make_cublas_dot_ex(device, type);
  return std::make_unique<CublasDot>(device, type);
}

std::vector<Baseline> make_baselines(const DeviceInfo& device, const std::vector<ElementType>& types) {
  // Rows are keyed by (variant, type, n, mode): one name per library across types.
  std::vector<Baseline> baselines;
  for (const BaselineEntry& entry : baseline_table(types)) {
    Baseline baseline{entry.name, entry.type, nullptr, "", entry.host_synchronous};
    try {
      if (entry.name == "cublas") baseline.operation = make_cublas_dot(device, entry.type);
      else if (entry.name == "cub") baseline.operation = make_cub_dot(device, entry.type);
      else if (entry.name == "thrust") baseline.operation = make_thrust_dot(device, entry.type);
      else if (entry.name == kFloorName) baseline.operation = make_floor_operation(entry.type);
      else if (entry.name == "seed-as-written") baseline.operation = make_seed_dot(false);
      else if (entry.name == "seed-two-pass") baseline.operation = make_seed_dot(true);
      else throw std::logic_error("baseline_table names '" + entry.name + "', which make_baselines cannot build");
    } catch (const GpuError& e) {
      baseline.failure = e.what();
    }
    baselines.push_back(std::move(baseline));
  }
  return baselines;
}

}  // namespace dotsweep
