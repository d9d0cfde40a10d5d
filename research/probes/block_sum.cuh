// The block-wide tree sum the probes' small dot kernels end with: plain
// shared-memory halving, the simplest shape, since the probes time launches
// rather than reductions.
#pragma once

template <int Block>
__device__ float block_sum(float value) {
  __shared__ float cache[Block];
  cache[threadIdx.x] = value;
  __syncthreads();
  for (int half = Block / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) cache[threadIdx.x] += cache[threadIdx.x + half];
    __syncthreads();
  }
  return cache[0];
}
