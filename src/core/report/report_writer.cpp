// The files of a report folder. sweep.csv is appended row by row while the
// sweep runs (a crash loses nothing measured) and rewritten ranked at the end.
#include "core/report/report_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/report/counter_witness.hpp"
#include "core/io/csv.hpp"
#include "core/gate/gate.hpp"
#include "core/input_error.hpp"
#include "core/io/markdown_text.hpp"
#include "core/space/size_list.hpp"
#include "core/stats/ranking.hpp"
#include "core/stats/sample_spread.hpp"
#include "core/io/text_file.hpp"
#include "core/space/element_type.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

std::string why() { return errno ? std::strerror(errno) : "I/O error"; }

// Readers (and a crash mid-write) see the old file or the new one, never half.
void replace_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  write_text_file(tmp, text);
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw InputError("cannot replace '" + path + "' with '" + tmp + "': " + why());
}

std::string header_line() {
  std::string line = csv_line(record_columns());
  line.pop_back();  // the "\n"
  return line;
}

// Checks a non-empty sweep.csv can take more rows of ours. Returns false
// when it holds no complete line (nothing was measured: start it afresh).
bool prepare_resume(const std::string& path) {
  const std::string text = read_text_file(path);
  const auto last_newline = text.rfind('\n');
  if (last_newline == std::string::npos) {
    std::filesystem::resize_file(path, 0);
    return false;
  }
  std::string first = text.substr(0, text.find('\n'));
  if (!first.empty() && first.back() == '\r') first.pop_back();
  if (first != header_line())
    throw InputError("cannot resume '" + path +
                     "': its header differs from this dotsweep's sweep.csv columns; "
                     "write to a new output folder");
  // A row cut short by a crash would make the whole file unreadable; its
  // variant is measured again on resume, so drop the fragment.
  if (last_newline + 1 != text.size()) std::filesystem::resize_file(path, last_newline + 1);
  return true;
}

// ---- summary.md ----

std::string bracketed(const Interval& i, int decimals) {
  return "[" + fixed_or_dash(i.lo, decimals) + ", " + fixed_or_dash(i.hi, decimals) + "]";
}

// The median and its interval; a row from an older CSV has no interval, and
// then shows the bare median rather than a made-up certainty.
std::string median_cell(const MeasurementRecord& r) {
  std::string text = fixed_or_dash(r.median_us, 2);
  if (r.median_us && r.ci_lo_us && r.ci_hi_us) text += " " + bracketed({*r.ci_lo_us, *r.ci_hi_us}, 2);
  return text;
}

std::string speedup_cell(const MeasurementRecord& r, const std::optional<double>& point,
                         const MeasurementRecord* baseline) {
  std::string text = fixed_or_dash(point, 2, "x");
  if (!point || !baseline) return text;
  if (const auto range = speedup_interval(r, *baseline)) text += " " + bracketed(*range, 2);
  return text;
}

// The yardsticks of a group: the cuBLAS and CUB rows with a median.
struct Baselines {
  const MeasurementRecord* cublas = nullptr;
  const MeasurementRecord* cub = nullptr;
};

// rel_err in scientific notation: it spans 0 (exact) to 1e-3 across types.
std::string rel_err_cell(const MeasurementRecord& r) {
  if (!r.rel_err) return "—";
  char text[32];
  std::snprintf(text, sizeof text, "%.2e", *r.rel_err);
  return text;
}

std::vector<std::string> table_row(const MeasurementRecord& r, const GroupStanding& standing, const Baselines& base,
                                   const std::vector<const MeasurementRecord*>& front, bool partial) {
  std::string best;
  if (standing.tied(&r) && !partial) best = standing.tie_group.size() == 1 ? "winner" : "tie";
  return {r.rank ? std::to_string(*r.rank) : std::string("—"),
          best,
          markdown_cell(r.variant),
          median_cell(r),
          fixed_or_dash(r.gbps, 1),
          fixed_or_dash(r.pct_peak, 1),
          speedup_cell(r, r.speedup_vs_cublas, base.cublas),
          speedup_cell(r, r.speedup_vs_cub, base.cub),
          fixed_or_dash(r.noise_pct, 2),
          rel_err_cell(r),
          std::find(front.begin(), front.end(), &r) != front.end() ? "pareto" : ""};
}

// How much faster the winner is than the next row, in percent, with the
// interval that follows from both rows' intervals.
std::string margin_text(const MeasurementRecord& winner, const MeasurementRecord& next) {
  const auto pct = [](double ratio) { return fixed_or_dash((ratio - 1.0) * 100.0, 2, "%"); };
  std::string text = pct(*next.median_us / *winner.median_us);
  if (const auto range = speedup_interval(winner, next))
    text += " [" + pct(range->lo) + ", " + pct(range->hi) + "]";
  return text;
}

