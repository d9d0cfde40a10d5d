#include "core/report/report_merge.hpp"


#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "core/input_error.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/resume_plan.hpp"
#include "core/rows/samples_file.hpp"
#include "core/space/space_file.hpp"
#include "core/io/text_file.hpp"
#include "core/stats/tie_group.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

namespace {

[[noreturn]] void refuse(const std::string& why) { throw InputError("merge: " + why); }

// Whatever the shards must share besides the shard itself: the resume
// fields (version, space, options) and the hardware and its software.
std::vector<ResumeField> shared_fields() {
  std::vector<ResumeField> fields;
  for (const ResumeField& f : resume_run_fields())
    if (f.pointer != context_key::shard) fields.push_back(f);
  for (const ResumeField& f : resume_device_fields()) fields.push_back(f);
  fields.push_back({context_key::device_driver, "driver version"});
  fields.push_back({context_key::device_runtime, "CUDA runtime version"});
  return fields;
}

Shard shard_of(const nlohmann::json& context, const std::string& dir) {
  if (!context.contains(context_key::shard)) return Shard{};
  try {
    return parse_shard(std::to_string(context.at(context_key::shard_index).get<int>()) + "/" +
                           std::to_string(context.at(context_key::shard_count).get<int>()),
                       "'" + dir + "' context.json shard");
  } catch (const nlohmann::json::exception&) {
    refuse("'" + dir + "': its context.json has no usable shard");
  }
}

bool finished(const nlohmann::json& context) {
  return context.contains(context_key::run_completed) && context.at(context_key::run_completed) == true;
}

template <class T>
T field(const ShardReport& r, const nlohmann::json::json_pointer& pointer) {
  try {
    return r.context.at(pointer).get<T>();
  } catch (const nlohmann::json::exception&) {
    refuse("'" + r.dir + "': its context.json has no usable " + pointer.to_string().substr(1));
  }
}

std::string list_of(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

// Every shard 1..N exactly once.
void require_every_shard_once(const std::vector<ShardReport>& shards) {
  const int count = shards.front().shard.count;
  std::map<int, const ShardReport*> by_index;
  for (const ShardReport& r : shards) {
    const auto [at, fresh] = by_index.emplace(r.shard.index, &r);
    if (!fresh)
      refuse("'" + at->second->dir + "' and '" + r.dir + "' are both shard " + r.shard.label() +
             "; pass each shard's report once");
  }
  std::vector<std::string> missing;
  for (int i = 1; i <= count; ++i)
    if (!by_index.count(i)) missing.push_back(Shard{i, count}.label());
  if (!missing.empty())
    refuse(std::string(missing.size() == 1 ? "shard " : "shards ") + list_of(missing) + " of " +
           std::to_string(count) + (missing.size() == 1 ? " is" : " are") + " missing; pass every shard's report");
}

// Each shard's rows lie in its own slice (as the sweep computed it) and are
// of one GPU model throughout.
void require_rows_in_slices(const std::vector<ShardReport>& shards) {
  const ShardReport& first = shards.front();
  const SearchSpace space = parse_space_text(field<std::string>(first, context_key::space_text), first.dir + "/context.json",
                                             std::max(field<std::size_t>(first, context_key::space_configs), kDefaultMaxConfigs));
  const auto sizes = field<std::vector<std::int64_t>>(first, context_key::sizes);
  const std::string gpu = first.rows.empty() ? "" : first.rows.front().env.gpu;
  for (const ShardReport& r : shards) {
    const std::set<WorkUnit> slice = shard_slice(space.configs, sizes, r.shard);
    for (const MeasurementRecord& row : r.rows) {
      const auto type = element_type_from_string(row.type);
      if (!type || !slice.count(WorkUnit{*type, row.n}))
        refuse("'" + r.dir + "' holds a row of (" + row.type + ", n = " + std::to_string(row.n) + ") (" + row.variant +
               "), which shard " + r.shard.label() + " does not measure; is it a report of this sweep's shards?");
      if (row.env.gpu != gpu)
        refuse("'" + r.dir + "' holds rows of " + row.env.gpu + " and '" + first.dir + "' of " + gpu +
               "; a merged report is of one GPU model");
    }
  }
}

}  // namespace

namespace {

// Each row gets its raw samples from the shard's samples file, if it has one
// (reports written before the file existed have none), so the merged report
// keeps them: the last line of a key wins, as --resume keeps them.
void attach_samples(std::vector<MeasurementRecord>& rows, const std::string& path) {
  if (!std::filesystem::exists(path)) return;
  std::map<std::tuple<std::string, std::string, std::int64_t, std::string>, std::vector<RawSample>> by_key;
  for (RowSamples& row : read_samples(path).rows)
    by_key[{row.variant, row.type, row.n, row.mode}] = std::move(row.samples);
  for (MeasurementRecord& row : rows) {
    const auto found = by_key.find({row.variant, row.type, row.n, row.mode});
    if (found != by_key.end()) row.raw_samples = found->second;
  }
}

}  // namespace

ShardReport read_shard_report(const std::string& dir) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir)) refuse("'" + dir + "': no such report folder");
  if (!fs::exists(dir + "/context.json") || !fs::exists(dir + "/sweep.csv"))
    refuse("'" + dir + "': not a dotsweep report folder (it needs sweep.csv and context.json)");
  ShardReport r;
  r.dir = dir;
  r.context = nlohmann::json::parse(read_text_file(dir + "/context.json", kContextKind), nullptr, /*allow_exceptions=*/false);
  if (r.context.is_discarded() || !r.context.is_object()) refuse("'" + dir + "': its context.json is not valid JSON");
  r.shard = shard_of(r.context, dir);
  r.rows = read_records(dir + "/sweep.csv");
  attach_samples(r.rows, dir + "/" + kSamplesFile);
  return r;
}

