#include "core/gate/two_state_note.hpp"

#include <algorithm>
#include <cstdio>

#include "core/stats/sample_spread.hpp"

namespace dotsweep {

namespace {

std::string spread_text(double pct) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%%", pct);
  return std::string(buf) + " of the median";
}

}  // namespace

std::string two_state_note(const MeasurementRecord& baseline, const std::vector<const MeasurementRecord*>& current) {
  std::vector<std::string> sides;
  if (ran_in_two_states(baseline)) sides.push_back("the baseline (IQR " + spread_text(*sample_spread_pct(baseline)) + ")");
  std::size_t split = 0;
  double widest = 0;
  for (const auto* c : current)
    if (ran_in_two_states(*c)) {
      ++split;
      widest = std::max(widest, *sample_spread_pct(*c));
    }
  if (split > 0) {
    const std::string which = current.size() == 1 ? std::string("the current report")
                                                   : std::to_string(split) + " of " + std::to_string(current.size()) +
                                                         " current reports";
    sides.push_back(which + " (IQR " + (split > 1 ? "up to " : "") + spread_text(widest) + ")");
  }
  if (sides.empty()) return "";
  std::string note = "samples in two states in ";
  for (std::size_t i = 0; i < sides.size(); ++i) note += (i ? " and " : "") + sides[i];
  return note + ": re-run to confirm";
}

}  // namespace dotsweep
