#include "timing_probe_kernels.hpp"

namespace {
__device__ void spin(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ns);
}

__global__ void spin_for(unsigned long long ns) { spin(ns); }
__global__ void spin_for_stored(const unsigned long long* ns) { spin(*ns); }
}  // namespace

void launch_spin_for(unsigned long long ns, cudaStream_t stream) { spin_for<<<1, 1, 0, stream>>>(ns); }
void launch_spin_for_stored(const unsigned long long* ns, cudaStream_t stream) {
  spin_for_stored<<<1, 1, 0, stream>>>(ns);
}
