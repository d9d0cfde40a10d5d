// Resuming an interrupted sweep (`dotsweep --resume DIR`): which rows of the
// folder's sweep.csv are finished, whether this run may add to them, and the
// command line that resumes. Host-only; the sweep runner drives it.
//
// A (variant, type, n) is finished when its rows for every timing mode are in
// sweep.csv: the measurer hands an operation's rows over together, so a
// partial one is a row cut off by a kill and is measured again.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rows/record.hpp"

namespace dotsweep {

struct RowKey {
  std::string variant, type;
  std::int64_t n = 0;
  bool operator<(const RowKey& o) const { return std::tie(variant, type, n) < std::tie(o.variant, o.type, o.n); }
};
RowKey row_key(const MeasurementRecord& row);

// sweep.csv as a killed sweep may leave it: the last line can be cut short
// mid-row. That fragment is dropped (torn_tail says so) and the rest must
// parse as a sweep.csv; anything else throws InputError naming `origin`.
struct ResumableCsv {
  std::vector<MeasurementRecord> rows;
  bool torn_tail = false;
};
ResumableCsv read_resumable_csv(const std::string& text, const std::string& origin);

// The rows to keep (those of finished keys) and the finished keys. Rows of a
// key with only some modes present are dropped: that key is measured again.
//
// With `recount` (this run collects counters), a (type, n) where any row's
// counter pass was cut (cupti_status `interrupted`) is measured again whole:
// its tie group is chosen from all its rows and profiled together, so keeping
// some rows would leave the resumed report without counters for a tie group
// an uninterrupted sweep would have profiled. It costs one size's timing.
// Its incorrect keys are kept: they belong to no tie group, and a key the
// supervisor recorded as failed (a kernel that faulted or hung) would fail
// again, and again, if measured anew.
struct ResumePlan {
  std::vector<MeasurementRecord> kept;
  std::set<RowKey> finished;
  std::size_t dropped_rows = 0;  // rows of unfinished keys
};
ResumePlan plan_resume(const std::vector<MeasurementRecord>& rows, const std::vector<std::string>& modes,
                       bool recount = false);

// One fact two sweeps must share for their rows to belong in one report: a
// JSON pointer into context.json and how to name it in a refusal.
struct ResumeField {
  nlohmann::json::json_pointer pointer;  // a core/rows/context_keys.hpp entry
  const char* what;
};
// What can be compared before looking for a GPU: dotsweep version, space,
// kernel tree, sizes, modes, seed, stopping rule, strategy, shard.
const std::vector<ResumeField>& resume_run_fields();
// The device: its name and compute capability.
const std::vector<ResumeField>& resume_device_fields();
// The first of `fields` whose value differs between two context.json objects
// (a field neither records agrees), with both values as a refusal shows them
// (long texts cut); nullopt when every field agrees.
struct FieldDifference {
  std::string what, first, second;
};
std::optional<FieldDifference> first_difference(const nlohmann::json& first, const nlohmann::json& second,
                                                const std::vector<ResumeField>& fields);
// Why `now` may not continue `saved` (both context.json objects), naming the
// first field that differs with both values; nullopt when every field agrees.
std::optional<std::string> resume_mismatch(const nlohmann::json& saved, const nlohmann::json& now,
                                           const std::vector<ResumeField>& fields);

// The arguments that resume: `argv` with any --out/--resume (and their
// values) removed and `--resume DIR` appended.
std::vector<std::string> resume_arguments(const std::vector<std::string>& argv, const std::string& dir);
// The same as one command line, each word quoted for a POSIX shell.
std::string resume_command(const std::vector<std::string>& argv, const std::string& dir);
// A word as a POSIX shell reads it back unchanged (quoted only when needed).
std::string shell_quoted(const std::string& word);

}  // namespace dotsweep
