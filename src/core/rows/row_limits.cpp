#include "core/rows/row_limits.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "core/io/csv.hpp"
#include "core/rows/worker_protocol.hpp"
#include "core/space/element_type.hpp"
#include "core/space/size_list.hpp"
#include "core/space/timing_mode.hpp"

namespace dotsweep {

namespace {

std::string limits_joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

int widest_element_bytes() {
  int widest = 0;
  for (const ElementType type : all_element_types()) widest = std::max(widest, element_bytes(type));
  return widest;
}

}  // namespace

double shortest_time_us(std::size_t launches) {
  return kTimerTickUs / static_cast<double>(std::max<std::size_t>(launches, 1));
}

double longest_time_us() {
  StoppingRule no_budget;
  no_budget.budget_seconds = 0;
  return 1e6 * watchdog_deadline(kMaxCheckedN, widest_element_bytes(), kHostPathWatchdogGbps, 1, no_budget, 1);
}

std::string size_refusal(const MeasurementRecord& row) {
  if (row.n >= 1 && row.n <= kMaxCheckedN) return "";
  return "is not a size a sweep measures (1..2^29 = " + std::to_string(kMaxCheckedN) + ")";
}

std::string element_type_refusal(const MeasurementRecord& row) {
  if (element_type_from_string(row.type)) return "";
  std::vector<std::string> names;
  for (const ElementType type : all_element_types()) names.push_back(to_string(type));
  return "is not an element type (" + limits_joined(names) + ")";
}

std::string timing_mode_refusal(const MeasurementRecord& row) {
  // parse_timing_modes holds the one vocabulary; a row names one mode.
  try {
    if (parse_timing_modes(row.mode).size() == 1) return "";
  } catch (const InputError&) {
  }
  return "is not a timing mode (" + to_string(TimingMode::cold) + " or " + to_string(TimingMode::hot) + ")";
}

std::string row_kind_refusal(const MeasurementRecord& row) {
  const auto& kinds = row_kinds();
  if (std::find(kinds.begin(), kinds.end(), row.kind) != kinds.end()) return "";
  return "is not a row kind (" + limits_joined(kinds) + ")";
}

std::string time_refusal(double us, std::size_t launches) {
  if (!(us > 0)) return "is not above zero: not a measured time";
  const double shortest = shortest_time_us(launches);
  if (us < shortest)
    return "is below one timer tick per launch (" + csv_number(kTimerTickUs) + " us over " +
           std::to_string(std::max<std::size_t>(launches, 1)) + " launch(es) = " + csv_number(shortest) +
           " us): no time was measured";
  if (us > longest_time_us())
    return "is above " + csv_number(longest_time_us()) +
           " us, the watchdog's deadline for one launch of the slowest path at the largest n: not a measured time";
  return "";
}

}  // namespace dotsweep
