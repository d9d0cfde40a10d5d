// The tuned dispatch table `dotsweep export` writes: per compute capability
// and element type, ranges of n -> the variant that runs there, chosen from
// the tie groups of a report (core/stats/tie_group.hpp). This is the model; the
// printers (core/export/dispatch_header.hpp, core/export/kernel_tuner_results.hpp) only
// spell it.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/rows/record.hpp"
#include "core/space/variant_config.hpp"

namespace dotsweep {

// A candidate variant that may run at one measured size, and its median there.
struct SizeCandidate {
  VariantConfig config;
  double median_us = 0;
};
// The candidates of one measured size: the variants tied with the fastest
// row there, or the fastest variant alone when no variant is tied (the
// fastest row was a library baseline).
struct SizeChoices {
  std::int64_t n = 0;
  std::vector<SizeCandidate> candidates;
};

// The last range has no end.
inline constexpr std::int64_t kNoEnd = std::numeric_limits<std::int64_t>::max();

// n in [n_min, n_max] runs `config`; `measured` holds its median at each
// measured size the range holds, ascending.
struct TableRange {
  std::int64_t n_min = 0, n_max = kNoEnd;
  VariantConfig config;
  std::vector<std::pair<std::int64_t, double>> measured;
};

// The rule choose_ranges applies, in words, for the header comment and docs.
extern const char* const kChoiceRule;

// The table of one type: sizes taken in ascending n and grouped greedily into
// ranges, each as long as one variant is a candidate at every size in it
// (which gives the fewest ranges any choice can); the range runs the variant
// with the least sum of medians over its sizes (then the smaller id).
// Neighbouring ranges meet at range_boundary of the sizes either side; the
// first starts at 0, the last has no end. Throws std::invalid_argument when
// `sizes` is empty, repeats an n or a size has no candidate.
std::vector<TableRange> choose_ranges(std::vector<SizeChoices> sizes);

// Where a range ending at measured size `below` gives way to one starting at
// `above` (below < above): floor(sqrt(below x above)), the geometric mean,
// since sizes are spaced by factors. The result is in [below, above).
std::int64_t range_boundary(std::int64_t below, std::int64_t above);

// The config a candidate row names, from its axis columns. Throws InputError
// naming `origin` when a column does not parse or the config's id is not the
// row's variant id (the columns and the id would disagree about the kernel).
VariantConfig config_of_row(const MeasurementRecord& row, const std::string& origin);

// The choices per measured size of one type from the rows of one report, in
// one timing mode: each (n) group's standing (core/stats/tie_group.hpp). Sizes
// with no correct candidate row are left out. `origin` names the report in
// errors.
std::vector<SizeChoices> size_choices_of(const std::vector<MeasurementRecord>& rows, const std::string& type,
                                         const std::string& mode, const std::string& origin);

}  // namespace dotsweep
