// The measuring loop of a sweep: every size through the SizeMeasurer, less
// the (variant, type, n) a resumed report already holds, stopping between
// operations once Ctrl-C has arrived (sweep/interrupt.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <vector>

#include "core/report/resume_plan.hpp"
#include "core/space/shard.hpp"
#include "measure/size_measurer.hpp"

namespace dotsweep {

struct LoopScope {
  const std::vector<std::int64_t>& sizes;
  const std::set<RowKey>& finished;  // skipped
  const Environment& env;            // as the rows will carry it (for their keys)
  const std::vector<TimingMode>& modes;
  const std::set<WorkUnit>* slice = nullptr;  // --shard: only these (type, n); nullptr: all
};

// Rows the loop will hand over.
std::size_t rows_to_measure(const LoopScope& scope, const std::vector<MeasuredOperation>& operations);

// What the loop tells its caller besides the rows (a worker's heartbeat).
struct LoopHooks {
  // Before each operation's passes at n (the measurer's observer: the loop
  // installs it for its own duration).
  std::function<void(const MeasuredOperation&, long long n)> started;
  // An operation handed over all its rows. `in_flight` is false when it is
  // not the operation started last: with --counters top a size's rows wait
  // for its counter pass, so earlier operations finish after later ones started.
  std::function<void(bool in_flight)> operation_done;
};

// Measures and hands each row to on_row. Returns false when stopped by
// Ctrl-C (after the operation in flight handed over all its rows, and never
// between rows held for the counter pass: a row measured is a row kept), true
// when every size was measured. ContextLost passes through.
bool measure_sizes(SizeMeasurer& measurer, const LoopScope& scope, std::vector<MeasuredOperation>& operations,
                   const RowSink& on_row, const LoopHooks& hooks = {});

}  // namespace dotsweep
