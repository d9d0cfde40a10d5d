// Successive halving's cut (--strategy halving, core/space/search_strategy.hpp):
// which candidates of the screening rows are measured fully.
#pragma once

#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

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
