#include "gpu/device_info.hpp"

#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {
// The UUID's 16 bytes in nvidia-smi's spelling.
std::string uuid_text(const cudaUUID_t& uuid) {
  static const char* digits = "0123456789abcdef";
  std::string text = "GPU-";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
    const auto byte = static_cast<unsigned char>(uuid.bytes[i]);
    text += digits[byte >> 4];
    text += digits[byte & 15];
  }
  return text;
}

int device_count() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorInsufficientDriver)
    throw NoDeviceError("no usable CUDA device: no NVIDIA driver is loaded, or it is older than this CUDA runtime");
  if (status == cudaErrorNoDevice) throw NoDeviceError("no usable CUDA device: the driver reports no GPU");
  if (status != cudaSuccess)
    throw NoDeviceError(std::string("no usable CUDA device: ") + cudaGetErrorString(status));
  if (count == 0) throw NoDeviceError("no usable CUDA device: the driver reports no GPU");
  return count;
}

int attribute(cudaDeviceAttr attr, int device) {
  int value = 0;
  check_cuda(cudaDeviceGetAttribute(&value, attr, device), "cudaDeviceGetAttribute");
  return value;
}
}  // namespace

DeviceInfo query_device(int index) {
  const int count = device_count();
  if (index < 0 || index >= count)
    throw NoDeviceError("no CUDA device " + std::to_string(index) + ": this machine has " + std::to_string(count) +
                        " (use --device 0.." + std::to_string(count - 1) + ")");
  check_cuda(cudaSetDevice(index), "cudaSetDevice");

  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, index), "cudaGetDeviceProperties");
  DeviceInfo info;
  info.index = index;
  info.name = prop.name;
  info.uuid = uuid_text(prop.uuid);
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.sms = prop.multiProcessorCount;
  info.gpu_sms = prop.multiProcessorCount;
  info.l2_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  info.global_bytes = prop.totalGlobalMem;
  info.memory_clock_khz = attribute(cudaDevAttrMemoryClockRate, index);
  info.bus_width_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, index);
  info.peak_gbps = 2.0 * info.memory_clock_khz * 1e3 * (info.bus_width_bits / 8.0) / 1e9;
  info.max_threads_per_block = prop.maxThreadsPerBlock;
  info.max_shared_per_block = static_cast<int>(prop.sharedMemPerBlock);
  info.max_shared_optin_per_block = attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin, index);
  check_cuda(cudaDriverGetVersion(&info.driver_version), "cudaDriverGetVersion");
  check_cuda(cudaRuntimeGetVersion(&info.runtime_version), "cudaRuntimeGetVersion");
  return info;
}

std::vector<DeviceIdentity> list_devices() {
  std::vector<DeviceIdentity> devices;
  const int count = device_count();
  for (int index = 0; index < count; ++index) {
    cudaDeviceProp prop{};
    check_cuda(cudaGetDeviceProperties(&prop, index), "cudaGetDeviceProperties");
    devices.push_back({index, prop.name, uuid_text(prop.uuid)});
  }
  return devices;
}

std::string DeviceInfo::report_name() const {
  return partition ? partitioned_gpu_name(name, partition->sms, partition->gpu_sms) : name;
}

DeviceLimits device_limits(const DeviceInfo& device) {
  DeviceLimits limits;
  limits.max_threads_per_block = device.max_threads_per_block;
  limits.max_shared_bytes_per_block = device.max_shared_per_block;
  limits.arch = device.arch();
  limits.max_shared_optin_bytes_per_block = device.max_shared_optin_per_block;
  return limits;
}

std::string version_string(int cuda_version) {
  return std::to_string(cuda_version / 1000) + "." + std::to_string((cuda_version % 1000) / 10);
}

}  // namespace dotsweep
