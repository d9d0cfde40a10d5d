// The first step of a sweep: everything decided before measuring, what to
// sweep, on which device, and where the report goes. Whatever can be checked
// without a GPU is checked before looking for one.
#pragma once

#include <cstdint>
#include <ctime>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/sweep_options.hpp"
#include "core/report/resume_plan.hpp"
#include "core/space/shard.hpp"
#include "core/space/space_file.hpp"
#include "core/space/space_plan.hpp"
#include "gpu/device_info.hpp"
#include "gpu/sm_partition.hpp"

namespace dotsweep {

// What --resume DIR brings: the saved context, the rows to keep and the
// timestamp every row of that report carries (so old and new rows stay one report).
struct ResumeState {
  nlohmann::json saved_context;
  ResumePlan plan;
  std::string timestamp;
};

struct SweepSetup {
  SearchSpace space;
  std::vector<std::int64_t> sizes;
  std::vector<std::string> include_dirs;  // NVRTC's
  std::optional<ResumeState> resumed;     // --resume
  DeviceInfo device;                      // with --sms, describes the partition
  std::shared_ptr<SmPartition> partition; // --sms: the sweep's work goes to partition->stream()
  SpacePlan plan;                         // plan.valid: what is compiled and measured
  std::size_t valid_configs = 0;          // before --strategy random draws from them
  Environment env;                        // as every row will carry it
  std::string out_dir;
  std::optional<std::set<WorkUnit>> slice;  // --shard i/N with N > 1: the (type, n) units measured
};

// What every row measured on `device` carries about where and when.
Environment environment_of(const DeviceInfo& device, std::time_t started_at, std::uint64_t seed);

// Throws InputError (bad input, a --resume that does not match its folder,
// more SMs than the GPU has) or NoDeviceError.
SweepSetup plan_sweep(const SweepOptions& options, std::time_t started_at);

}  // namespace dotsweep
