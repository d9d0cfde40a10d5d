#include "gpu/sm_partition.hpp"

#include <cuda.h>

#include <string>

#include "core/input_error.hpp"
#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {

// Green contexts came with drivers for CUDA 12.4, their streams with 12.5.
constexpr int kGreenContextDriver = 12050;

using GetErrorNameFn = CUresult (*)(CUresult, const char**);
using CtxGetDeviceFn = CUresult (*)(CUdevice*);
using DeviceGetDevResourceFn = CUresult (*)(CUdevice, CUdevResource*, CUdevResourceType);
using DevSmResourceSplitByCountFn = CUresult (*)(CUdevResource*, unsigned*, const CUdevResource*, CUdevResource*,
                                                 unsigned, unsigned);
using DevResourceGenerateDescFn = CUresult (*)(CUdevResourceDesc*, CUdevResource*, unsigned);
using GreenCtxCreateFn = CUresult (*)(CUgreenCtx*, CUdevResourceDesc, CUdevice, unsigned);
using GreenCtxDestroyFn = CUresult (*)(CUgreenCtx);
using GreenCtxStreamCreateFn = CUresult (*)(CUstream*, CUgreenCtx, unsigned, int);
using StreamDestroyFn = CUresult (*)(CUstream);

// A driver function through the runtime's entry point, so the binary still
// starts (and says why it cannot run) on a machine without libcuda; null
// when the driver lacks it. The version asked for is the one whose
// signatures the aliases above declare (cudaTypedefs.h: green contexts as of
// 12.4/12.5), not the headers' CUDA_VERSION: from 13.0 cuCtxGetDevice takes a
// context as well, and the 13.0 entry point called with one argument crashed.
constexpr int kDriverApiVersion = 12050;
template <class Fn>
Fn driver_function(const char* name) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &fn, kDriverApiVersion, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess)
    return nullptr;
  return reinterpret_cast<Fn>(fn);
}

}  // namespace

struct SmPartition::Driver {
  GetErrorNameFn get_error_name = driver_function<GetErrorNameFn>("cuGetErrorName");
  CtxGetDeviceFn ctx_get_device = driver_function<CtxGetDeviceFn>("cuCtxGetDevice");
  DeviceGetDevResourceFn device_get_dev_resource = driver_function<DeviceGetDevResourceFn>("cuDeviceGetDevResource");
  DevSmResourceSplitByCountFn split_by_count =
      driver_function<DevSmResourceSplitByCountFn>("cuDevSmResourceSplitByCount");
  DevResourceGenerateDescFn generate_desc = driver_function<DevResourceGenerateDescFn>("cuDevResourceGenerateDesc");
  GreenCtxCreateFn green_ctx_create = driver_function<GreenCtxCreateFn>("cuGreenCtxCreate");
  GreenCtxDestroyFn green_ctx_destroy = driver_function<GreenCtxDestroyFn>("cuGreenCtxDestroy");
  GreenCtxStreamCreateFn green_ctx_stream_create = driver_function<GreenCtxStreamCreateFn>("cuGreenCtxStreamCreate");
  StreamDestroyFn stream_destroy = driver_function<StreamDestroyFn>("cuStreamDestroy");

  bool complete() const {
    return get_error_name && ctx_get_device && device_get_dev_resource && split_by_count && generate_desc &&
           green_ctx_create && green_ctx_destroy && green_ctx_stream_create && stream_destroy;
  }
  std::string error(const char* call, CUresult rc) const {
    const char* name = nullptr;
    if (get_error_name(rc, &name) != CUDA_SUCCESS || !name) name = "an unknown driver error";
    return std::string(call) + ": " + name;
  }
};

std::unique_ptr<SmPartition> SmPartition::create(DeviceInfo& device, int requested) {
  const std::string where = "--sms " + std::to_string(requested);
  if (const std::string problem = sms_request_problem(requested, device.gpu_sms, device.name); !problem.empty())
    throw InputError(problem);
  std::unique_ptr<SmPartition> partition(new SmPartition());
  partition->driver_ = std::make_unique<Driver>();
  const Driver& d = *partition->driver_;
  if (!d.complete())
    throw NoDeviceError(where + ": the NVIDIA driver (CUDA " + version_string(device.driver_version) +
                        ") has no green contexts, which partition the SMs; they need a driver for CUDA " +
                        version_string(kGreenContextDriver) + " or newer");
  const std::string cannot = where + ": device " + std::to_string(device.index) + " (" + device.name +
                             ") cannot be partitioned: ";
  // The primary context first (the green context retains it; memory lives there).
  check_cuda(cudaFree(nullptr), "cudaFree(nullptr)");
  CUdevice dev = 0;
  if (const CUresult rc = d.ctx_get_device(&dev); rc != CUDA_SUCCESS)
    throw NoDeviceError(cannot + d.error("cuCtxGetDevice", rc));
  CUdevResource whole{};
  if (const CUresult rc = d.device_get_dev_resource(dev, &whole, CU_DEV_RESOURCE_TYPE_SM); rc != CUDA_SUCCESS)
    throw NoDeviceError(cannot + d.error("cuDeviceGetDevResource", rc));
  CUdevResource part{}, rest{};
  unsigned groups = 1;
  const CUresult split = d.split_by_count(&part, &groups, &whole, &rest, 0, static_cast<unsigned>(requested));
  // A group smaller than asked is refused too: the report would name fewer SMs than the user asked for.
  if (split == CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION ||
      (split == CUDA_SUCCESS && (groups == 0 || part.sm.smCount < static_cast<unsigned>(requested))))
    throw InputError(unmakeable_partition_message(requested, static_cast<int>(whole.sm.smCount),
                                                  static_cast<int>(whole.sm.minSmPartitionSize),
                                                  static_cast<int>(whole.sm.smCoscheduledAlignment), device.name));
  if (split != CUDA_SUCCESS) throw NoDeviceError(cannot + d.error("cuDevSmResourceSplitByCount", split));
  CUdevResourceDesc desc = nullptr;
  if (const CUresult rc = d.generate_desc(&desc, &part, 1); rc != CUDA_SUCCESS)
    throw NoDeviceError(cannot + d.error("cuDevResourceGenerateDesc", rc));
  CUgreenCtx green = nullptr;
  if (const CUresult rc = d.green_ctx_create(&green, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM); rc != CUDA_SUCCESS)
    throw NoDeviceError(cannot + d.error("cuGreenCtxCreate", rc));
  partition->green_context_ = green;  // destroyed by ~SmPartition from here on
  CUstream stream = nullptr;
  if (const CUresult rc = d.green_ctx_stream_create(&stream, green, CU_STREAM_NON_BLOCKING, 0); rc != CUDA_SUCCESS)
    throw NoDeviceError(cannot + d.error("cuGreenCtxStreamCreate", rc));
  partition->stream_ = stream;  // a CUstream is a cudaStream_t

  SmPartitionShape shape;
  shape.requested = requested;
  shape.sms = static_cast<int>(part.sm.smCount);
  shape.gpu_sms = device.gpu_sms;
  shape.min_sms = static_cast<int>(whole.sm.minSmPartitionSize);
  shape.step_sms = static_cast<int>(whole.sm.smCoscheduledAlignment);
  device.sms = shape.sms;
  device.partition = shape;
  return partition;
}

SmPartition::~SmPartition() {
  // Streams before their green context (cuGreenCtxDestroy leaves them dangling).
  if (stream_) driver_->stream_destroy(stream_);
  if (green_context_) driver_->green_ctx_destroy(static_cast<CUgreenCtx>(green_context_));
}

}  // namespace dotsweep
