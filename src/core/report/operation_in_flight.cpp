#include "core/report/operation_in_flight.hpp"

namespace dotsweep {

namespace {
bool same(const RowKey& a, const RowKey& b) { return !(a < b) && !(b < a); }
}  // namespace

void OperationInFlight::started(const RowKey& key) {
  last_started_ = key;
  last_started_finished_ = false;
}

std::optional<bool> OperationInFlight::handed_over(const RowKey& key) {
  if (++rows_[key] != modes_) return std::nullopt;
  const bool is_last = last_started_ && same(key, *last_started_);
  const bool in_flight = is_last || last_started_finished_;
  if (is_last) last_started_finished_ = true;
  return in_flight;
}

}  // namespace dotsweep
