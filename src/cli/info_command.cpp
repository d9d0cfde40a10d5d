#include <cstdio>

#include <nvrtc.h>

#include "cli/commands.hpp"
#include "dotsweep_version.hpp"
#include "gpu/device_info.hpp"

namespace dotsweep {

int run_info(int device_index) {
  int nvrtc_major = 0, nvrtc_minor = 0;
  nvrtcVersion(&nvrtc_major, &nvrtc_minor);
  std::printf("dotsweep %s, NVRTC %d.%d\n", DOTSWEEP_VERSION, nvrtc_major, nvrtc_minor);
  const DeviceInfo d = query_device(device_index);
  std::printf("device %d: %s\n", d.index, d.name.c_str());
  std::printf("  compute capability %d.%d, %d SMs\n", d.cc_major, d.cc_minor, d.sms);
  std::printf("  L2 %.1f MB, global memory %.1f GB\n", d.l2_bytes / 1e6, d.global_bytes / 1e9);
  std::printf("  memory clock %d MHz x %d-bit bus: theoretical peak %.0f GB/s\n", d.memory_clock_khz / 1000,
              d.bus_width_bits, d.peak_gbps);
  std::printf("  max %d threads and %d bytes of shared memory per block\n", d.max_threads_per_block, d.max_shared_per_block);
  std::printf("  driver supports CUDA %s, runtime %s\n", version_string(d.driver_version).c_str(),
              version_string(d.runtime_version).c_str());
  return 0;
}

}  // namespace dotsweep
