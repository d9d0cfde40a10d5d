#include "core/report/counter_witness.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/space/element_type.hpp"
#include "core/stats/ranking.hpp"
#include "core/sampling/statistics.hpp"

namespace dotsweep {

namespace {

bool judged(const MeasurementRecord& r) {
  return r.correct && r.median_us && r.gpu_time_us && *r.gpu_time_us > 0 && r.kind != kFloorKind &&
         !host_timed_row(r);
}

std::string signed_us(double us) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f", us);
  return text;
}

}  // namespace

std::optional<WitnessSummary> witness_of(const std::vector<const MeasurementRecord*>& rows) {
  WitnessSummary s;
  std::vector<double> gaps;
  for (const MeasurementRecord* r : rows) {
    if (!judged(*r)) continue;
    ++s.rows;
    gaps.push_back(*r->gpu_time_us - *r->median_us);
    if (std::abs(*r->median_us / *r->gpu_time_us - 1.0) <= kWitnessTolerance) ++s.agree;
    const auto type = element_type_from_string(r->type);
    const double input_bytes = type ? 2.0 * static_cast<double>(r->n) * element_bytes(*type) : 0.0;
    if (r->dram_read_bytes && input_bytes >= kWitnessMinInputBytes) {
      const double ratio = *r->dram_read_bytes / input_bytes;
      s.min_read_ratio = std::min(s.min_read_ratio.value_or(ratio), ratio);
      s.max_read_ratio = std::max(s.max_read_ratio.value_or(ratio), ratio);
    }
  }
  if (gaps.empty()) return std::nullopt;
  s.median_gap_us = quantile(gaps, 0.5);
  s.min_gap_us = *std::min_element(gaps.begin(), gaps.end());
  s.max_gap_us = *std::max_element(gaps.begin(), gaps.end());
  return s;
}

std::string witness_line(const WitnessSummary& s) {
  std::string line = "counters (" + std::to_string(s.rows) + (s.rows == 1 ? " row" : " rows") +
                     "): gpu_time - median " + signed_us(s.median_gap_us) + " us (" + signed_us(s.min_gap_us) +
                     " .. " + signed_us(s.max_gap_us) + "), " + std::to_string(s.agree) + " of " +
                     std::to_string(s.rows) + " within " +
                     std::to_string(static_cast<int>(std::lround(kWitnessTolerance * 100))) + "%";
  if (s.min_read_ratio && s.max_read_ratio) {
    char text[64];
    std::snprintf(text, sizeof text, "%.3f-%.3f", *s.min_read_ratio, *s.max_read_ratio);
    line += std::string("; DRAM bytes read ") + text + " x the inputs";
  }
  return line + "\n";
}

}  // namespace dotsweep
