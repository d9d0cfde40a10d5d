#include "gpu/read_ceiling.hpp"

#include <algorithm>
#include <vector>

#include "core/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/harness_kernels.hpp"
#include "gpu/timers.hpp"

namespace dotsweep {

double measure_read_ceiling_gbps(const DeviceInfo& device, cudaStream_t stream) {
  std::size_t free_bytes = 0, total_bytes = 0;
  check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  // 2 GiB is ~35x the H200's L2; smaller on small cards, never over a quarter of free memory.
  const std::size_t bytes = std::min<std::size_t>(std::size_t{2} << 30, free_bytes / 4) / 256 * 256;
  if (bytes < 16 * device.l2_bytes) return 0.0;
  DeviceBuffer<unsigned char> buffer(bytes);
  DeviceBuffer<float> sink(1);
  check_cuda(cudaMemsetAsync(buffer.get(), 1, bytes, stream), "cudaMemsetAsync(ceiling buffer)");
  EventPair events;
  std::vector<double> us;
  for (int run = 0; run < 11; ++run) {
    check_cuda(cudaEventRecord(events.start, stream), "cudaEventRecord");
    launch_read_through(buffer.get(), bytes, sink.get(), stream);
    check_cuda(cudaEventRecord(events.stop, stream), "cudaEventRecord");
    const double t = events.elapsed_us();
    if (run > 0) us.push_back(t);  // the first run pays for page mapping
  }
  return static_cast<double>(bytes) / (summarize(us).median * 1e-6) / 1e9;
}

}  // namespace dotsweep
