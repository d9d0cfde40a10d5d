// The two questions a timing answers (docs/measuring.md): `cold`, one launch
// with the L2 evicted, and `hot`, back-to-back launches as a solver loop runs
// them. The enum is the program's one spelling; CSV and CLI use to_string.
#pragma once

#include <string>
#include <vector>

namespace dotsweep {

enum class TimingMode { cold, hot };

std::string to_string(TimingMode mode);  // "cold" | "hot"
// "cold", "hot", "cold,hot" or "hot,cold", in the order given; throws
// InputError naming an unknown mode, a mode given twice or an empty item.
std::vector<TimingMode> parse_timing_modes(const std::string& text);

}  // namespace dotsweep
