// The two kernels of the sweep's cold protocol as examples/tuned_dot times
// dotsweep::dot: plain CUDA with no includes, so that
// examples/python/time_dot.py compiles this same file with CuPy (NVRTC) and
// times dotsweep.dot from Python the same way.
#pragma once

namespace cold {

// Reads a buffer of twice the L2 through it, so the timed dot finds its inputs in DRAM.
__global__ void read_through(const float4* buffer, long long count, float* sink) {
  float sum = 0;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const float4 v = buffer[i];
    sum += v.x + v.y + v.z + v.w;
  }
  if (sum == 1234.5f) *sink = sum;  // never true for the zeroed buffer; keeps the loads
}

// Holds the stream until the host writes *released (mapped host memory), so
// the events and the dot are all enqueued before the first of them runs:
// the events then time the GPU's work alone, not the host's enqueueing.
__global__ void hold_stream(const volatile int* released) {
  while (*released == 0) {
  }
}

}  // namespace cold