MergedReport merge_shard_reports(const std::vector<ShardReport>& shards) {
  if (shards.empty()) refuse("no reports to merge");
  const ShardReport& first = shards.front();
  for (const ShardReport& r : shards) {
    if (!finished(r.context))
      refuse("'" + r.dir + "' (shard " + r.shard.label() + ") did not finish (context.json run.completed is not "
             "true); continue it with `dotsweep --resume " + r.dir + "` first");
    if (r.shard.count != first.shard.count)
      refuse("'" + first.dir + "' is shard " + first.shard.label() + " but '" + r.dir + "' is shard " +
             r.shard.label() + ": reports of different shardings");
    if (const auto d = first_difference(first.context, r.context, shared_fields()))
      refuse(d->what + " differs: '" + first.dir + "' has " + d->first + ", '" + r.dir + "' has " + d->second +
             "; only shards of one sweep merge");
  }
  require_every_shard_once(shards);
  require_rows_in_slices(shards);

  MergedReport merged;
  std::string timestamp = field<std::string>(first, context_key::timestamp);
  for (const ShardReport& r : shards) timestamp = std::min(timestamp, field<std::string>(r, context_key::timestamp));
  nlohmann::json sources = nlohmann::json::array();
  std::vector<const ShardReport*> in_order;
  for (const ShardReport& r : shards) in_order.push_back(&r);
  std::sort(in_order.begin(), in_order.end(),
            [](const ShardReport* a, const ShardReport* b) { return a->shard.index < b->shard.index; });
  double longest = 0;
  for (const ShardReport* r : in_order) {
    for (MeasurementRecord row : r->rows) {
      // One report: compare and gate group rows by (gpu, timestamp, UUID).
      // Which GPU measured a row stays in merged_from, by shard.
      row.env.timestamp = timestamp;
      row.env.device.reset();
      row.env.gpu_uuid.clear();
      merged.rows.push_back(std::move(row));
    }
    const double wall = r->context.value(context_key::run_wall_seconds, 0.0);
    longest = std::max(longest, wall);
    sources.push_back({{"report", r->dir},
                       {"shard", {{"index", r->shard.index}, {"count", r->shard.count}}},
                       {"timestamp", r->context.value(context_key::timestamp, std::string())},
                       {"device", r->context.value(context_key::device, nlohmann::json::object())},
                       {"read_ceiling", r->context.value(context_key::read_ceiling, nlohmann::json::object())},
                       {"wall_seconds", wall},
                       {"rows", r->rows.size()}});
  }
  // What all shards share comes from the first; what each measured on its
  // own GPU (its device index, read ceiling, run) is in merged_from.
  merged.context = first.context;
  merged.context.erase(context_key::shard.back());
  merged.context.erase(context_key::resumes.back());
  merged.context[context_key::timestamp] = timestamp;
  merged.context[context_key::merged_from] = sources;
  merged.context[context_key::run] = {{"interrupted", false},
                                      {"rows", merged.rows.size()},
                                      {"shards", shards.size()},
                                      {"longest_shard_wall_seconds", longest}};
  merged.context[context_key::run_completed] = true;

  std::map<GroupKey, std::size_t> candidates;
  for (const MeasurementRecord& row : merged.rows)
    if (row.kind == "candidate") ++candidates[group_key_of(row)];
  for (const auto& [key, count] : candidates) {
    std::size_t& planned = merged.planned[std::get<0>(key)];
    planned = std::max(planned, count);
  }
  for (const auto& r : first.context.value(context_key::space_rejected, nlohmann::json::array()))
    merged.left_out.rejected.push_back({r.value("variant", ""), r.value("reason", "")});
  std::string cc = field<std::string>(first, context_key::device_cc);
  cc.erase(std::remove(cc.begin(), cc.end(), '.'), cc.end());
  merged.gpu_label = field<std::string>(first, context_key::device_name) + " (sm_" + cc + ")";
  return merged;
}

}  // namespace dotsweep
