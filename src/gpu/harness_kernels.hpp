// Launchers for the harness's own kernels (built by nvcc into the binary):
// the stream-blocking kernel and the L2 read flush (the seed baseline's
// kernels live beside the other baselines, in seed_dot.cu).
// Declared here as plain C++ so callers need no CUDA compiler.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

namespace dotsweep {

// Written by the blocking kernel into host-mapped memory.
struct SpinReading {
  unsigned long long start_ns = 0, end_ns = 0;  // %globaltimer
  long long start_clock = 0, end_clock = 0;     // clock64 on the spinning SM
  int timed_out = 0;
  double sm_clock_mhz() const;                  // cycles per ns x 1000, 0 when unknown
};

// Spins one thread until *release != 0 and at least min_spin_ns have passed,
// or until timeout_ns (then sets timed_out). Work queued behind it starts only
// once the host has finished enqueueing, so launch latency stays out of the
// events; the spin doubles as an SM clock probe.
void launch_blocking_kernel(const volatile int* release, SpinReading* reading, unsigned long long min_spin_ns,
                            unsigned long long timeout_ns, cudaStream_t stream);

// Shapes of the read-only streaming kernel: threads per block x float4 loads
// in flight per thread, each block reading one contiguous tile.
enum class ReadShape { b1024_i4, b512_i8, b256_i16, b256_i4 };
inline constexpr ReadShape kReadShapes[] = {ReadShape::b1024_i4, ReadShape::b512_i8, ReadShape::b256_i16,
                                            ReadShape::b256_i4};
const char* to_string(ReadShape shape);

// Reads `bytes` (a multiple of 16) once: evicts the L2 without dirtying it (a
// memset flush leaves dirty lines whose write-back lands in the next kernel),
// and, timed over a large buffer, measures the read ceiling.
void launch_read_through(const void* buffer, std::size_t bytes, float* sink, cudaStream_t stream,
                         ReadShape shape = ReadShape::b1024_i4);

}  // namespace dotsweep
