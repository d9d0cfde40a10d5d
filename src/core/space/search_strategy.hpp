// Which configurations of a space a sweep measures (--strategy): all of them
// (exhaustive, the default), a random sample of --budget N, or successive
// halving: every configuration screened with a few samples at a few sizes,
// then the best --keep fraction of each element type measured fully.
// Baselines (cuBLAS, CUB) are always measured; these choose among candidates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/report/record.hpp"

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

// halving's survivors from the screening rows: per element type, candidates
// are scored by the geometric mean over the screened questions (n, mode) of
// their median over that question's fastest candidate median, and the best
// ceil(keep_fraction x scored) are kept (at least one per type; ties by id);
// so is each screened question's fastest scored candidate, which a score
// over every question can leave out (a one-block kernel fastest at n = 4096
// and tens of times slower at 2^24). A candidate that was incorrect, or
// missing a timed row, for any question of its type is not kept: halving
// only measures fully what screened cleanly. Returns the variant ids kept,
// sorted.
std::vector<std::string> halving_survivors(const std::vector<MeasurementRecord>& screen_rows, double keep_fraction);

}  // namespace dotsweep
