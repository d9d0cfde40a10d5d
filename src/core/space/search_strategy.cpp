#include "core/space/search_strategy.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

#include "core/input_error.hpp"

namespace dotsweep {

std::string to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::exhaustive: return "exhaustive";
    case Strategy::random: return "random";
    case Strategy::halving: return "halving";
  }
  return "exhaustive";
}

Strategy strategy_from_string(const std::string& text) {
  for (const Strategy s : {Strategy::exhaustive, Strategy::random, Strategy::halving})
    if (text == to_string(s)) return s;
  throw InputError("--strategy: unknown strategy '" + text + "'; accepted: exhaustive, random, halving");
}

namespace {
std::string plain_number(double v) {
  std::ostringstream text;
  text << v;
  return text.str();
}
}  // namespace

void check_strategy_settings(const StrategySettings& s, bool budget_given, bool keep_given) {
  if (budget_given && s.strategy != Strategy::random)
    throw InputError("--budget only applies with --strategy random");
  if (s.strategy == Strategy::random && (!budget_given || s.budget == 0))
    throw InputError("--strategy random needs --budget N, the number of configurations to measure (1 or more)");
  if (keep_given && s.strategy != Strategy::halving) throw InputError("--keep only applies with --strategy halving");
  if (!(s.keep_fraction > 0 && s.keep_fraction <= 1))
    throw InputError("--keep: " + plain_number(s.keep_fraction) +
                     " is out of range; accepted: more than 0, at most 1 (the fraction measured fully)");
}

std::vector<std::size_t> random_selection(std::size_t count, std::size_t budget, std::uint64_t seed) {
  std::vector<std::size_t> all(count);
  std::iota(all.begin(), all.end(), std::size_t{0});
  if (budget >= count) return all;
  // A partial Fisher-Yates shuffle with our own draw: std::uniform_int_distribution
  // differs between standard libraries, and a seed must name the same sample everywhere.
  std::mt19937_64 engine(seed);
  for (std::size_t i = 0; i < budget; ++i) {
    const std::size_t span = count - i;
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % span;  // rejection keeps every index equally likely
    std::uint64_t draw = engine();
    while (draw >= limit) draw = engine();
    std::swap(all[i], all[i + static_cast<std::size_t>(draw % span)]);
  }
  all.resize(budget);
  std::sort(all.begin(), all.end());
  return all;
}

std::vector<std::int64_t> screen_sizes(std::vector<std::int64_t> sizes) {
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  if (sizes.size() <= 3) return sizes;
  return {sizes.front(), sizes[sizes.size() / 2], sizes.back()};
}

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
