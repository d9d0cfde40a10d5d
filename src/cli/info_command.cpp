#include <cstdio>
#include <memory>

#include <nvrtc.h>

#include "cli/commands.hpp"
#include "dotsweep_version.hpp"
#include "gpu/device_info.hpp"
#include "gpu/sm_partition.hpp"

namespace dotsweep {

int run_info(int device_index, int sms) {
  int nvrtc_major = 0, nvrtc_minor = 0;
  nvrtcVersion(&nvrtc_major, &nvrtc_minor);
  std::printf("dotsweep %s, NVRTC %d.%d\n", DOTSWEEP_VERSION, nvrtc_major, nvrtc_minor);
  DeviceInfo d = query_device(device_index);
  const std::unique_ptr<SmPartition> partition = sms > 0 ? SmPartition::create(d, sms) : nullptr;
  std::printf("device %d: %s\n", d.index, d.name.c_str());
  std::printf("  compute capability %d.%d, %d SMs\n", d.cc_major, d.cc_minor, d.gpu_sms);
  std::printf("  L2 %.1f MB, global memory %.1f GB\n", d.l2_bytes / 1e6, d.global_bytes / 1e9);
  std::printf("  memory clock %d MHz x %d-bit bus: theoretical peak %.0f GB/s\n", d.memory_clock_khz / 1000,
              d.bus_width_bits, d.peak_gbps);
  std::printf("  max %d threads and %d bytes of shared memory per block\n", d.max_threads_per_block, d.max_shared_per_block);
  std::printf("  driver supports CUDA %s, runtime %s\n", version_string(d.driver_version).c_str(),
              version_string(d.runtime_version).c_str());
  if (d.partition)
    std::printf("  partition: %d of %d SMs for --sms %d (partitions have at least %d SMs, in steps of %d); "
                "reports name it \"%s\"\n",
                d.partition->sms, d.partition->gpu_sms, d.partition->requested, d.partition->min_sms,
                d.partition->step_sms, d.report_name().c_str());
  return 0;
}

}  // namespace dotsweep
