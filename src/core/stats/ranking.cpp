// Ranks rows against the others that answer the same question: same element
// type, same n, same timing mode. Comparing a hot time to a cold one, or
// n = 2^20 to 2^28, would rank the question rather than the kernel.
#include "core/stats/ranking.hpp"

#include <algorithm>
#include <cmath>

#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

const MeasurementRecord* find_variant(const std::vector<const MeasurementRecord*>& rows, const char* name) {
  for (const auto* r : rows)
    if (r->variant == name && r->median_us) return r;
  return nullptr;
}

}  // namespace

void rank_records(std::vector<MeasurementRecord>& records) {
  // The standing is computed over const views; `at` turns a view back into
  // the row it points at.
  const auto at = [&](const MeasurementRecord* view) -> MeasurementRecord& {
    return records[static_cast<std::size_t>(view - records.data())];
  };
  for (const auto& [key, rows] : group_by_question(records)) {
    for (const auto* r : rows) {
      at(r).rank.reset();  // re-ranking (e.g. after a resume) starts clean
      at(r).tied_best.reset();
    }
    const GroupStanding standing = standing_of(rows);
    std::size_t lower_medians = 0;  // rows ahead of this one by a strictly lower median
    for (std::size_t i = 0; i < standing.by_median.size(); ++i) {
      const auto* r = standing.by_median[i];
      if (i > 0 && *r->median_us != *standing.by_median[i - 1]->median_us) lower_medians = i;
      const bool tied = standing.tied(r);
      at(r).tied_best = tied;
      at(r).rank = tied ? 1 : static_cast<int>(lower_medians + 1);
    }

    const auto* cublas = find_variant(rows, kCublasName);
    const auto* cub = find_variant(rows, kCubName);
    for (const auto* view : rows) {
      auto& rec = at(view);
      rec.speedup_vs_cublas.reset();
      rec.speedup_vs_cub.reset();
      if (rec.kind == kFloorKind) {  // reports of 0.2.0 and before gave it a bandwidth
        rec.gbps.reset();
        rec.pct_peak.reset();
        continue;
      }
      if (rec.kind == kHostPathKind) continue;  // no library baseline answers its question
      if (!rec.median_us || !(*rec.median_us > 0)) continue;
      if (cublas) rec.speedup_vs_cublas = *cublas->median_us / *rec.median_us;
      if (cub) rec.speedup_vs_cub = *cub->median_us / *rec.median_us;
    }
  }
}

std::vector<const MeasurementRecord*> pareto_front(const std::vector<const MeasurementRecord*>& group) {
  std::vector<const MeasurementRecord*> contenders;
  for (const auto* r : group)
    if (r->kind == "candidate" && r->correct && r->median_us && r->rel_err && std::isfinite(*r->rel_err))
      contenders.push_back(r);
  const auto dominates = [](const MeasurementRecord* x, const MeasurementRecord* y) {
    const bool no_worse = *x->median_us <= *y->median_us && *x->rel_err <= *y->rel_err;
    const bool better = *x->median_us < *y->median_us || *x->rel_err < *y->rel_err;
    return no_worse && better;
  };
  std::vector<const MeasurementRecord*> front;
  for (const auto* r : contenders)
    if (std::none_of(contenders.begin(), contenders.end(), [&](const auto* other) { return dominates(other, r); }))
      front.push_back(r);
  std::stable_sort(front.begin(), front.end(), [](const auto* a, const auto* b) {
    if (*a->median_us != *b->median_us) return *a->median_us < *b->median_us;
    return a->variant < b->variant;
  });
  return front;
}

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::winner: return "winner";
    case Verdict::tie: return "tie";
    case Verdict::baseline: return "baseline";
    case Verdict::partial: return "partial";
  }
  return "?";
}

std::vector<BestRow> best_per_group(const std::vector<MeasurementRecord>& ranked,
                                    const std::map<GroupKey, GroupCoverage>& partial) {
  std::vector<BestRow> best;
  for (const auto& [key, rows] : group_by_question(ranked)) {
    const GroupStanding standing = standing_of(rows);
    // Baselines are the yardstick, not contestants: the best row is the
    // fastest candidate, and the verdict says how it stands against all rows.
    const MeasurementRecord* fastest_candidate = nullptr;
    for (const auto* r : standing.by_median)
      if (r->kind == "candidate") {
        fastest_candidate = r;
        break;
      }
    if (!fastest_candidate) continue;
    BestRow row;
    row.record = *fastest_candidate;
    for (const auto* r : standing.tie_group) row.tie_members.push_back(r->variant);
    // Out of the tie group only when a faster row (a baseline, since this
    // is the fastest candidate) leads without overlapping it.
    if (partial.count(key))
      row.verdict = Verdict::partial;
    else if (!standing.tied(fastest_candidate))
      row.verdict = Verdict::baseline;
    else
      row.verdict = standing.tie_group.size() == 1 ? Verdict::winner : Verdict::tie;
    best.push_back(std::move(row));
  }
  return best;
}

bool host_timed_baseline(const std::string& name) { return name == kThrustName; }

bool host_timed_row(const MeasurementRecord& row) {
  return (row.kind == "baseline" && host_timed_baseline(row.variant)) || row.kind == kHostPathKind;
}

}  // namespace dotsweep
