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

// Each block reads one contiguous tile of Block threads x Items float4, all
// loads in flight before the first use: the access pattern of the fastest dot
// variants, so the same kernel serves as the L2 flush and, over a few shapes,
// as the measured read ceiling.
template <int Block, int Items>
__global__ void __launch_bounds__(Block) read_tiles(const float4* buffer, std::size_t count, float* sink) {
  const std::size_t first = blockIdx.x * (std::size_t)Block * Items + threadIdx.x;
  float4 v[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const std::size_t i = first + (std::size_t)k * Block;
    v[k] = i < count ? buffer[i] : make_float4(0.f, 0.f, 0.f, 0.f);
  }
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < Items; ++k) acc += v[k].x + v[k].y + v[k].z + v[k].w;
  // Never true for finite data; keeps the loads from being optimized away.
  if (acc == -1.2345e30f) *sink = acc;
}

template <int Block, int Items>
void launch_read_tiles(const float4* buffer, std::size_t count, float* sink, cudaStream_t stream) {
  constexpr std::size_t tile = static_cast<std::size_t>(Block) * Items;
  read_tiles<Block, Items><<<static_cast<unsigned>((count + tile - 1) / tile), Block, 0, stream>>>(buffer, count, sink);
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

const char* to_string(ReadShape shape) {
  switch (shape) {
    case ReadShape::b1024_i4: return "b1024.i4";
    case ReadShape::b512_i8: return "b512.i8";
    case ReadShape::b256_i16: return "b256.i16";
    case ReadShape::b256_i4: return "b256.i4";
  }
  return "?";
}

void launch_read_through(const void* buffer, std::size_t bytes, float* sink, cudaStream_t stream, ReadShape shape) {
  const auto* vectors = static_cast<const float4*>(buffer);
  const std::size_t count = bytes / sizeof(float4);
  switch (shape) {
    case ReadShape::b1024_i4: launch_read_tiles<1024, 4>(vectors, count, sink, stream); break;
    case ReadShape::b512_i8: launch_read_tiles<512, 8>(vectors, count, sink, stream); break;
    case ReadShape::b256_i16: launch_read_tiles<256, 16>(vectors, count, sink, stream); break;
    case ReadShape::b256_i4: launch_read_tiles<256, 4>(vectors, count, sink, stream); break;
  }
  check_cuda(cudaGetLastError(), "launch read_tiles");
}

}  // namespace dotsweep
