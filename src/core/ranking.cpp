// Ranks rows against the others that answer the same question: same element
// type, same n, same timing mode. Comparing a hot time to a cold one, or
// n = 2^20 to 2^28, would rank the question rather than the kernel.
#include "core/ranking.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace dotsweep {

namespace {

using GroupKey = std::tuple<std::string, std::int64_t, std::string>;

GroupKey key_of(const MeasurementRecord& r) { return {r.type, r.n, r.mode}; }

// Row indices per group, groups in ascending (type, n, mode) order.
template <class Records>
std::map<GroupKey, std::vector<std::size_t>> group_rows(const Records& records) {
  std::map<GroupKey, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < records.size(); ++i) groups[key_of(records[i])].push_back(i);
  return groups;
}

std::optional<double> baseline_median(const std::vector<MeasurementRecord>& records,
                                      const std::vector<std::size_t>& rows, const char* name) {
  for (std::size_t i : rows)
    if (records[i].variant == name && records[i].median_us) return records[i].median_us;
  return std::nullopt;
}

}  // namespace

void rank_records(std::vector<MeasurementRecord>& records) {
  for (const auto& [key, rows] : group_rows(records)) {
    // Only a correct result with a time competes; a fast wrong answer ranks nowhere.
    std::vector<std::size_t> ranked;
    for (std::size_t i : rows) {
      records[i].rank.reset();  // re-ranking (e.g. after a resume) starts clean
      if (records[i].correct && records[i].median_us) ranked.push_back(i);
    }
    // Ties broken by id so the order is the same on every run.
    std::stable_sort(ranked.begin(), ranked.end(), [&](std::size_t a, std::size_t b) {
      return std::tie(*records[a].median_us, records[a].variant) <
             std::tie(*records[b].median_us, records[b].variant);
    });
    for (std::size_t r = 0; r < ranked.size(); ++r) records[ranked[r]].rank = static_cast<int>(r + 1);

    const auto cublas = baseline_median(records, rows, kCublasName);
    const auto cub = baseline_median(records, rows, kCubName);
    for (std::size_t i : rows) {
      auto& rec = records[i];
      rec.speedup_vs_cublas.reset();
      rec.speedup_vs_cub.reset();
      if (!rec.median_us || !(*rec.median_us > 0)) continue;
      if (cublas) rec.speedup_vs_cublas = *cublas / *rec.median_us;
      if (cub) rec.speedup_vs_cub = *cub / *rec.median_us;
    }
  }
}

std::vector<MeasurementRecord> best_per_group(const std::vector<MeasurementRecord>& ranked) {
  std::vector<MeasurementRecord> best;
  for (const auto& [key, rows] : group_rows(ranked)) {
    const MeasurementRecord* winner = nullptr;
    for (std::size_t i : rows) {
      const auto& r = ranked[i];
      // Baselines are the yardstick, not contestants.
      if (r.kind != "candidate" || !r.rank) continue;
      if (!winner || *r.rank < *winner->rank) winner = &r;
    }
    if (winner) best.push_back(*winner);
  }
  return best;
}

}  // namespace dotsweep
