// Which configurations of a space a sweep measures (--strategy): all of them
// (exhaustive, the default), a random sample of --budget N, or successive
// halving: every configuration screened with a few samples at a few sizes,
// then the best --keep fraction of each element type measured fully.
// Baselines (cuBLAS, CUB) are always measured; these choose among candidates.
// Which candidates survive halving's screening: core/stats/halving_survivors.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dotsweep {

enum class Strategy { exhaustive, random, halving };
std::string to_string(Strategy strategy);
// Throws InputError naming --strategy and the accepted names.
Strategy strategy_from_string(const std::string& text);

inline constexpr std::size_t kScreenSamples = 5;     // samples per screened row (min = max)
inline constexpr double kDefaultKeepFraction = 0.25;  // halving's share measured fully

struct StrategySettings {
  Strategy strategy = Strategy::exhaustive;
  std::size_t budget = 0;                   // random: configurations to measure (required, >= 1)
  double keep_fraction = kDefaultKeepFraction;  // halving: (0, 1]
};

// Checks the options' relations: --budget only with random (and required
// there), --keep only with halving and in (0, 1]. Throws InputError.
void check_strategy_settings(const StrategySettings& settings, bool budget_given, bool keep_given);

// random: `budget` distinct indices of 0..count-1 drawn uniformly with
// `seed` (the same seed gives the same sample), ascending; every index when
// budget >= count.
std::vector<std::size_t> random_selection(std::size_t count, std::size_t budget, std::uint64_t seed);

// halving's screening sizes, taken from the sweep's (ascending, distinct):
// the smallest, the one in the middle and the largest.
std::vector<std::int64_t> screen_sizes(std::vector<std::int64_t> sizes);

}  // namespace dotsweep
