#include "core/report/counter_rows.hpp"

#include <map>
#include <string>
#include <tuple>

#include "core/report/counter_metrics.hpp"

namespace dotsweep {

namespace {

using RowModeKey = std::tuple<std::string, std::string, std::int64_t, std::string>;

RowModeKey counter_row_key(const MeasurementRecord& row) { return {row.variant, row.type, row.n, row.mode}; }

}  // namespace

void merge_counter_rows(std::vector<MeasurementRecord>& rows, const std::vector<MeasurementRecord>& counter_rows) {
  std::map<RowModeKey, const MeasurementRecord*> latest;
  for (const auto& row : counter_rows) latest[counter_row_key(row)] = &row;
  for (auto& row : rows) {
    if (row.cupti_status != cupti_status::pending) continue;
    const auto found = latest.find(counter_row_key(row));
    if (found != latest.end()) row = *found->second;
    else row.cupti_status = cupti_status::interrupted;
  }
}

}  // namespace dotsweep
