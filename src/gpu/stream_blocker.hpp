// Holds a stream behind a spinning kernel until the host releases it (as
// nvbench's blocking kernel does), and reads the SM clock while it spins.
// The flag and the reading live in host-mapped memory.
#pragma once

#include <cuda_runtime_api.h>

#include "gpu/harness_kernels.hpp"

namespace dotsweep {

// How long the blocking kernel waits for the host before it gives up and
// voids the sample: 20 s unless `env` (DOTSWEEP_BLOCKER_TIMEOUT_S) holds whole
// seconds in 1..86400. A tool that stretches the host's enqueue needs more:
// under compute-sanitizer the first capture of a hot graph of a fresh module
// took longer than 20 s. Other text throws InputError.
unsigned blocker_timeout_seconds(const char* env);
// blocker_timeout_seconds of the process's DOTSWEEP_BLOCKER_TIMEOUT_S.
unsigned blocker_timeout_from_environment();

class StreamBlocker {
 public:
  StreamBlocker();
  ~StreamBlocker();
  StreamBlocker(const StreamBlocker&) = delete;
  StreamBlocker& operator=(const StreamBlocker&) = delete;

  // Queues the spinning kernel; it returns once release() was called and at
  // least min_spin_ns passed.
  void block(cudaStream_t stream, unsigned long long min_spin_ns);
  // Queues the spinning kernel already released: it holds the stream for
  // min_spin_ns only, so work queued behind it can never deadlock.
  void hold_for(cudaStream_t stream, unsigned long long min_spin_ns);
  void release();
  // Valid after the stream passed the blocker. Throws GpuError if it timed out
  // (the host took longer than the timeout to enqueue: the sample is void).
  const SpinReading& reading() const;

 private:
  unsigned timeout_s_;
  volatile int* release_host_ = nullptr;
  int* release_device_ = nullptr;
  SpinReading* reading_host_ = nullptr;
  SpinReading* reading_device_ = nullptr;
};

}  // namespace dotsweep
