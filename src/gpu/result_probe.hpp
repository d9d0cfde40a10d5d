// Runs an operation once for checking: poisons the output with NaN, runs,
// synchronizes and reads the result back (never inside a timed region).
#pragma once

#include <vector>

#include "gpu/dot_operation.hpp"

namespace dotsweep {

// The result slot's value, widened to double (exactly): a float, or a double for f64.
double run_and_read(DotOperation& operation, const DotInputs& inputs, cudaStream_t stream);

// Reads the result slots timed launches wrote, after the work queued so far,
// never inside a timed region. Slots spaced evenly in device memory (the hot
// graph's rotating slots) come back in one strided copy into pinned memory,
// so reading every slot of a replay costs one copy and one wait.
class LaunchResultReader {
 public:
  LaunchResultReader(std::vector<const void*> slots, ElementType type);
  ~LaunchResultReader();
  LaunchResultReader(const LaunchResultReader&) = delete;
  LaunchResultReader& operator=(const LaunchResultReader&) = delete;
  // One value per slot, in slot order, widened to double; null slots are
  // left out (an operation that computes nothing has no result to read).
  std::vector<double> read(cudaStream_t stream);

 private:
  std::vector<const void*> slots_;
  ElementType type_;
  std::size_t pitch_ = 0;  // bytes between consecutive slots; 0: not evenly spaced
  unsigned char* host_ = nullptr;
};

// Reads a result slot of `type` after synchronizing the stream.
double read_result(const void* slot, ElementType type, cudaStream_t stream);

}  // namespace dotsweep
