// The measuring loop of a sweep: every size through the SizeMeasurer, less
// the (variant, type, n) a resumed report already holds, stopping between
// operations once Ctrl-C has arrived (cli/interrupt.hpp).
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "core/resume_plan.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

struct LoopScope {
  const std::vector<std::int64_t>& sizes;
  const std::set<RowKey>& finished;  // skipped
  const Environment& env;            // as the rows will carry it (for their keys)
  const std::vector<TimingMode>& modes;
};

// Rows the loop will hand over.
std::size_t rows_to_measure(const LoopScope& scope, const std::vector<MeasuredOperation>& operations);

// Measures and hands each row to on_row. Returns false when stopped by
// Ctrl-C (after the operation in flight handed over all its rows), true when
// every size was measured. ContextLost passes through.
bool measure_sizes(SizeMeasurer& measurer, const LoopScope& scope, std::vector<MeasuredOperation>& operations,
                   const RowSink& on_row);

}  // namespace dotsweep
