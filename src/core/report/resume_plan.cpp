#include "core/report/resume_plan.hpp"

#include <map>
#include <sstream>

#include "core/report/counter_metrics.hpp"
#include "core/io/csv.hpp"
#include "core/input_error.hpp"
#include "core/rows/context_keys.hpp"

namespace dotsweep {

RowKey row_key(const MeasurementRecord& row) { return {row.variant, row.type, row.n}; }

ResumableCsv read_resumable_csv(const std::string& text, const std::string& origin) {
  ResumableCsv result;
  std::string whole = text;
  // Rows are appended whole and flushed, so only the last line can be torn:
  // everything after the last line end is a fragment of the row in flight.
  const auto last_newline = whole.rfind('\n');
  if (last_newline == std::string::npos) {
    result.torn_tail = !whole.empty();
    return result;  // not even the header was finished: nothing to keep
  }
  if (last_newline + 1 != whole.size()) {
    whole.resize(last_newline + 1);
    result.torn_tail = true;
  }
  std::istringstream in(whole);
  result.rows = records_from_table(read_csv(in, origin), origin);
  return result;
}

ResumePlan plan_resume(const std::vector<MeasurementRecord>& rows, const std::vector<std::string>& modes,
                       bool recount) {
  std::set<std::pair<std::string, std::int64_t>> uncounted;  // (type, n) whose counter pass was cut
  if (recount)
    for (const auto& row : rows)
      if (row.cupti_status == cupti_status::interrupted) uncounted.insert({row.type, row.n});
  std::map<RowKey, std::set<std::string>> modes_seen;
  std::set<RowKey> any_correct;
  for (const auto& row : rows) {
    modes_seen[row_key(row)].insert(row.mode);
    if (row.correct) any_correct.insert(row_key(row));
  }
  ResumePlan plan;
  for (const auto& [key, seen] : modes_seen) {
    // An incorrect key stays finished: it is in no tie group, and one the
    // supervisor recorded as failed (a fault, a hang) must not run again.
    bool all = uncounted.count({key.type, key.n}) == 0 || any_correct.count(key) == 0;
    for (const auto& mode : modes) all = all && seen.count(mode) > 0;
    if (all) plan.finished.insert(key);
  }
  for (const auto& row : rows) {
    // A row of a mode this sweep does not measure cannot be there (the modes
    // were compared first); keep it out rather than mix it in.
    bool wanted = false;
    for (const auto& mode : modes) wanted = wanted || mode == row.mode;
    if (wanted && plan.finished.count(row_key(row)))
      plan.kept.push_back(row);
    else
      ++plan.dropped_rows;
  }
  return plan;
}

const std::vector<ResumeField>& resume_run_fields() {
  static const std::vector<ResumeField> fields{
      {context_key::version, "dotsweep version"},
      {context_key::space_text, "space (its file's text)"},
      {context_key::kernels_digest, "kernel tree (its text's digest)"},
      {context_key::sizes, "sizes"},
      {context_key::modes, "timing modes"},
      {context_key::seed, "seed"},
      {context_key::min_samples, "--min-samples"},
      {context_key::max_samples, "--max-samples"},
      {context_key::ci_halfwidth_pct, "--ci-target"},
      {context_key::time_budget_s, "--time-budget"},
      {context_key::strategy, "search strategy"},
      {context_key::shard, "shard (--shard)"},
  };
  return fields;
}

const std::vector<ResumeField>& resume_device_fields() {
  static const std::vector<ResumeField> fields{
      {context_key::device_name, "device"},
      {context_key::device_cc, "device compute capability"},
  };
  return fields;
}

namespace {
// A value as the refusal shows it: long texts (the space file) are cut.
std::string shown(const nlohmann::json* value) {
  if (!value) return "none";
  std::string text = value->dump();
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

const nlohmann::json* at_pointer(const nlohmann::json& j, const nlohmann::json::json_pointer& p) {
  return j.contains(p) ? &j.at(p) : nullptr;
}
}  // namespace

std::optional<FieldDifference> first_difference(const nlohmann::json& first, const nlohmann::json& second,
                                                const std::vector<ResumeField>& fields) {
  for (const auto& field : fields) {
    const nlohmann::json* a = at_pointer(first, field.pointer);
    const nlohmann::json* b = at_pointer(second, field.pointer);
    if (!a && !b) continue;  // neither records it (e.g. an option not yet built)
    if (a && b && *a == *b) continue;
    return FieldDifference{field.what, shown(a), shown(b)};
  }
  return std::nullopt;
}

std::optional<std::string> resume_mismatch(const nlohmann::json& saved, const nlohmann::json& now,
                                           const std::vector<ResumeField>& fields) {
  const auto difference = first_difference(saved, now, fields);
  if (!difference) return std::nullopt;
  return difference->what + " differs: the interrupted sweep had " + difference->first + ", this one has " +
         difference->second;
}

std::string shell_quoted(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                              "_-+=/.,:^@%") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::vector<std::string> resume_arguments(const std::vector<std::string>& argv, const std::string& dir) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (i > 0 && (word == "--out" || word == "--resume")) {
      ++i;  // and its value
      continue;
    }
    if (i > 0 && (word.rfind("--out=", 0) == 0 || word.rfind("--resume=", 0) == 0)) continue;
    words.push_back(word);
  }
  words.push_back("--resume");
  words.push_back(dir);
  return words;
}

std::string resume_command(const std::vector<std::string>& argv, const std::string& dir) {
  std::string command;
  for (const auto& word : resume_arguments(argv, dir)) command += (command.empty() ? "" : " ") + shell_quoted(word);
  return command;
}

}  // namespace dotsweep
