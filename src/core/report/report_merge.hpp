// `dotsweep merge`: the reports of one sweep's shards (core/space/shard.hpp), each
// measured on its own GPU, joined into one report. Host-only; the files of
// the joined report are written by the ReportFolder, as a sweep's are.
//
// The shards must be one sweep cut N ways: the same dotsweep version, space,
// sizes, modes, seed, stopping rule and strategy, the same GPU model,
// driver and CUDA runtime, every shard 1..N once, each finished, and each
// holding rows of its own slice only. The joined report's rows carry one
// timestamp, the earliest shard's, and no device index or GPU UUID, so
// compare, gate and export read it as one report; context.json's
// `merged_from` keeps each shard's own.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/stats/group_coverage.hpp"
#include "core/rows/record.hpp"
#include "core/space/shard.hpp"
#include "core/space/space_plan.hpp"

namespace dotsweep {

struct ShardReport {
  std::string dir;
  nlohmann::json context;
  std::vector<MeasurementRecord> rows;
  Shard shard;  // 1/1 for a report of an unsharded sweep
};

// DIR's context.json and sweep.csv; InputError when either is missing or unreadable.
ShardReport read_shard_report(const std::string& dir);

struct MergedReport {
  nlohmann::json context;
  std::vector<MeasurementRecord> rows;
  CandidateCounts planned;  // per type, the candidates of its fullest group
  SpacePlan left_out;       // the rejected configurations (summary.md's appendix)
  std::string gpu_label;    // "NVIDIA H200 (sm_90)"
};

// Joins `shards`; InputError, one line naming the report(s) and what differs,
// for anything above that does not hold.
MergedReport merge_shard_reports(const std::vector<ShardReport>& shards);

}  // namespace dotsweep
