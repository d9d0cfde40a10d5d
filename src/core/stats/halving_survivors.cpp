#include "core/stats/halving_survivors.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace dotsweep {

std::vector<std::string> halving_survivors(const std::vector<MeasurementRecord>& rows, double keep_fraction) {
  using Question = std::tuple<std::string, std::int64_t, std::string>;  // type, n, mode
  std::map<Question, double> fastest;
  std::map<std::string, std::set<Question>> questions_of_type;
  for (const auto& r : rows) {
    if (r.kind != "candidate") continue;
    const Question q{r.type, r.n, r.mode};
    questions_of_type[r.type].insert(q);
    if (r.correct && r.median_us && *r.median_us > 0) {
      auto [at, fresh] = fastest.try_emplace(q, *r.median_us);
      if (!fresh) at->second = std::min(at->second, *r.median_us);
    }
  }
  // Per (type, variant): the log ratios over the questions it answered cleanly.
  std::map<std::pair<std::string, std::string>, std::vector<double>> log_ratios;
  std::set<std::pair<std::string, std::string>> disqualified;
  for (const auto& r : rows) {
    if (r.kind != "candidate") continue;
    const std::pair<std::string, std::string> who{r.type, r.variant};
    if (!r.correct || !r.median_us || !(*r.median_us > 0)) {
      disqualified.insert(who);
      continue;
    }
    log_ratios[who].push_back(std::log(*r.median_us / fastest.at({r.type, r.n, r.mode})));
  }
  std::map<std::string, std::vector<std::pair<double, std::string>>> scored;  // type -> (score, id)
  const auto clean = [&](const std::pair<std::string, std::string>& who) {
    const auto found = log_ratios.find(who);
    return !disqualified.count(who) && found != log_ratios.end() &&
           found->second.size() == questions_of_type[who.first].size();
  };
  for (const auto& [who, logs] : log_ratios) {
    if (!clean(who)) continue;
    const double mean_log = std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(logs.size());
    scored[who.first].push_back({mean_log, who.second});
  }
  std::set<std::string> kept;
  for (auto& [type, list] : scored) {
    std::sort(list.begin(), list.end());
    const auto keep = std::max<std::size_t>(
        1, static_cast<std::size_t>(std::ceil(keep_fraction * static_cast<double>(list.size()) - 1e-9)));
    for (std::size_t i = 0; i < std::min(keep, list.size()); ++i) kept.insert(list[i].second);
  }
  // Each question's fastest clean candidate (ties by id).
  std::map<Question, std::pair<double, std::string>> winner;
  for (const auto& r : rows) {
    if (r.kind != "candidate" || !clean({r.type, r.variant})) continue;
    const Question q{r.type, r.n, r.mode};
    const std::pair<double, std::string> entry{*r.median_us, r.variant};
    auto [at, fresh] = winner.try_emplace(q, entry);
    if (!fresh) at->second = std::min(at->second, entry);
  }
  for (const auto& [question, entry] : winner) kept.insert(entry.second);
  return {kept.begin(), kept.end()};
}

}  // namespace dotsweep
