// Shared by the NVRTC tests of the kernel building blocks: a probe source
// that includes the kernel headers and wraps each block in a __global__
// template NVRTC can instantiate by name, and the NVRTC include path.
#pragma once

#include <string>
#include <vector>

namespace dotsweep::testing {

inline const char* const kKernelBlocksProbeSource = R"probe(
#include "block_reduce.cuh"
#include "accumulate.cuh"
#include "load.cuh"
#include "bulk_ring.cuh"
#include "dot_kernel.cuh"
namespace dk = dotsweep_kernels;

template <typename Acc, int Block, dk::Layout L, dk::Reduce R>
__global__ void block_sum_probe(const Acc* in, Acc* out) {
  const Acc total = dk::block_sum<Acc, Block, L, R>::run(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = total;
}

template <typename T, dk::Accum A, int Vec>
__global__ void accumulate_probe(const T* a, const T* b, typename dk::accumulator<T, A>::type* out) {
  using V = typename dk::vector_of<T, Vec>::type;
  dk::accumulator<T, A> acc;
  acc.add(a[0], b[0]);
  acc.add(reinterpret_cast<const V*>(a)[1], reinterpret_cast<const V*>(b)[1]);
  *out = acc.value();
}

template <typename T, int Vec, dk::Hint H>
__global__ void load_probe(const typename dk::vector_of<T, Vec>::type* in, typename dk::vector_of<T, Vec>::type* out) {
  out[threadIdx.x] = dk::load<H>(in + threadIdx.x);
}

template <typename T, dk::Accum A, int Block, int Stages, int TileElems>
__global__ void bulk_ring_probe(const T* a, const T* b, long long n, double* out) {
  const auto acc = dk::bulk_ring_partial<T, dk::accumulator<T, A>, Block, Stages, TileElems>(a, b, n);
  atomicAdd(out, (double)acc.value());
}

// One Kahan add on a state read from memory, so nothing constant-folds: the
// SASS test counts its FMUL/FADD/FFMA.
__global__ void kahan_sass_probe(const float* a, const float* b, const float* state, float* out) {
  dk::accumulator<float, dk::Accum::kahan> acc;
  acc.sum = state[0];
  acc.comp = state[1];
  acc.add(a[0], b[0]);
  out[0] = acc.sum;
  out[1] = acc.comp;
}

// Mutant for the SASS test of the ticket finishes: the atomic-ticket finish
// as it was before commit 0c9726b, __threadfence around atomicInc. Its sequentially
// consistent fences (MEMBAR.SC.GPU) must fail the check.
__global__ void fenced_ticket_probe(float* sum, unsigned int* ticket, float* result, float block_total) {
  if (threadIdx.x != 0) return;
  atomicAdd(sum, block_total);
  __threadfence();
  if (atomicInc(ticket, gridDim.x - 1) != gridDim.x - 1) return;
  __threadfence();
  *result = atomicExch(sum, 0.0f);
}

// Mutant for the SASS test: the same Kahan steps with plain operators. Under
// NVRTC's default -fmad=true the product fuses into an FFMA, which the SASS
// check must reject.
__global__ void kahan_plain_ops_probe(const float* a, const float* b, const float* state, float* out) {
  float sum = state[0], comp = state[1];
  const float term = a[0] * b[0] - comp;
  const float next = sum + term;
  comp = (next - sum) - term;
  out[0] = next;
  out[1] = comp;
}
)probe";

// -I options: kernels/ for the blocks, the toolkit's include dir for
// cuda_fp16.h and cooperative_groups, and its cccl/ dir for cub (CUDA 13
// moved cub there; the option is harmless where it does not exist).
inline std::vector<std::string> kernel_blocks_include_dirs() {
  return {DOTSWEEP_SOURCE_ROOT "/kernels", DOTSWEEP_CUDA_INCLUDE, DOTSWEEP_CUDA_INCLUDE "/cccl"};
}

}  // namespace dotsweep::testing
