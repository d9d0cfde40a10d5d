#include "core/space/timing_mode.hpp"

#include <algorithm>
#include <sstream>

#include "core/input_error.hpp"

namespace dotsweep {

std::string to_string(TimingMode mode) { return mode == TimingMode::cold ? "cold" : "hot"; }

std::vector<TimingMode> parse_timing_modes(const std::string& text) {
  const std::string accepted = "; accepted: cold, hot, cold,hot or hot,cold";
  std::vector<TimingMode> modes;
  std::stringstream stream(text);
  // A repeated or empty item is a typo, refused rather than quietly dropped:
  // the list is two names at most, unlike --sizes, where ranges may overlap.
  for (std::string part; std::getline(stream, part, ',');) {
    if (part.empty()) throw InputError("--mode '" + text + "' has an empty item" + accepted);
    TimingMode mode;
    if (part == "cold") mode = TimingMode::cold;
    else if (part == "hot") mode = TimingMode::hot;
    else throw InputError("--mode: unknown mode '" + part + "'" + accepted);
    if (std::find(modes.begin(), modes.end(), mode) != modes.end())
      throw InputError("--mode '" + text + "' names " + part + " twice" + accepted);
    modes.push_back(mode);
  }
  if (modes.empty() || text.back() == ',') throw InputError("--mode '" + text + "' has an empty item" + accepted);
  return modes;
}

}  // namespace dotsweep
