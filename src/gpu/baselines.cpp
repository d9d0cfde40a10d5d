#include "gpu/baselines.hpp"

#include <cublas_v2.h>

#include <algorithm>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/harness_kernels.hpp"

namespace dotsweep {

namespace {

void check_cublas(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw GpuError(std::string(what) + ": " + cublasGetStatusName(status));
}

class CublasDot : public DotOperation {
 public:
  explicit CublasDot(const DeviceInfo& device) : sms_(device.sms) {
    check_cublas(cublasCreate(&handle_), "cublasCreate");
    check_cublas(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  }
  ~CublasDot() override { cublasDestroy(handle_); }
  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    check_cublas(cublasSetStream(handle_, stream), "cublasSetStream");
    check_cublas(cublasSdot_64(handle_, in.n, in.a, 1, in.b, 1, in.result), "cublasSdot_64");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside cuBLAS
  SummationShape summation_shape() const override { return opaque_library_shape(n_, sms_); }
  // cuBLAS is deterministic run to run unless atomics are allowed (they are not by default).
  bool promises_determinism() const override { return true; }

 private:
  cublasHandle_t handle_ = nullptr;
  int sms_;
  long long n_ = 0;
};

class SeedDot : public DotOperation {
 public:
  explicit SeedDot(bool completed) : completed_(completed) {}
  void prepare(long long n) override {
    n_ = n;
    blocks_ = std::max(1LL, (n + kSeedBlock - 1) / kSeedBlock);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    launch_seed_dot(in.a, in.b, in.n, partials_.get(), static_cast<unsigned>(blocks_), stream);
    if (completed_) {
      launch_seed_finish(partials_.get(), blocks_, in.result, stream);
    } else {  // as written: the host reads c[0], block 0's partial
      check_cuda(cudaMemcpyAsync(in.result, partials_.get(), sizeof(float), cudaMemcpyDeviceToDevice, stream),
                 "cudaMemcpyAsync(seed partial 0)");
    }
  }
  long long grid_blocks() const override { return blocks_; }
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

std::unique_ptr<DotOperation> make_cublas_dot(const DeviceInfo& device) { return std::make_unique<CublasDot>(device); }
std::unique_ptr<DotOperation> make_seed_dot(bool completed) { return std::make_unique<SeedDot>(completed); }

std::vector<Baseline> make_baselines(const DeviceInfo& device) {
  std::vector<Baseline> baselines;
  baselines.push_back({"cublas", make_cublas_dot(device)});
  baselines.push_back({"cub", make_cub_dot(device)});
  baselines.push_back({"seed-as-written", make_seed_dot(false)});
  baselines.push_back({"seed-two-pass", make_seed_dot(true)});
  return baselines;
}

}  // namespace dotsweep
