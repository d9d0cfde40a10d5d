#include "core/timing_mode.hpp"

#include <algorithm>
#include <sstream>

#include "core/input_error.hpp"

namespace dotsweep {

std::string to_string(TimingMode mode) { return mode == TimingMode::cold ? "cold" : "hot"; }

std::vector<TimingMode> parse_timing_modes(const std::string& text) {
  std::vector<TimingMode> modes;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, ',');) {
    if (part.empty()) continue;
    TimingMode mode;
    if (part == "cold") mode = TimingMode::cold;
    else if (part == "hot") mode = TimingMode::hot;
    else throw InputError("--mode: unknown mode '" + part + "' (use cold, hot or cold,hot)");
    if (std::find(modes.begin(), modes.end(), mode) == modes.end()) modes.push_back(mode);
  }
  if (modes.empty()) throw InputError("--mode: give cold, hot or cold,hot");
  return modes;
}

}  // namespace dotsweep
