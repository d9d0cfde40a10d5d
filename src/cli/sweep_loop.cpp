#include "cli/sweep_loop.hpp"

#include <map>

#include "cli/interrupt.hpp"

namespace dotsweep {

namespace {

// Thrown by the row sink once Ctrl-C has arrived and the operation in flight
// has handed over all its rows: unwinds out of measure_size between
// operations, never inside one.
struct StopRequested {};

// The operations still to measure at n: those whose (variant, type, n) is not finished.
std::vector<std::size_t> unfinished_at(long long n, const std::vector<MeasuredOperation>& all,
                                       const LoopScope& scope) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (!scope.finished.count(row_key(record_skeleton(all[i], n, scope.modes.front(), scope.env))))
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
                   const RowSink& on_row) {
  std::map<RowKey, std::size_t> rows_per_key;  // an operation is done when it has one row per mode
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
          const bool operation_done = ++rows_per_key[row_key(row)] == scope.modes.size();
          if (operation_done && interrupt_requested()) throw StopRequested{};
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
