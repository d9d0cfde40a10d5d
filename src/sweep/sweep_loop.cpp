#include "sweep/sweep_loop.hpp"

#include <optional>

#include "sweep/interrupt.hpp"
#include "core/report/operation_in_flight.hpp"

namespace dotsweep {

namespace {

// Thrown once Ctrl-C has arrived, between operations, never inside one: by
// the row sink when the operation in flight has handed over all its rows, and
// by the observer before the next operation starts its exact checks or its
// timing. The second matters at large n, where the exact passes run every
// operation of the size before the first row is handed over (seconds at 2^28,
// minutes with the one-block variants) and nothing of the size is kept yet.
struct StopRequested {};

// The operations still to measure at n: those of the shard's (type, n) whose
// (variant, type, n) is not finished.
std::vector<std::size_t> unfinished_at(long long n, const std::vector<MeasuredOperation>& all,
                                       const LoopScope& scope) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < all.size(); ++i)
    if ((!scope.slice || scope.slice->count(WorkUnit{all[i].type, n})) &&
        !scope.finished.count(row_key(record_skeleton(all[i], n, scope.modes.front(), scope.env))))
      indices.push_back(i);
  return indices;
}

}  // namespace

std::size_t rows_to_measure(const LoopScope& scope, const std::vector<MeasuredOperation>& operations) {
  std::size_t rows = 0;
  for (const std::int64_t n : scope.sizes) rows += unfinished_at(n, operations, scope).size() * scope.modes.size();
  return rows;
}

bool measure_sizes(SizeMeasurer& measurer, const LoopScope& scope, std::vector<MeasuredOperation>& operations,
                   const RowSink& on_row, const LoopHooks& hooks) {
  OperationInFlight in_flight(scope.modes.size());
  measurer.set_operation_observer([&](const MeasuredOperation& op, long long n) {
    if (interrupt_requested()) throw StopRequested{};
    in_flight.started(row_key(record_skeleton(op, n, scope.modes.front(), scope.env)));
    if (hooks.started) hooks.started(op, n);
  });
  measurer.stop_counters_when([] { return interrupt_requested(); });
  struct ObserverReset {  // the observer captures this frame
    SizeMeasurer& measurer;
    ~ObserverReset() {
      measurer.set_operation_observer({});
      measurer.stop_counters_when({});
    }
  } observer_reset{measurer};
  try {
    for (const std::int64_t n : scope.sizes) {
      if (interrupt_requested()) return false;
      const std::vector<std::size_t> todo_indices = unfinished_at(n, operations, scope);
      if (todo_indices.empty()) continue;
      // measure_size takes the operations by vector: the unfinished ones are
      // moved into one for this size and back after it (kept built and warm).
      std::vector<MeasuredOperation> todo;
      for (const std::size_t i : todo_indices) todo.push_back(std::move(operations[i]));
      const auto restore = [&] {
        for (std::size_t j = 0; j < todo_indices.size(); ++j) operations[todo_indices[j]] = std::move(todo[j]);
      };
      try {
        measurer.measure_size(n, todo, [&](const MeasurementRecord& row) {
          on_row(row);
          const std::optional<bool> was_in_flight = in_flight.handed_over(row_key(row));
          if (!was_in_flight) return;
          if (hooks.operation_done) hooks.operation_done(*was_in_flight);
          if (*was_in_flight && interrupt_requested()) throw StopRequested{};
        });
      } catch (...) {
        restore();
        throw;
      }
      restore();
    }
  } catch (const StopRequested&) {
    return false;
  }
  return true;
}

}  // namespace dotsweep
