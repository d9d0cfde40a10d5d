// The distributed dot's results (gpu/distributed_dot.hpp) and how they scale:
// per (local method, type, n), each GPU count's time against one GPU's.
// distributed.csv holds the rows, distributed.md the tables people read;
// `dotsweep distributed` writes both.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/space/element_type.hpp"

namespace dotsweep {

struct DistributedRow {
  std::string local;  // the local dot: "tuned" or "cublas"
  ElementType type = ElementType::f32;
  int gpus = 1;
  std::int64_t n = 0;  // the whole problem, split across the GPUs
  std::size_t samples = 0;
  std::optional<double> median_us, ci_lo_us, ci_hi_us;  // empty when it failed before timing
  bool correct = false;
  std::string reason;  // why incorrect; empty when correct
  std::optional<double> rel_err, err_bound;
};

// One GPU's time over G GPUs' for the same (local, type, n): the median ratio,
// the interval the two medians' intervals imply, and that over G (the
// parallel efficiency). Empty without a timed one-GPU row or for a row untimed.
struct Scaling {
  double speedup = 0, lo = 0, hi = 0;
  double efficiency = 0;
};
std::optional<Scaling> scaling_of(const std::vector<DistributedRow>& rows, const DistributedRow& row);

std::string distributed_csv(const std::vector<DistributedRow>& rows, const std::string& gpu, const std::string& nccl);
// `context`: the lines above the tables (GPUs, NCCL, command).
std::string distributed_markdown(const std::vector<DistributedRow>& rows, const std::string& context);

}  // namespace dotsweep
