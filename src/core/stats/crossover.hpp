// The seed program's whole question: from which n does the GPU pay off?
// A sweep run with --host-paths (measure/host_paths.hpp) times, per type and
// n, the dot with its data starting on the host (copied from pageable or
// page-locked memory, the result copied back) or already on the GPU (the
// result copied back), against the CPU computing it (an optimised BLAS on
// every core, a plain loop). This model reads those rows and finds, per GPU
// path, where the GPU starts to win.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

// The rows of the host paths (kind kHostPathKind), one name per path.
inline constexpr const char* kGpuFromPageableName = "gpu-from-pageable";
inline constexpr const char* kGpuFromPinnedName = "gpu-from-pinned";
inline constexpr const char* kGpuResidentName = "gpu-resident";
inline constexpr const char* kCpuBlasName = "cpu-blas";
inline constexpr const char* kCpuLoopName = "cpu-loop";

// The GPU paths in the order a report shows them, and the CPU rows.
const std::vector<std::string>& gpu_path_names();
const std::vector<std::string>& cpu_path_names();

struct Crossover {
  std::string type;
  std::string mode;
  std::string gpu_path;  // one of gpu_path_names()
  // At each n the GPU path is compared with the faster CPU row there (by
  // median); it is faster when its 95% interval lies wholly below the CPU's,
  // slower when wholly above, else tied.
  long long smallest_n = 0;  // the sizes both sides measured
  long long largest_n = 0;
  // The smallest measured n from which the GPU path is faster at every larger
  // measured n; empty when it is not faster at the largest.
  std::optional<long long> gpu_faster_from;
  // The largest measured n at which the CPU is faster; empty when it never is.
  std::optional<long long> cpu_faster_up_to;
  double speedup_at_largest = 0;  // CPU median / GPU path median at largest_n
  std::string cpu_at_largest;     // the CPU row compared there
};

// One entry per (type, mode, GPU path) with at least one size where the path
// and a CPU row both have a correct time; by type, mode, then path order.
std::vector<Crossover> crossovers(const std::vector<MeasurementRecord>& records);

}  // namespace dotsweep