// "; within the run-to-run noise ..." when the winner's interval and the next
// row's are no more than the gate's default noise floor apart: disjoint in
// this run, but back-to-back runs move rows that far (docs/gate.md).
std::string noise_note(const MeasurementRecord& winner, const MeasurementRecord& next) {
  const double apart = median_interval_of(next)->lo - median_interval_of(winner)->hi;
  const double floor = default_noise_floor_us(GateRule{}, *next.median_us, next.env.dotsweep_version);
  if (apart > floor) return "";
  return ", " + fixed_or_dash(apart, 2) + " us apart: within the run-to-run noise, the gate's floor here is " +
         fixed_or_dash(floor, 2) + " us";
}

// The line under a group's table: a winner only when no other row's interval
// reaches the fastest row's, and never in a group the sweep stopped inside.
std::string verdict_line(const GroupStanding& standing, const std::optional<GroupCoverage>& partial) {
  if (partial)
    return "partial group: the sweep stopped inside it, " + std::to_string(partial->measured) + " of " +
           std::to_string(partial->planned) +
           " candidates of its type measured; no verdict until --resume measures it whole\n";
  if (standing.by_median.empty()) return "no correct timed rows\n";
  const auto& fastest = *standing.by_median.front();
  if (standing.tie_group.size() == 1) {
    if (standing.by_median.size() == 1) return "winner: " + markdown_cell(fastest.variant) + " (the only timed row)\n";
    const auto& next = *standing.by_median[1];
    return "winner: " + markdown_cell(fastest.variant) + ", " + margin_text(fastest, next) +
           " faster than the next row, " + markdown_cell(next.variant) + " (intervals disjoint" +
           noise_note(fastest, next) + ")\n";
  }
  std::vector<std::string> ids;
  for (const auto* r : standing.tie_group) ids.push_back(r->variant);
  return "no single winner: " + std::to_string(ids.size()) +
         " rows tie (no row's interval lies wholly below theirs): " + markdown_cell(member_list(ids)) + "\n";
}

// The first few rows, each as `label` writes it, then how many more: a CI
// summary should stay readable.
template <typename Label>
std::string first_rows(const std::vector<const MeasurementRecord*>& rows, Label label) {
  constexpr std::size_t kShown = 5;
  std::string list;
  for (std::size_t i = 0; i < rows.size() && i < kShown; ++i) list += (i ? ", " : "") + label(*rows[i]);
  if (rows.size() > kShown) list += ", and " + std::to_string(rows.size() - kShown) + " more";
  return list;
}

std::string incorrect_line(const std::vector<const MeasurementRecord*>& wrong) {
  return std::to_string(wrong.size()) + (wrong.size() == 1 ? " variant incorrect: " : " variants incorrect: ") +
         first_rows(wrong,
                    [](const MeasurementRecord& r) {
                      return r.variant + (r.reason.empty() ? "" : " (" + markdown_cell(r.reason) + ")");
                    }) +
         "\n";
}

// Rows whose samples ran in two states (core/stats/sample_spread.hpp): their
// median is whichever state held most samples, so a re-run may read the other.
std::string two_states_line(const std::vector<const MeasurementRecord*>& rows) {
  const auto with_spread = [](const MeasurementRecord& r) {
    char spread[32];
    std::snprintf(spread, sizeof spread, " (%.0f%%)", *sample_spread_pct(r));
    return r.variant + spread;
  };
  return std::to_string(rows.size()) + (rows.size() == 1 ? " row" : " rows") +
         " ran in two states, the middle half of the samples spread over more than " +
         std::to_string(static_cast<int>(kTwoStateSpreadPct)) + "% of the median (noise_pct): " +
         first_rows(rows, with_spread) + "; a re-run may read the other state\n";
}

}  // namespace

SweepCsvWriter::SweepCsvWriter(const std::string& path) : path_(path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);  // ec: no such file yet
  const bool resume = !ec && size > 0 && prepare_resume(path);
  errno = 0;
  out_.open(path, std::ios::binary | std::ios::app);
  if (!out_) throw InputError("cannot open '" + path + "' for writing: " + why());
  if (!resume) {
    out_ << csv_line(record_columns());
    out_.flush();
    if (!out_) throw InputError("cannot write to '" + path_ + "': " + why());
  }
}

void SweepCsvWriter::append(const MeasurementRecord& record) {
  errno = 0;
  out_ << csv_line(to_fields(record));
  out_.flush();  // the point of appending: each finished row is on disk
  if (!out_) throw InputError("cannot write to '" + path_ + "': " + why());
}

void write_records(const std::string& path, const std::vector<MeasurementRecord>& records) {
  std::string text = csv_line(record_columns());
  for (const auto& r : records) text += csv_line(to_fields(r));
  replace_file(path, text);
}

// best.csv keeps the full sweep.csv columns rather than a narrower table: the
// margins over cuBLAS and CUB are already there (speedup_vs_cublas/_cub), and
// the same reader, compare and gate then work on it unchanged (they ignore
// columns they do not know). The tie columns come last for that reason.
std::vector<std::string> best_csv_columns() {
  std::vector<std::string> names = record_columns();
  names.insert(names.end(), {"tie_size", "tie_members", "verdict"});
  return names;
}

