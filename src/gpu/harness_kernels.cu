#include "gpu/harness_kernels.hpp"

#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {

__device__ unsigned long long global_ns() {
  unsigned long long ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}

__global__ void blocking_kernel(const volatile int* release, SpinReading* reading, unsigned long long min_spin_ns,
                                unsigned long long timeout_ns) {
  const unsigned long long start_ns = global_ns();
  const long long start_clock = clock64();
  unsigned long long now = start_ns;
  int timed_out = 0;
  while (!(*release != 0 && now - start_ns >= min_spin_ns)) {
    now = global_ns();
    if (now - start_ns > timeout_ns) {
      timed_out = 1;
      break;
    }
  }
  reading->start_ns = start_ns;
  reading->end_ns = global_ns();
  reading->start_clock = start_clock;
  reading->end_clock = clock64();
  reading->timed_out = timed_out;
}

// Four independent 16-byte loads per thread per iteration keep enough bytes
// in flight to approach the DRAM read ceiling (it doubles as that measurement).
__global__ void l2_read_flush(const float4* buffer, std::size_t count, float* sink) {
  constexpr int kUnroll = 4;
  const std::size_t stride = (std::size_t)gridDim.x * blockDim.x;
  std::size_t i = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (; i + (kUnroll - 1) * stride < count; i += kUnroll * stride) {
    float4 v[kUnroll];
#pragma unroll
    for (int k = 0; k < kUnroll; ++k) v[k] = buffer[i + k * stride];
#pragma unroll
    for (int k = 0; k < kUnroll; ++k) acc += v[k].x + v[k].y + v[k].z + v[k].w;
  }
  for (; i < count; i += stride) {
    const float4 v = buffer[i];
    acc += v.x + v.y + v.z + v.w;
  }
  // Never true for finite data; keeps the loads from being optimized away.
  if (acc == -1.2345e30f) *sink = acc;
}

__global__ void seed_dot(const float* a, const float* b, long long n, float* partials) {
  __shared__ float cache[kSeedBlock];
  long long tid = threadIdx.x + (long long)blockIdx.x * blockDim.x;
  float temp = 0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += (long long)blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int i = blockDim.x / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = cache[0];
}

__global__ void seed_finish(const float* partials, long long count, float* result) {
  __shared__ float cache[kSeedBlock];
  float temp = 0;
  for (long long i = threadIdx.x; i < count; i += kSeedBlock) temp += partials[i];
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int i = kSeedBlock / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = cache[0];
}

}  // namespace

double SpinReading::sm_clock_mhz() const {
  if (end_ns <= start_ns || end_clock <= start_clock) return 0.0;
  return static_cast<double>(end_clock - start_clock) / static_cast<double>(end_ns - start_ns) * 1000.0;
}

void launch_blocking_kernel(const volatile int* release, SpinReading* reading, unsigned long long min_spin_ns,
                            unsigned long long timeout_ns, cudaStream_t stream) {
  blocking_kernel<<<1, 1, 0, stream>>>(release, reading, min_spin_ns, timeout_ns);
  check_cuda(cudaGetLastError(), "launch blocking_kernel");
}

void launch_l2_read_flush(const void* buffer, std::size_t bytes, float* sink, int sms, cudaStream_t stream) {
  l2_read_flush<<<sms * 4, 512, 0, stream>>>(static_cast<const float4*>(buffer), bytes / sizeof(float4), sink);
  check_cuda(cudaGetLastError(), "launch l2_read_flush");
}

void launch_seed_dot(const float* a, const float* b, long long n, float* partials, unsigned blocks, cudaStream_t stream) {
  seed_dot<<<blocks, kSeedBlock, 0, stream>>>(a, b, n, partials);
  check_cuda(cudaGetLastError(), "launch seed_dot");
}

void launch_seed_finish(const float* partials, long long count, float* result, cudaStream_t stream) {
  seed_finish<<<1, kSeedBlock, 0, stream>>>(partials, count, result);
  check_cuda(cudaGetLastError(), "launch seed_finish");
}

}  // namespace dotsweep
