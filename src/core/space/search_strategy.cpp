#include "core/space/search_strategy.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <sstream>

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

}  // namespace dotsweep