void write_best_csv(const std::string& path, const std::vector<BestRow>& best) {
  std::string text = csv_line(best_csv_columns());
  for (const auto& b : best) {
    std::vector<std::string> fields = to_fields(b.record);
    fields.insert(fields.end(),
                  {std::to_string(b.tie_size()), member_list(b.tie_members), verdict_name(b.verdict)});
    text += csv_line(fields);
  }
  replace_file(path, text);
}

std::string summary_markdown(const std::vector<MeasurementRecord>& ranked, int top,
                             const std::map<GroupKey, GroupCoverage>& partial) {
  std::string md;
  std::string section;  // the element type whose section is open
  const auto groups = group_by_question(ranked);
  std::vector<const GroupKey*> keys;  // in report order of the types, then n and mode
  for (const auto& group : groups) keys.push_back(&group.first);
  std::stable_sort(keys.begin(), keys.end(), [](const GroupKey* a, const GroupKey* b) {
    return report_order(std::get<0>(*a)) < report_order(std::get<0>(*b));
  });
  for (const GroupKey* key_of_group : keys) {
    const GroupKey& key = *key_of_group;
    const auto& rows = groups.at(key);
    const auto& [type, n, mode] = key;
    if (!md.empty()) md += "\n";
    if (type != section) {
      md += "## " + type + "\n\n";
      section = type;
    }
    md += "### " + type + ", n = " + size_label(n) + ", " + mode + "\n\n";
    MarkdownTable table({{"rank", Align::right},
                         {"best", Align::left},
                         {"variant", Align::left},
                         {"median µs [95% CI]", Align::right},
                         {"GB/s", Align::right},
                         {"% peak", Align::right},
                         {"vs cuBLAS", Align::right},
                         {"vs CUB", Align::right},
                         {"noise %", Align::right},
                         {"rel_err", Align::right},
                         {"front", Align::left}});

    const GroupStanding standing = standing_of(rows);
    Baselines base;
    std::vector<const MeasurementRecord*> leaders, baselines, floors, wrong, capped, two_states;
    // Median order first, so rows of equal rank (a tie group) list fastest first.
    for (const auto* r : standing.by_median)
      if (r->kind == "candidate" && r->rank) leaders.push_back(r);
    for (const auto* r : rows) {
      if (r->variant == kCublasName || r->variant == kCubName || r->variant == kThrustName) baselines.push_back(r);
      if (r->kind == kFloorKind) {  // shown, never judged: it computes nothing
        floors.push_back(r);
        continue;
      }
      if (r->variant == kCublasName && r->median_us && !base.cublas) base.cublas = r;
      if (r->variant == kCubName && r->median_us && !base.cub) base.cub = r;
      if (!r->correct) wrong.push_back(r);
      if (r->capped == true) capped.push_back(r);
      if (r->correct && ran_in_two_states(*r)) two_states.push_back(r);
    }
    std::stable_sort(leaders.begin(), leaders.end(),
                     [](const auto* a, const auto* b) { return *a->rank < *b->rank; });
    if (top >= 0 && leaders.size() > static_cast<std::size_t>(top)) leaders.resize(top);
    // cuBLAS, CUB, thrust, whatever order they were measured in.
    const auto order = [](const MeasurementRecord* r) {
      return r->variant == kCublasName ? 0 : r->variant == kCubName ? 1 : 2;
    };
    std::stable_sort(baselines.begin(), baselines.end(),
                     [&](const auto* a, const auto* b) { return order(a) < order(b); });
    const std::vector<const MeasurementRecord*> front = pareto_front(rows);
    // The front's members beyond the top rows are shown too: the accurate end
    // of the front is often not among the fastest.
    for (const auto* r : front)
      if (std::find(leaders.begin(), leaders.end(), r) == leaders.end()) leaders.push_back(r);
    const auto found = partial.find(key);
    const auto coverage = found == partial.end() ? std::nullopt : std::optional<GroupCoverage>(found->second);
    for (const auto& shown : {leaders, baselines, floors})
      for (const auto* r : shown) table.add_row(table_row(*r, standing, base, front, coverage.has_value()));
    md += table.text();
    md += "\n" + verdict_line(standing, coverage);
    if (!front.empty())
      md += "\n" + std::to_string(front.size()) + " candidate" + (front.size() == 1 ? " is" : "s are") +
            " on the speed/accuracy Pareto front (front = pareto: nothing is both as fast and as accurate)\n";
    for (const auto* r : floors)
      if (r->median_us)
        md += "\nlaunch floor (an empty kernel, timed like every row): " + median_cell(*r) + " µs\n";
    if (const auto witness = witness_of(rows)) md += "\n" + witness_line(*witness);
    if (!wrong.empty()) md += "\n" + incorrect_line(wrong);
    if (!capped.empty())
      md += "\n" + std::to_string(capped.size()) +
            " rows measured under power or thermal capping (column capped, clock_events): their times may "
            "read slow\n";
    if (!two_states.empty()) md += "\n" + two_states_line(two_states);
  }
  return md;
}

void write_text_file(const std::string& path, const std::string& text) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError("cannot write '" + path + "': " + why());
  out << text;
  out.close();
  if (!out) throw InputError("cannot write '" + path + "': " + why());
}

}  // namespace dotsweep
