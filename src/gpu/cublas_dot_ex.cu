// The cuBLAS baseline for f16 and bf16: cublasDotEx_64 with f32 execution.
// cuBLAS documents its DotEx combinations with the result in the input type
// (f16 -> f16, bf16 -> bf16); a result of CUDA_R_32F is tried first (it would
// write the slot directly), and where cuBLAS refuses it (NOT_SUPPORTED or
// INVALID_VALUE, seen on the first, untimed enqueue) the result goes to a 2-byte scratch slot and
// one widening kernel copies it into the f32 slot: that launch is part of the
// timed work (docs/measuring.md), and the check judges the result as rounded
// to the narrow type (SummationShape::rounded_output).
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "gpu/baselines.hpp"
#include "gpu/cublas_error.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep {

namespace {

__global__ void widen_half(const __half* in, float* out) { *out = __half2float(*in); }
__global__ void widen_bfloat(const __nv_bfloat16* in, float* out) { *out = __bfloat162float(*in); }

class CublasDotEx : public DotOperation {
 public:
  CublasDotEx(const DeviceInfo& device, ElementType type)
      : sms_(device.sms), type_(type), data_type_(type == ElementType::f16 ? CUDA_R_16F : CUDA_R_16BF), narrow_(1) {
    if (type != ElementType::f16 && type != ElementType::bf16)
      throw GpuError("cublasDotEx baseline: only f16 and bf16");
    check_cublas(cublasCreate(&handle_), "cublasCreate");
    check_cublas(cublasSetPointerMode(handle_, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  }
  ~CublasDotEx() override { cublasDestroy(handle_); }
  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    check_cublas(cublasSetStream(handle_, stream), "cublasSetStream");
    if (!narrow_result_) {
      const cublasStatus_t status = cublasDotEx_64(handle_, in.n, in.a, data_type_, 1, in.b, data_type_, 1, in.result,
                                                   CUDA_R_32F, CUDA_R_32F);
      // A refused combination reads NOT_SUPPORTED (or INVALID_VALUE in some versions);
      // anything else is a real answer or a real error.
      if (status != CUBLAS_STATUS_NOT_SUPPORTED && status != CUBLAS_STATUS_INVALID_VALUE)
        return check_cublas(status, "cublasDotEx_64 (f32 result)");
      narrow_result_ = true;  // from now on, the documented combination
    }
    check_cublas(cublasDotEx_64(handle_, in.n, in.a, data_type_, 1, in.b, data_type_, 1, narrow_.get(), data_type_,
                                CUDA_R_32F),
                 "cublasDotEx_64");
    auto* out = static_cast<float*>(in.result);
    if (type_ == ElementType::f16)
      widen_half<<<1, 1, 0, stream>>>(reinterpret_cast<const __half*>(narrow_.get()), out);
    else
      widen_bfloat<<<1, 1, 0, stream>>>(reinterpret_cast<const __nv_bfloat16*>(narrow_.get()), out);
    check_cuda(cudaGetLastError(), "launch widen result");
  }
  long long grid_blocks() const override { return 0; }  // chosen inside cuBLAS
  ElementType element_type() const override { return type_; }
  SummationShape summation_shape() const override {
    SummationShape shape = opaque_library_shape(n_, sms_);  // f32 execution: u = 2^-24
    if (narrow_result_) shape.rounded_output = type_;
    return shape;
  }
  bool promises_determinism() const override { return true; }

 private:
  cublasHandle_t handle_ = nullptr;
  int sms_;
  ElementType type_;
  cudaDataType data_type_;
  bool narrow_result_ = false;
  DeviceBuffer<unsigned short> narrow_;
  long long n_ = 0;
};

}  // namespace

std::unique_ptr<DotOperation> make_cublas_dot_ex(const DeviceInfo& device, ElementType type) {
  return std::make_unique<CublasDotEx>(device, type);
}

}  // namespace dotsweep
