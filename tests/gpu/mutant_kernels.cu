// Mutant dot products: one small two-pass kernel (block of 16-byte vector
// loads, the scalar tail, a shared-memory tree, a second pass over the block
// partials) templated on the element type T and a `Bug` policy parameter, as
// CUB's policies select code paths. Bug::none is the control; every other
// value changes exactly one thing, named at the line it changes.
// reads-past-end is a separate scalar grid-stride kernel. The table at the end
// (`mutants()`) is the one list of mutants and the types each is built for.
#include "mutant_kernels.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "gpu/cuda_error.hpp"
#include "gpu/device_buffer.hpp"

namespace dotsweep::test {

namespace {

enum class Bug {
  none,                    // the control: correct
  drops_last_block,        // the second pass stops one partial short
  drops_tail,              // the n % vector tail elements after the last whole vector are never read
  counts_block_twice,      // atomic finish; block 0 adds its partial twice
  racy_tree,               // no __syncthreads between the tree's levels
  wrong_width_load,        // steps over 16-byte vectors but loads only the first 8 bytes of each
  accumulates_in_element,  // f16/bf16: sums in __half / __nv_bfloat16 instead of float
  accumulates_in_float,    // f64: sums in float instead of double
  reads_as_float,          // f64: reads its double inputs through float pointers
};

// What each element type reads, sums in and returns (the result slot): the
// control's choice, which the accumulator bugs change.
template <typename T> struct Traits;
template <> struct Traits<float> {
  static constexpr ElementType type = ElementType::f32;
  using Acc = float;
  using Out = float;
};
template <> struct Traits<double> {
  static constexpr ElementType type = ElementType::f64;
  using Acc = double;
  using Out = double;
};
template <> struct Traits<__half> {
  static constexpr ElementType type = ElementType::f16;
  using Acc = float;
  using Out = float;
};
template <> struct Traits<__nv_bfloat16> {
  static constexpr ElementType type = ElementType::bf16;
  using Acc = float;
  using Out = float;
};

// The types one instantiation reads (Elem), sums in (Acc) and writes (Out).
template <typename T, Bug B> struct Plan {
  using Elem = std::conditional_t<B == Bug::reads_as_float, float, T>;  // reads_as_float: float, not double
  using Acc = std::conditional_t<B == Bug::accumulates_in_element, T,   // accumulates_in_element: __half / bf16
                                 std::conditional_t<B == Bug::accumulates_in_float, float,  // accumulates_in_float
                                                    typename Traits<T>::Acc>>;
  using Out = typename Traits<T>::Out;
};

template <typename T> constexpr int kVector = 16 / static_cast<int>(sizeof(T));  // elements per 16-byte load

// Count elements of T in one aligned load (16 bytes for the whole vector).
template <typename T, int Count> struct alignas(sizeof(T) * Count) Pack {
  T e[Count];
};

__device__ inline float fma_in(float a, float b, float c) { return fmaf(a, b, c); }
__device__ inline double fma_in(double a, double b, double c) { return fma(a, b, c); }
__device__ inline __half fma_in(__half a, __half b, __half c) { return __hfma(a, b, c); }
__device__ inline __nv_bfloat16 fma_in(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
#if __CUDA_ARCH__ >= 800
  return __hfma(a, b, c);
#else  // bf16 arithmetic needs sm_80: the f32 fma rounded to bf16, still a bf16 rounding per add
  return __float2bfloat16(fmaf(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
#endif
}
__device__ inline float add_in(float a, float b) { return a + b; }
__device__ inline double add_in(double a, double b) { return a + b; }
__device__ inline __half add_in(__half a, __half b) { return __hadd(a, b); }
__device__ inline __nv_bfloat16 add_in(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }

// One product added to acc in Acc: both factors converted first (exactly,
// for every correct pairing), one fused rounding.
template <typename Acc, typename Elem> __device__ inline Acc fma_to(Elem x, Elem y, Acc acc) {
  return fma_in(static_cast<Acc>(x), static_cast<Acc>(y), acc);
}

constexpr int kFinishBlock = 256;  // threads of the second pass

// Block-wide sum by a shared-memory tree; valid in thread 0. Without the
// barrier between levels, a thread reads its partner's slot whether or not the
// partner (in another warp) has written the previous level's sum there yet.
template <int Block, bool Synchronised, typename Acc>
__device__ Acc block_tree_sum(Acc v) {
  __shared__ Acc shared[Block];
  const int t = threadIdx.x;
  shared[t] = v;
  __syncthreads();
#pragma unroll
  for (int stride = Block / 2; stride > 0; stride /= 2) {
    if (t < stride) shared[t] = add_in(shared[t], shared[t + stride]);
    if (Synchronised) __syncthreads();
  }
  return shared[0];
}

// One 16-byte vector of each input per thread: blocks = ceil(n / V / Block)
// (V = 16 / sizeof(Elem)), so every tested n above V * Block has several
// blocks. The n % V tail elements go to the highest threads of the last
// block, so that dropping the last block drops them too (n < V has one block
// holding every element: every block bug is visible there) and a racy tree
// must carry them across warps to thread 0.
template <typename T, int Block, Bug B>
__global__ void __launch_bounds__(Block)
mutant_dot(const typename Plan<T, B>::Elem* __restrict__ a, const typename Plan<T, B>::Elem* __restrict__ b,
           long long n, typename Plan<T, B>::Acc* __restrict__ partials, typename Plan<T, B>::Out* __restrict__ result) {
  using Elem = typename Plan<T, B>::Elem;
  using Acc = typename Plan<T, B>::Acc;
  using Out = typename Plan<T, B>::Out;
  constexpr int V = kVector<Elem>;
  // wrong_width_load: 8 bytes (V / 2 elements) of each 16-byte vector, as a
  // float2 where a float4 was meant; the stride stays the whole vector.
  constexpr int Loaded = B == Bug::wrong_width_load ? V / 2 : V;
  const long long vectors = n / V;
  const long long v = blockIdx.x * static_cast<long long>(Block) + threadIdx.x;
  Acc acc = static_cast<Acc>(0.0f);
  if (v < vectors) {
    const Pack<Elem, Loaded> x = *reinterpret_cast<const Pack<Elem, Loaded>*>(a + v * V);
    const Pack<Elem, Loaded> y = *reinterpret_cast<const Pack<Elem, Loaded>*>(b + v * V);
#pragma unroll
    for (int k = 0; k < Loaded; ++k) acc = fma_to(x.e[k], y.e[k], acc);
  }
  if (B != Bug::drops_tail && blockIdx.x == gridDim.x - 1) {  // drops_tail: the tail is never read
    const long long tail = vectors * V + (Block - 1 - threadIdx.x);
    if (tail < n) acc = fma_to(a[tail], b[tail], acc);
  }
  const Acc total = block_tree_sum<Block, B != Bug::racy_tree>(acc);  // racy_tree: no barriers between levels
  if (threadIdx.x != 0) return;
  if (B == Bug::counts_block_twice) {
    atomicAdd(result, static_cast<Out>(total));
    if (blockIdx.x == 0) atomicAdd(result, static_cast<Out>(total));  // counts_block_twice: block 0's partial once more
  } else {
    partials[blockIdx.x] = total;
  }
}

// Scalar grid-stride loop that runs to i <= n: it reads a[n] and b[n], one
// element past the end (the harness pads the buffers with kPaddingCanary, so
// the read is safe and adds 64 x 64 to the sum).
template <typename T>
__global__ void __launch_bounds__(256)
reads_past_end_dot(const T* __restrict__ a, const T* __restrict__ b, long long n,
                   typename Traits<T>::Acc* __restrict__ partials) {
  using Acc = typename Traits<T>::Acc;
  Acc acc = static_cast<Acc>(0.0f);
  const long long step = static_cast<long long>(gridDim.x) * 256;
  for (long long i = blockIdx.x * 256LL + threadIdx.x; i <= n; i += step) acc = fma_to(a[i], b[i], acc);
  const Acc total = block_tree_sum<256, true>(acc);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

// Second pass: one block sums `count` partials in Acc (strided per thread,
// then the tree) and writes the sum into the result slot.
template <typename Acc, typename Out>
__global__ void __launch_bounds__(kFinishBlock)
finish_partials(const Acc* __restrict__ partials, long long count, Out* __restrict__ result) {
  Acc acc = static_cast<Acc>(0.0f);
  for (long long i = threadIdx.x; i < count; i += kFinishBlock) acc = add_in(acc, partials[i]);
  const Acc total = block_tree_sum<kFinishBlock, true>(acc);
  if (threadIdx.x == 0) *result = static_cast<Out>(total);
}

// The shape of a two-pass or atomic kernel with `per_thread` terms per thread,
// summing in an accumulator of `acc_bytes`.
SummationShape shape_of(long long per_thread, int block, long long blocks, bool atomic, int acc_bytes) {
  SummationShape s;
  s.per_thread_terms = std::max(1LL, per_thread);
  s.block = block;
  s.partials = blocks;
  s.finish_is_sequential = atomic;
  s.finish_block = kFinishBlock;
  s.unit_roundoff = acc_bytes == 8 ? 0x1p-53 : 0x1p-24;
  return s;
}

template <typename T, int Block, Bug B>
class MutantDot : public DotOperation {
 public:
  using Elem = typename Plan<T, B>::Elem;
  using Acc = typename Plan<T, B>::Acc;
  using Out = typename Plan<T, B>::Out;
  static constexpr bool kAtomic = B == Bug::counts_block_twice;

  void prepare(long long n) override {
    blocks_ = std::max(1LL, (n / kVector<Elem> + Block - 1) / Block);
    if (!kAtomic && partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<Acc>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    if (kAtomic) check_cuda(cudaMemsetAsync(in.result, 0, sizeof(Out), stream), "cudaMemsetAsync(mutant result)");
    // reads_as_float: Elem is float for an f64 operation, so the double inputs are read as floats.
    mutant_dot<T, Block, B><<<static_cast<unsigned>(blocks_), Block, 0, stream>>>(
        static_cast<const Elem*>(in.a), static_cast<const Elem*>(in.b), in.n, partials_.get(),
        static_cast<Out*>(in.result));
    check_cuda(cudaGetLastError(), "launch mutant_dot");
    if (!kAtomic) {
      // drops_last_block: the second pass is told there is one partial fewer.
      const long long count = B == Bug::drops_last_block ? blocks_ - 1 : blocks_;
      finish_partials<Acc, Out><<<1, kFinishBlock, 0, stream>>>(partials_.get(), count, static_cast<Out*>(in.result));
      check_cuda(cudaGetLastError(), "launch finish_partials");
    }
  }
  long long grid_blocks() const override { return blocks_; }
  ElementType element_type() const override { return Traits<T>::type; }
  // A vector is V fused terms, the tail one more, in the accumulator the type
  // calls for: the bugs do not change what the kernel means to compute, so
  // the shape is the control's.
  SummationShape summation_shape() const override {
    return shape_of(kVector<T> + 1, Block, blocks_, kAtomic, sizeof(typename Traits<T>::Acc));
  }
  bool promises_determinism() const override { return !kAtomic; }

 private:
  long long blocks_ = 1;
  DeviceBuffer<Acc> partials_;
};

template <typename T>
class ReadsPastEndDot : public DotOperation {
 public:
  using Acc = typename Traits<T>::Acc;
  using Out = typename Traits<T>::Out;

  void prepare(long long n) override {
    n_ = n;
    blocks_ = std::clamp((n + 1 + 255) / 256, 1LL, 1024LL);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<Acc>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    reads_past_end_dot<T><<<static_cast<unsigned>(blocks_), 256, 0, stream>>>(
        static_cast<const T*>(in.a), static_cast<const T*>(in.b), in.n, partials_.get());
    check_cuda(cudaGetLastError(), "launch reads_past_end_dot");
    finish_partials<Acc, Out><<<1, kFinishBlock, 0, stream>>>(partials_.get(), blocks_, static_cast<Out*>(in.result));
    check_cuda(cudaGetLastError(), "launch finish_partials");
  }
  long long grid_blocks() const override { return blocks_; }
  ElementType element_type() const override { return Traits<T>::type; }
  SummationShape summation_shape() const override {
    const long long threads = blocks_ * 256;
    return shape_of((n_ + 1 + threads - 1) / threads, 256, blocks_, false, sizeof(Acc));
  }
  bool promises_determinism() const override { return true; }

 private:
  long long n_ = 0, blocks_ = 1;
  DeviceBuffer<Acc> partials_;
};

template <Bug B> struct Two {
  template <typename T> using Op = MutantDot<T, 256, B>;
};
// 32 warps per block: warps drift apart between the levels, so the race shows.
template <typename T> using RacyTree = MutantDot<T, 1024, Bug::racy_tree>;

// The entry's types and factory from one list of C++ types.
template <template <typename> class Op, typename... Ts>
Mutant built_for(Mutant m) {
  m.types = {Traits<Ts>::type...};
  m.make = [](ElementType type) {
    std::unique_ptr<DotOperation> op;
    ((type == Traits<Ts>::type ? void(op = std::make_unique<Op<Ts>>()) : void()), ...);
    if (!op) throw std::logic_error("mutant not built for " + to_string(type));
    return op;
  };
  return m;
}

template <template <typename> class Op>
Mutant every_type(Mutant m) {
  return built_for<Op, float, double, __half, __nv_bfloat16>(std::move(m));
}

Mutant described(std::string name, std::string bug) {
  Mutant m;
  m.name = std::move(name);
  m.bug = std::move(bug);
  m.correct_by_construction = [](ElementType, long long) { return false; };
  return m;
}

std::vector<Mutant> make_table() {
  std::vector<Mutant> table;

  Mutant control = described("control", "none: the same code as every mutant, without a bug");
  control.correct_by_construction = [](ElementType, long long) { return true; };
  table.push_back(every_type<Two<Bug::none>::Op>(std::move(control)));

  Mutant last = described("drops-last-block", "the second pass stops one block partial short");
  last.periodic_sees = true;
  table.push_back(every_type<Two<Bug::drops_last_block>::Op>(std::move(last)));

  Mutant tail = described("drops-tail", "the n % V elements after the last whole 16-byte vector are never read");
  tail.periodic_sees = true;
  tail.correct_by_construction = [](ElementType type, long long n) { return n % vector_elements(type) == 0; };
  table.push_back(every_type<Two<Bug::drops_tail>::Op>(std::move(tail)));

  Mutant twice = described("counts-block-twice", "atomic finish: block 0 adds its partial twice");
  twice.periodic_sees = true;
  table.push_back(every_type<Two<Bug::counts_block_twice>::Op>(std::move(twice)));

  Mutant past = described("reads-past-end", "grid-stride loop to i <= n: one element past the end");
  past.periodic_sees = true;
  table.push_back(every_type<ReadsPastEndDot>(std::move(past)));

  // A race shows only when it bites during a run: no check is owed it on its own.
  table.push_back(every_type<RacyTree>(described("racy-tree", "no __syncthreads between the block tree's levels")));

  Mutant width = described("wrong-width-load",
                           "steps over 16-byte vectors but loads 8 bytes of each: the upper half of every vector is lost");
  width.correct_by_construction = [](ElementType type, long long n) { return n < vector_elements(type); };
  table.push_back(every_type<Two<Bug::wrong_width_load>::Op>(std::move(width)));

  Mutant in_element = described("sums-in-element-type",
                                "sums in the element type (__half, __nv_bfloat16), not float: every add rounds to it");
  in_element.confined_to = [](ElementType type) -> std::optional<ElementType> { return type; };
  table.push_back(built_for<Two<Bug::accumulates_in_element>::Op, __half, __nv_bfloat16>(std::move(in_element)));

  Mutant in_float = described("sums-in-float", "f64 summed in float, not double: every add rounds to float");
  in_float.confined_to = [](ElementType) -> std::optional<ElementType> { return ElementType::f32; };
  table.push_back(built_for<Two<Bug::accumulates_in_float>::Op, double>(std::move(in_float)));

  table.push_back(built_for<Two<Bug::reads_as_float>::Op, double>(described(
      "reads-as-float", "f64 read through float pointers: n floats, the first half of the bytes, as the values")));
  return table;
}

}  // namespace

int vector_elements(ElementType type) { return 16 / element_bytes(type); }

const std::vector<Mutant>& mutants() {
  static const std::vector<Mutant> table = make_table();
  return table;
}

}  // namespace dotsweep::test
