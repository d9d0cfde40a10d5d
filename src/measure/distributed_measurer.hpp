// `dotsweep distributed`: the dot product split across 1..G GPUs
// (gpu/distributed_dot.hpp), checked on the sweep's three input sets and
// timed cold with the sweep's stopping rule, per type, n, GPU count and
// local method. One sentence: split each size's inputs across each GPU
// count, check the reduced result, then sample until the median is pinned down.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/report/distributed_table.hpp"
#include "core/sampling/statistics.hpp"
#include "gpu/distributed_dot.hpp"

namespace dotsweep {

struct DistributedSettings {
  std::vector<std::int64_t> sizes;
  std::vector<ElementType> types;   // f32, f64
  std::vector<int> devices;         // the GPUs, in order; G GPUs means the first G
  std::vector<int> gpu_counts;      // ascending, each <= devices.size()
  StoppingRule rule;
  std::uint64_t seed = 0;
  unsigned host_threads = 0;        // 0: every core (input generation and references)
};

// The GPU counts a table is made for: 1, 2, 4, 8, ... up to `gpus`, and `gpus` itself.
std::vector<int> default_gpu_counts(int gpus);

// Every row, in order (type, n, GPU count, local method); `on_row` sees each
// as it is finished.
std::vector<DistributedRow> measure_distributed(const NcclLibrary& nccl, const DistributedSettings& settings,
                                                const std::function<void(const DistributedRow&)>& on_row);

}  // namespace dotsweep
