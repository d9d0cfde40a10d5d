// context.json's entries that anything reads back, each declared once as a
// JSON pointer. The sweep writes the file (src/sweep/sweep_context.cpp,
// sweep_runner.cpp), `merge` writes a merged one (report_merge.cpp); resume,
// merge, `report` and halving read it (resume_plan.cpp, resume_options.cpp,
// report_merge.cpp, summary_context.cpp, halving_stage.cpp). Writers and
// readers name these, never the path's text, so the two cannot drift apart.
// Entries only ever written (the device's memory clock, the compile time)
// stay with their writer.
#pragma once

#include <nlohmann/json.hpp>

namespace dotsweep::context_key {

using Pointer = nlohmann::json::json_pointer;

inline const Pointer version{"/dotsweep_version"};
inline const Pointer seed{"/seed"};
inline const Pointer timestamp{"/timestamp"};
inline const Pointer command{"/command"};

// The options a resume takes from the report and must share with it.
inline const Pointer options{"/options"};
inline const Pointer sizes{"/options/sizes"};
inline const Pointer modes{"/options/modes"};
inline const Pointer min_samples{"/options/min_samples"};
inline const Pointer max_samples{"/options/max_samples"};
inline const Pointer ci_halfwidth_pct{"/options/ci_halfwidth_pct"};
inline const Pointer time_budget_s{"/options/time_budget_s"};
inline const Pointer cache_dir{"/options/cache_dir"};
inline const Pointer host_paths{"/options/host_paths"};  // only when set: older reports resume unchanged
inline const Pointer strategy{"/options/strategy"};
inline const Pointer strategy_name{"/options/strategy/name"};
inline const Pointer strategy_budget{"/options/strategy/budget"};
inline const Pointer strategy_keep_fraction{"/options/strategy/keep_fraction"};
inline const Pointer shard{"/shard"};
inline const Pointer shard_index{"/shard/index"};
inline const Pointer shard_count{"/shard/count"};

// The kernel tree a --kernels sweep compiled (none for the binary's own): its
// folder and a digest of its text, so a resume can refuse a tree that changed.
inline const Pointer kernels_tree{"/kernels/tree"};
inline const Pointer kernels_digest{"/kernels/digest"};

inline const Pointer space{"/space"};
inline const Pointer space_name{"/space/name"};
inline const Pointer space_file{"/space/file"};
inline const Pointer space_text{"/space/text"};
inline const Pointer space_configs{"/space/configs"};
inline const Pointer space_rejected{"/space/rejected"};

inline const Pointer device{"/device"};
inline const Pointer device_index{"/device/index"};
inline const Pointer device_uuid{"/device/uuid"};
inline const Pointer device_name{"/device/name"};
inline const Pointer device_cc{"/device/cc"};
inline const Pointer device_sms{"/device/sms"};
inline const Pointer device_driver{"/device/driver"};
inline const Pointer device_runtime{"/device/cuda_runtime"};
inline const Pointer partition{"/partition"};
inline const Pointer partition_peak_gbps{"/partition/peak_gbps"};
inline const Pointer read_ceiling{"/read_ceiling"};
inline const Pointer cpu_blas{"/cpu_blas"};  // the CBLAS library of the host paths' BLAS row

// What the run did: written as it ends (or, for a merge, by `merge`).
inline const Pointer run{"/run"};
inline const Pointer run_completed{"/run/completed"};
inline const Pointer run_wall_seconds{"/run/wall_seconds"};
inline const Pointer run_planned_candidates{"/run/planned_candidates"};
inline const Pointer resumes{"/resumes"};
inline const Pointer strategy_result{"/strategy_result"};
inline const Pointer strategy_survivors{"/strategy_result/survivors"};
inline const Pointer merged_from{"/merged_from"};

}  // namespace dotsweep::context_key
