#include "core/report/what_to_use.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/export/dispatch_table.hpp"
#include "core/input_error.hpp"
#include "core/io/markdown_text.hpp"
#include "core/space/element_type.hpp"
#include "core/space/size_list.hpp"
#include "core/stats/ranking.hpp"

namespace dotsweep {

namespace {

// Export's pick per measured n of one (type, mode): the variant of the
// dispatch range holding n. Throws InputError when a row's axis columns do
// not spell its id (the choice needs each config).
std::map<std::int64_t, std::string> export_picks(const std::vector<MeasurementRecord>& ranked, const std::string& type,
                                                 const std::string& mode) {
  std::map<std::int64_t, std::string> picks;
  const std::vector<SizeChoices> sizes = size_choices_of(ranked, type, mode, "summary.md");
  if (sizes.empty()) return picks;
  const std::vector<TableRange> ranges = choose_ranges(sizes);
  for (const auto& size : sizes)
    for (const auto& range : ranges)
      if (size.n >= range.n_min && size.n <= range.n_max) picks[size.n] = range.config.id();
  return picks;
}

const MeasurementRecord* timed_correct(const std::vector<const MeasurementRecord*>& rows, const char* name) {
  for (const auto* r : rows)
    if (r->variant == name && r->kind != kFloorKind && r->correct && r->median_us) return r;
  return nullptr;
}

BaselineMargin margin_over(const MeasurementRecord& kernel, const MeasurementRecord& baseline, const GateRule& rule) {
  BaselineMargin m;
  m.speedup = *baseline.median_us / *kernel.median_us;
  m.range = speedup_interval(kernel, baseline);
  const Interval k = *median_interval_of(kernel), b = *median_interval_of(baseline);
  m.separation_us = *kernel.median_us <= *baseline.median_us ? b.lo - k.hi : k.lo - b.hi;
  m.floor_us = default_noise_floor_us(rule, *baseline.median_us, baseline.env.dotsweep_version);
  m.within_noise = m.separation_us <= m.floor_us;
  return m;
}

Recommendation recommend(const GroupKey& key, const std::vector<const MeasurementRecord*>& rows,
                         const std::string& picked, const std::string& unreadable, bool partial,
                         const GateRule& rule) {
  Recommendation rec;
  rec.key = key;
  const GroupStanding standing = standing_of(rows);
  rec.tie_size = standing.tie_group.size();
  if (!standing.by_median.empty()) rec.fastest = standing.by_median.front()->variant;
  if (partial) {
    rec.pick = Pick::partial;
    rec.why_none = "the sweep stopped inside this group";
    return rec;
  }
  if (!unreadable.empty()) {
    rec.pick = Pick::none;
    rec.why_none = unreadable;
    return rec;
  }
  const auto chosen = std::find_if(standing.by_median.begin(), standing.by_median.end(),
                                   [&](const auto* r) { return r->kind == "candidate" && r->variant == picked; });
  if (picked.empty() || chosen == standing.by_median.end()) {
    rec.pick = Pick::none;
    rec.why_none = "no correct timed candidate";
    return rec;
  }
  const MeasurementRecord& row = **chosen;
  rec.variant = row.variant;
  rec.median_us = row.median_us;
  rec.interval = median_interval_of(row);
  if (!standing.tied(&row)) rec.pick = Pick::baseline_faster;
  else rec.pick = standing.tie_group.size() == 1 ? Pick::winner : Pick::tie;
  if (const auto* cublas = timed_correct(rows, kCublasName)) rec.vs_cublas = margin_over(row, *cublas, rule);
  if (const auto* cub = timed_correct(rows, kCubName)) rec.vs_cub = margin_over(row, *cub, rule);
  return rec;
}

std::string interval_text(const Interval& i, int decimals) {
  return "[" + fixed_or_dash(i.lo, decimals) + ", " + fixed_or_dash(i.hi, decimals) + "]";
}

std::string margin_cell(const std::optional<BaselineMargin>& m) {
  if (!m) return "—";
  std::string text = fixed_or_dash(m->speedup, 2, "x");
  if (m->range) text += " " + interval_text(*m->range, 2);
  if (m->within_noise) text += " within noise";
  return text;
}

std::string basis_cell(const Recommendation& r) {
  switch (r.pick) {
    case Pick::winner: return "winner";
    case Pick::tie: return "tie of " + std::to_string(r.tie_size) + ", export's pick";
    case Pick::baseline_faster: return markdown_cell(r.fastest) + " is faster; the fastest kernel";
    case Pick::partial:
    case Pick::none: return "no recommendation: " + markdown_cell(r.why_none);
  }
  return "";
}

}  // namespace

std::vector<Recommendation> what_to_use(const std::vector<MeasurementRecord>& ranked,
                                        const std::map<GroupKey, GroupCoverage>& partial, const GateRule& rule) {
  const auto groups = group_by_question(ranked);
  // Export's picks per (type, mode), or why there are none.
  std::map<std::pair<std::string, std::string>, std::map<std::int64_t, std::string>> picks;
  std::map<std::pair<std::string, std::string>, std::string> unreadable;
  for (const auto& [key, rows] : groups) {
    const std::pair<std::string, std::string> type_mode{std::get<0>(key), std::get<2>(key)};
    if (picks.count(type_mode) || unreadable.count(type_mode)) continue;
    try {
      picks[type_mode] = export_picks(ranked, type_mode.first, type_mode.second);
    } catch (const InputError& e) {
      unreadable[type_mode] = std::string("rows do not spell their configuration (") + e.what() + ")";
    }
  }
  std::vector<Recommendation> table;
  for (const auto& [key, rows] : groups) {
    const std::pair<std::string, std::string> type_mode{std::get<0>(key), std::get<2>(key)};
    const auto& size_picks = picks[type_mode];
    const auto picked = size_picks.find(std::get<1>(key));
    table.push_back(recommend(key, rows, picked == size_picks.end() ? "" : picked->second, unreadable[type_mode],
                              partial.count(key) > 0, rule));
  }
  std::stable_sort(table.begin(), table.end(), [](const Recommendation& a, const Recommendation& b) {
    return std::make_tuple(report_order(std::get<0>(a.key)), std::get<0>(a.key), std::get<2>(a.key), std::get<1>(a.key)) <
           std::make_tuple(report_order(std::get<0>(b.key)), std::get<0>(b.key), std::get<2>(b.key), std::get<1>(b.key));
  });
  return table;
}

std::string what_to_use_markdown(const std::vector<Recommendation>& table, const GateRule& rule) {
  if (table.empty()) return "";
  std::size_t ties = 0, noisy = 0;
  for (const auto& r : table) {
    ties += r.pick == Pick::tie;
    noisy += (r.vs_cublas && r.vs_cublas->within_noise) || (r.vs_cub && r.vs_cub->within_noise);
  }
  std::string md =
      "## What to use\n\n"
      "Per type, size and timing mode: the kernel to run, its median time with the 95% interval, and how many "
      "times faster it is than cuBLAS and CUB (baseline median / its median, with the interval that follows "
      "from both rows' intervals). The detail per group follows below.\n\n";
  MarkdownTable uses({{"type", Align::left},
                      {"n", Align::right},
                      {"mode", Align::left},
                      {"use", Align::left},
                      {"median µs [95% CI]", Align::right},
                      {"vs cuBLAS", Align::right},
                      {"vs CUB", Align::right},
                      {"basis", Align::left}});
  for (const auto& r : table) {
    const auto& [type, n, mode] = r.key;
    std::string time = fixed_or_dash(r.median_us, 2);
    if (r.interval) time += " " + interval_text(*r.interval, 2);
    uses.add_row({type, size_label(n), mode, r.variant.empty() ? "—" : markdown_cell(r.variant), time,
                  margin_cell(r.vs_cublas), margin_cell(r.vs_cub), basis_cell(r)});
  }
  md += uses.text();
  md += "\n**tie**: " + std::to_string(ties) + " of " + std::to_string(table.size()) +
        " groups have no single winner (no row's interval lies wholly below the others'); any member is a correct "
        "choice, and the one shown is the one `dotsweep export` puts in its table: " +
        std::string(kChoiceRule) + ".\n";
  md += "\n**within noise**: " + std::to_string(noisy) +
        " groups have a speedup so marked: the kernel's and the library's 95% intervals are no more than the "
        "gate's noise floor apart (" +
        general_number(rule.min_gap_us.value_or(0)) + " us + " + general_number(rule.min_gap_pct) +
        "% of the library's median, docs/gate.md), so `dotsweep gate` would not call a change of that size "
        "between two runs a regression and one run does not establish it. A run's intervals describe only its "
        "own sampling noise; the floor covers how far back-to-back runs moved rows (docs/gate.md: on the H200, "
        "launch-bound cold rows by up to 1.5 us when cold timing launched into the stream, dotsweep 0.1, and "
        "by about 0.3 us since it replays graphs; hot rows move less, so there the mark is cautious).\n";
  md += "\n—: the group has no correct timed row of that library.\n";
  return md;
}

}  // namespace dotsweep
