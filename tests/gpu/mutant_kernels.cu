// Mutant dot products: one small two-pass kernel (block of float4 loads, the
// scalar tail, a shared-memory tree, a second pass over the block partials)
// with a `Bug` policy parameter, as CUB's policies select code paths. Bug::none
// is the control; every other value changes exactly one thing, named at the
// line it changes. reads-past-end is a separate scalar grid-stride kernel.
#include "mutant_kernels.hpp"

#include <algorithm>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep::test {

namespace {

enum class Bug {
  none,                // the control: correct
  drops_last_block,    // the second pass stops one partial short
  drops_tail,          // the n % 4 elements after the last whole float4 are never read
  counts_block_twice,  // atomic finish; block 0 adds its partial twice
  racy_tree,           // no __syncthreads between the tree's levels
};

constexpr int kFinishBlock = 256;  // threads of the second pass

// Block-wide sum by a shared-memory tree; valid in thread 0. Without the
// barrier between levels, a thread reads its partner's slot whether or not the
// partner (in another warp) has written the previous level's sum there yet.
template <int Block, bool Synchronised>
__device__ float block_tree_sum(float v) {
  __shared__ float shared[Block];
  const int t = threadIdx.x;
  shared[t] = v;
  __syncthreads();
#pragma unroll
  for (int stride = Block / 2; stride > 0; stride /= 2) {
    if (t < stride) shared[t] += shared[t + stride];
    if (Synchronised) __syncthreads();
  }
  return shared[0];
}

// One float4 of each input per thread: blocks = ceil(n / 4 / Block), so every
// tested n above 4 * Block has several blocks. The n % 4 tail elements go to the
// highest threads of the last block, so that dropping the last block drops
// them too (n = 1 has one block holding the one element: every block bug is
// visible there) and a racy tree must carry them across warps to thread 0.
template <int Block, Bug B>
__global__ void __launch_bounds__(Block)
mutant_dot(const float* __restrict__ a, const float* __restrict__ b, long long n, float* __restrict__ partials,
           float* __restrict__ result) {
  const long long vectors = n / 4;
  const long long v = blockIdx.x * static_cast<long long>(Block) + threadIdx.x;
  float acc = 0.0f;
  if (v < vectors) {
    const float4 x = reinterpret_cast<const float4*>(a)[v];
    const float4 y = reinterpret_cast<const float4*>(b)[v];
    acc = fmaf(x.w, y.w, fmaf(x.z, y.z, fmaf(x.y, y.y, x.x * y.x)));
  }
  if (B != Bug::drops_tail && blockIdx.x == gridDim.x - 1) {  // drops_tail: the tail is never read
    const long long tail = vectors * 4 + (Block - 1 - threadIdx.x);
    if (tail < n) acc = fmaf(a[tail], b[tail], acc);
  }
  const float total = block_tree_sum<Block, B != Bug::racy_tree>(acc);  // racy_tree: no barriers between levels
  if (threadIdx.x != 0) return;
  if (B == Bug::counts_block_twice) {
    atomicAdd(result, total);
    if (blockIdx.x == 0) atomicAdd(result, total);  // counts_block_twice: block 0's partial once more
  } else {
    partials[blockIdx.x] = total;
  }
}

// Scalar grid-stride loop that runs to i <= n: it reads a[n] and b[n], one
// element past the end (the harness pads the buffers with kPaddingCanary, so
// the read is safe and adds 64 x 64 to the sum).
__global__ void __launch_bounds__(256)
reads_past_end_dot(const float* __restrict__ a, const float* __restrict__ b, long long n, float* __restrict__ partials) {
  float acc = 0.0f;
  const long long step = static_cast<long long>(gridDim.x) * 256;
  for (long long i = blockIdx.x * 256LL + threadIdx.x; i <= n; i += step) acc = fmaf(a[i], b[i], acc);
  const float total = block_tree_sum<256, true>(acc);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

// Second pass: one block sums `count` partials (strided per thread, then the tree).
__global__ void __launch_bounds__(kFinishBlock)
finish_partials(const float* __restrict__ partials, long long count, float* __restrict__ result) {
  float acc = 0.0f;
  for (long long i = threadIdx.x; i < count; i += kFinishBlock) acc += partials[i];
  const float total = block_tree_sum<kFinishBlock, true>(acc);
  if (threadIdx.x == 0) *result = total;
}

// The shape of a two-pass or atomic kernel with `per_thread` terms per thread.
SummationShape shape_of(long long per_thread, int block, long long blocks, bool atomic) {
  SummationShape s;
  s.per_thread_terms = std::max(1LL, per_thread);
  s.block = block;
  s.partials = blocks;
  s.finish_is_sequential = atomic;
  s.finish_block = kFinishBlock;
  return s;
}

template <int Block, Bug B>
class MutantDot : public DotOperation {
 public:
  static constexpr bool kAtomic = B == Bug::counts_block_twice;

  void prepare(long long n) override {
    blocks_ = std::max(1LL, (n / 4 + Block - 1) / Block);
    if (!kAtomic && partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    if (kAtomic) check_cuda(cudaMemsetAsync(in.result, 0, sizeof(float), stream), "cudaMemsetAsync(mutant result)");
    mutant_dot<Block, B><<<static_cast<unsigned>(blocks_), Block, 0, stream>>>(
        static_cast<const float*>(in.a), static_cast<const float*>(in.b), in.n, partials_.get(),
        static_cast<float*>(in.result));
    check_cuda(cudaGetLastError(), "launch mutant_dot");
    if (!kAtomic) {
      // drops_last_block: the second pass is told there is one partial fewer.
      const long long count = B == Bug::drops_last_block ? blocks_ - 1 : blocks_;
      finish_partials<<<1, kFinishBlock, 0, stream>>>(partials_.get(), count, static_cast<float*>(in.result));
      check_cuda(cudaGetLastError(), "launch finish_partials");
    }
  }
  long long grid_blocks() const override { return blocks_; }
  ElementType element_type() const override { return ElementType::f32; }  // the mutants stay float
  // A float4 is 4 fused terms, the tail one more (the bug does not change the
  // order the kernel means to sum in, so the shape is the control's).
  SummationShape summation_shape() const override { return shape_of(5, Block, blocks_, kAtomic); }
  bool promises_determinism() const override { return !kAtomic; }

 private:
  long long blocks_ = 1;
  DeviceBuffer<float> partials_;
};

class ReadsPastEndDot : public DotOperation {
 public:
  void prepare(long long n) override {
    n_ = n;
    blocks_ = std::clamp((n + 1 + 255) / 256, 1LL, 1024LL);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    reads_past_end_dot<<<static_cast<unsigned>(blocks_), 256, 0, stream>>>(
        static_cast<const float*>(in.a), static_cast<const float*>(in.b), in.n, partials_.get());
    check_cuda(cudaGetLastError(), "launch reads_past_end_dot");
    finish_partials<<<1, kFinishBlock, 0, stream>>>(partials_.get(), blocks_, static_cast<float*>(in.result));
    check_cuda(cudaGetLastError(), "launch finish_partials");
  }
  long long grid_blocks() const override { return blocks_; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override {
    const long long threads = blocks_ * 256;
    return shape_of((n_ + 1 + threads - 1) / threads, 256, blocks_, false);
  }
  bool promises_determinism() const override { return true; }

 private:
  long long n_ = 0, blocks_ = 1;
  DeviceBuffer<float> partials_;
};

}  // namespace

std::vector<std::pair<std::string, std::unique_ptr<DotOperation>>> make_mutants() {
  std::vector<std::pair<std::string, std::unique_ptr<DotOperation>>> mutants;
  mutants.emplace_back("control", std::make_unique<MutantDot<256, Bug::none>>());
  mutants.emplace_back("drops-last-block", std::make_unique<MutantDot<256, Bug::drops_last_block>>());
  mutants.emplace_back("drops-tail", std::make_unique<MutantDot<256, Bug::drops_tail>>());
  mutants.emplace_back("counts-block-twice", std::make_unique<MutantDot<256, Bug::counts_block_twice>>());
  mutants.emplace_back("reads-past-end", std::make_unique<ReadsPastEndDot>());
  // 32 warps per block: warps drift apart between the levels, so the race shows.
  mutants.emplace_back("racy-tree", std::make_unique<MutantDot<1024, Bug::racy_tree>>());
  return mutants;
}

}  // namespace dotsweep::test
