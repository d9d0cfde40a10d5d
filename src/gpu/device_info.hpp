// The device a sweep runs on, read once from the runtime; with --sms, the
// partition of it the sweep's work runs on (gpu/sm_partition.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/space/sm_partition.hpp"
#include "core/space/variant_config.hpp"

namespace dotsweep {

struct DeviceInfo {
  int index = 0;
  std::string name;
  std::string uuid;  // "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi prints it
  int cc_major = 0, cc_minor = 0;
  int sms = 0;      // the SMs the work runs on: the partition's with --sms, else the GPU's (persistent grids use it)
  int gpu_sms = 0;  // the whole GPU's
  std::optional<SmPartitionShape> partition;  // set by SmPartition::create
  std::size_t l2_bytes = 0;
  std::size_t global_bytes = 0;
  int memory_clock_khz = 0;
  int bus_width_bits = 0;
  double peak_gbps = 0;  // theoretical: 2 (double data rate) x memory clock x bus width
  int max_threads_per_block = 0;
  int max_shared_per_block = 0;
  int max_shared_optin_per_block = 0;  // what a kernel may opt in to (the bulk ring does)
  int driver_version = 0, runtime_version = 0;  // e.g. 13000
  int arch() const { return cc_major * 10 + cc_minor; }
  // The name reports carry: the GPU's, with the partition on one
  // ("NVIDIA H200 [72 of 132 SMs]").
  std::string report_name() const;
};

// What the planner checks configs against on this device: its own limits and
// architecture, never another GPU's.
DeviceLimits device_limits(const DeviceInfo& device);

// Throws NoDeviceError with one line saying why no device is usable.
DeviceInfo query_device(int index);

// Every GPU the runtime sees, by index: name and UUID only. It creates no
// context on any of them, so a process that hands the GPUs to workers holds
// none of their memory. Throws NoDeviceError as query_device does.
struct DeviceIdentity {
  int index = 0;
  std::string name, uuid;
};
std::vector<DeviceIdentity> list_devices();

std::string version_string(int cuda_version);  // 13000 -> "13.0"

}  // namespace dotsweep
