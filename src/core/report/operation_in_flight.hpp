// Which operation is in flight, as a measuring loop sees it: the measurer
// says when each operation starts (its exact passes, then its check and
// timing), and hands over its rows, one per mode, when they are finished.
// With `--counters top` a size's rows wait for its counter pass, so an
// earlier operation can finish after later ones have started: it is then not
// the operation in flight, and neither a Ctrl-C stop nor a worker's "done"
// may act on it (sweep/sweep_loop.cpp).
#pragma once

#include <cstddef>
#include <map>
#include <optional>

#include "core/report/resume_plan.hpp"

namespace dotsweep {

class OperationInFlight {
 public:
  explicit OperationInFlight(std::size_t modes) : modes_(modes) {}
  void started(const RowKey& key);
  // A row of `key` handed over. Empty while the operation has rows to come;
  // once it has handed over all, true when it was the one in flight: the
  // operation started last, or one that finished with nothing waiting
  // behind it (one that failed before its timing starts nothing).
  std::optional<bool> handed_over(const RowKey& key);

 private:
  std::size_t modes_;
  std::map<RowKey, std::size_t> rows_;
  std::optional<RowKey> last_started_;
  bool last_started_finished_ = false;
};

}  // namespace dotsweep
