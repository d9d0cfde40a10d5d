// The dot-product kernel: dot_kernel<Policy> (kernels/dot_policy.cuh holds
// every constant). The harness asks NVRTC for one instantiation per variant by
// name expression, e.g.
//   dotsweep_kernels::dot_kernel<dotsweep_kernels::DotPolicy<float, 256, 4, 4,
//     Grid::persistent, Layout::warp_partials, Reduce::shuffle, Finish::atomic, Hint::plain, Accum::own>>
// Quoted includes of sibling files are inlined at build time
// (tools/embed_source.cpp, core/space/kernel_tree.cpp), so NVRTC gets one
// self-contained source.
#pragma once

#include "dot_policy.cuh"

namespace dotsweep_kernels {

// One tile: Items vectors of each input are loaded before the first use, so
// Items x 2 independent loads are in flight per thread. `Checked` guards the
// last, partial tile.
template <class P, bool Checked>
__device__ __forceinline__ void tile_dot(const typename P::Vector* __restrict__ a,
                                         const typename P::Vector* __restrict__ b, long long first, long long count,
                                         typename P::Accumulator& acc) {
  typename P::Vector x[P::kItems], y[P::kItems];
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    const long long i = first + (long long)k * P::kBlock;
    if (!Checked || i < count) {
      x[k] = load<P::kHint>(a + i);
      y[k] = load<P::kHint>(b + i);
    }
  }
#pragma unroll
  for (int k = 0; k < P::kItems; ++k) {
    const long long i = first + (long long)k * P::kBlock;
    if (!Checked || i < count) acc.add(x[k], y[k]);
  }
}

template <class P>
__device__ __forceinline__ void any_tile_dot(const typename P::Vector* __restrict__ a,
                                             const typename P::Vector* __restrict__ b, long long first,
                                             long long count, typename P::Accumulator& acc) {
  if (first + (long long)(P::kItems - 1) * P::kBlock < count) tile_dot<P, false>(a, b, first, count, acc);
  else tile_dot<P, true>(a, b, first, count, acc);
}

// The global-load path of thread_partial (below).
template <class P>
__device__ __forceinline__ typename P::Acc loaded_partial(const typename P::Element* __restrict__ a,
                                                          const typename P::Element* __restrict__ b, long long n) {
  using V = typename P::Vector;
  const V* av = reinterpret_cast<const V*>(a);
  const V* bv = reinterpret_cast<const V*>(b);
  const long long vectors = n / P::kVec;
  typename P::Accumulator acc;
  long long first = blockIdx.x * P::kTile + threadIdx.x;
  if (P::kGrid == Grid::cover) {
    if (first < vectors) any_tile_dot<P>(av, bv, first, vectors, acc);
  } else {
    const long long step = (long long)gridDim.x * P::kTile;
    for (; first < vectors; first += step) any_tile_dot<P>(av, bv, first, vectors, acc);
  }
  if (P::kVec > 1 && blockIdx.x == 0) {
    const long long tail = vectors * P::kVec + threadIdx.x;
    if (tail < n) acc.add(a[tail], b[tail]);
  }
  return acc.value();
}

// This thread's share of the dot product: its tiles (one for a cover grid,
// grid-stride otherwise), plus, in block 0, one of the n % Vec elements past
// the last whole vector. Hint::bulk takes the same tiles (block b: tiles b,
// b + gridDim.x, ...) through the cp.async.bulk ring, which reads the tail
// itself.
template <class P>
__device__ __forceinline__ typename P::Acc thread_partial(const typename P::Element* __restrict__ a,
                                                          const typename P::Element* __restrict__ b, long long n) {
  if constexpr (P::kBulk) {
#if __CUDA_ARCH__ >= 900
    return bulk_ring_partial<typename P::Element, typename P::Accumulator, P::kBlock, kBulkStages,
                             P::kBulkTileElems>(a, b, n)
        .value();
#else
    __trap();  // the planner rejects hint bulk below sm_90
    return typename P::Acc(0);
#endif
  } else {
    return loaded_partial<P>(a, b, n);
  }
}

// The start of a kernel launched as a programmatic dependent (hints pdl,
// pdl_l2): let the stream's next kernel launch now, so its blocks are
// scheduled while this one runs, then wait until the previous kernel has
// completed and its writes are visible; nothing before the wait touches
// global memory but pdl_l2's prefetches of this thread's first tile into L2.
// Those are safe whoever writes the inputs: writes land in L2, so a line
// fetched early is updated there, and the loads after the wait read it.
// A kernel with no programmatic predecessor passes the wait at once.
template <class P>
__device__ __forceinline__ void begin_as_dependent(const typename P::Element* __restrict__ a,
                                                   const typename P::Element* __restrict__ b, long long n) {
#if __CUDA_ARCH__ >= 900
  if constexpr (P::kHint == Hint::pdl_l2) {
    const long long vectors = n / P::kVec;
    const long long first = blockIdx.x * P::kTile + threadIdx.x;
#pragma unroll
    for (int k = 0; k < P::kItems; ++k) {
      const long long i = first + (long long)k * P::kBlock;
      if (i < vectors) {
        asm volatile("prefetch.global.L2 [%0];" ::"l"(a + i * P::kVec) : "memory");
        asm volatile("prefetch.global.L2 [%0];" ::"l"(b + i * P::kVec) : "memory");
      }
    }
  }
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  asm volatile("griddepcontrol.wait;" ::: "memory");
#else
  __trap();  // the planner rejects hints pdl and pdl_l2 below sm_90
#endif
}

// Draws a ticket for the last-block finishes: one atomic increment with
// acquire-release semantics at GPU scope. Release orders this thread's
// earlier writes (its block's partial, or its atomicAdd into the running sum)
// before its ticket; acquire orders the winner's later reads after every
// ticket drawn before it, so the block that draws count-1 sees every partial.
// atom.inc wraps count-1 back to 0, so a complete launch leaves the ticket at
// 0 for the next one: no memset.
// Why not __threadfence + atomicInc (the ticket before commit 0c9726b):
// __threadfence is a sequentially consistent fence, MEMBAR.SC.GPU in SASS, and the winner needed
// a second one after its ticket; this is one MEMBAR.ALL.GPU before the atomic
// and an L1 invalidate after it (tests/unit/kernel_blocks_sass.cpp checks).
__device__ __forceinline__ bool draws_last_ticket(unsigned int* ticket, unsigned int count) {
  unsigned int previous;
  asm volatile("atom.acq_rel.gpu.global.inc.u32 %0, [%1], %2;"
               : "=r"(previous)
               : "l"(ticket), "r"(count - 1)
               : "memory");
  return previous == count - 1;
}

// The last-block finish: every block (or, after the cluster finish, every
// cluster's rank-0 block) stores its partial at `slot` and draws a ticket;
// the block that draws the last one sums all `count` partials in a fixed
// order (thread t: t, t+Block, ..., then the same block reduction), so the
// result is deterministic. One kernel, no memset. block_total: thread 0.
template <class P>
__device__ __forceinline__ void finish_in_last_block(typename P::Acc block_total, unsigned int slot, unsigned int count,
                                                     typename P::Acc* __restrict__ partials,
                                                     unsigned int* __restrict__ ticket,
                                                     typename P::Result* __restrict__ result) {
  using Acc = typename P::Acc;
  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    partials[slot] = block_total;
    is_last = draws_last_ticket(ticket, count);
  }
  // Thread 0's acquire, then this barrier, order every thread's reads below
  // after every block's partial.
  __syncthreads();
  if (!is_last) return;
  Acc acc = Acc(0);
  // __ldcg: from L2, never a stale L1 line of another block's partial.
  for (unsigned int i = threadIdx.x; i < count; i += P::kBlock) acc += __ldcg(partials + i);
  const Acc total = block_sum<Acc, P::kBlock, P::kLayout, P::kReduce>::run(acc);
  if (threadIdx.x == 0) *result = static_cast<typename P::Result>(total);
}

// Reads the running sum and leaves 0 in its place, in one atomic. CUDA has
// atomicExch for float but not for double, so the double goes through its bits.
__device__ __forceinline__ float take_and_zero(float* sum) { return atomicExch(sum, 0.0f); }
__device__ __forceinline__ double take_and_zero(double* sum) {
  return __longlong_as_double(
      static_cast<long long>(atomicExch(reinterpret_cast<unsigned long long*>(sum), 0ull)));
}

// The atomic-ticket finish: the atomic finish without its memset, and the
// last-block finish without its pass over the partials. Thread 0 of every
// block atomicAdds its block total into `sum` (one Acc in device memory, so
// an f64 accumulator stays f64), then draws a ticket (draws_last_ticket,
// whose release orders the add before it). Every block's add is ordered
// before its ticket, so the block that draws the last ticket sees them all;
// it takes the total with an atomic exchange to 0 and writes the result.
// Not deterministic: the adds land in whatever order the blocks finish.
//
// Why no launch needs a memset: `sum` and `ticket` are zeroed once when the
// operation is built, and every complete launch leaves both at zero (the
// exchange empties `sum`, atom.inc wraps `ticket` from count-1 to 0), after
// every block of that launch has added and drawn. Launches of one stream run
// one after another (hot mode's graph of K launches is a chain in capture
// order), so launch k+1's first add comes after launch k's exchange even
// though all K share this one `sum` and `ticket` over different input slots.
template <class P>
__device__ __forceinline__ void finish_by_atomic_ticket(typename P::Acc block_total, typename P::Acc* __restrict__ sum,
                                                        unsigned int* __restrict__ ticket,
                                                        typename P::Result* __restrict__ result) {
  if (threadIdx.x != 0) return;  // the block total lives in thread 0
  atomicAdd(sum, block_total);     // ordered before this block's ticket by its release
  if (!draws_last_ticket(ticket, gridDim.x)) return;
  *result = static_cast<typename P::Result>(take_and_zero(sum));
}

// The gather finish's slots: one word per block holding the bits of its
// total (an Acc, float or double), all ones while empty. All ones is a NaN
// that GPU arithmetic never produces (its NaNs are canonical), and a block
// whose total has those bits anyway stores another NaN, so an empty slot and
// a written one never look alike.
template <typename Acc> struct gather_slot;
template <> struct gather_slot<float> {
  using Word = unsigned int;
  __device__ static Word bits(float v) { return __float_as_uint(v); }
  __device__ static float value(Word w) { return __uint_as_float(w); }
  static constexpr Word kOtherNaN = 0x7fffffffu;
};
template <> struct gather_slot<double> {
  using Word = unsigned long long;
  __device__ static Word bits(double v) { return static_cast<Word>(__double_as_longlong(v)); }
  __device__ static double value(Word w) { return __longlong_as_double(static_cast<long long>(w)); }
  static constexpr Word kOtherNaN = 0x7fffffffffffffffull;
};
// Relaxed loads and stores at GPU scope: single-copy atomic words that go to
// L2, never a stale L1 line. The word is the message, so no fence orders
// anything else.
__device__ __forceinline__ unsigned int load_slot(const unsigned int* p) {
  unsigned int v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned long long load_slot(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_slot(unsigned int* p, unsigned int v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void store_slot(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

// Block 0's threads [0, Threads) wait for slots 1 .. count-1 (thread t takes
// t, t + Threads, ...), empty each one and add it to `acc` in slot order.
// A thread reads kBatch slots at once and, while any of them is empty,
// reads all the empty ones again together: once the last blocks have
// stored, the batch costs one more round trip to L2, not one per slot
// (waiting on one slot after another cost the warp 1-3 us at 128-512
// blocks on the H200, 2026-11-30, when L2 answered slowly under load:
// results/2026-11-30-gather-finish/README.md).
template <unsigned int Threads, typename Acc>
__device__ __forceinline__ Acc take_gathered_slots(Acc acc, typename gather_slot<Acc>::Word* slots,
                                                   unsigned int count) {
  using Slot = gather_slot<Acc>;
  using Word = typename Slot::Word;
  constexpr Word kEmpty = ~Word(0);
  constexpr unsigned int kBatch = 8;
  for (unsigned int first = threadIdx.x; first < count; first += kBatch * Threads) {
    Word w[kBatch];
    // Slots outside [1, count) read as a full slot holding +0 and are skipped below.
#pragma unroll
    for (unsigned int k = 0; k < kBatch; ++k) {
      const unsigned int i = first + k * Threads;
      w[k] = i != 0 && i < count ? load_slot(slots + i) : Word(0);
    }
    bool pending = true;
    while (pending) {
      pending = false;
#pragma unroll
      for (unsigned int k = 0; k < kBatch; ++k)
        if (w[k] == kEmpty) w[k] = load_slot(slots + first + k * Threads);
#pragma unroll
      for (unsigned int k = 0; k < kBatch; ++k) pending |= w[k] == kEmpty;
    }
#pragma unroll
    for (unsigned int k = 0; k < kBatch; ++k) {
      const unsigned int i = first + k * Threads;
      if (i == 0 || i >= count) continue;
      store_slot(slots + i, kEmpty);
      acc += Slot::value(w[k]);
    }
  }
  return acc;
}

// Publishes a total in its slot (a block's for the gather finish, a
// cluster's for the cluster finish): one relaxed store, never the empty word.
template <typename Acc>
__device__ __forceinline__ void publish_in_slot(Acc total, typename gather_slot<Acc>::Word* slot) {
  using Slot = gather_slot<Acc>;
  constexpr typename Slot::Word kEmpty = ~typename Slot::Word(0);
  const typename Slot::Word w = Slot::bits(total);
  store_slot(slot, w == kEmpty ? Slot::kOtherNaN : w);
}

// Block 0's half of the gather: thread 0 holds its own total in `acc` (the
// others 0); waits for slots 1 .. count-1, sums them in slot order, empties
// them and writes the result. Who waits depends on `count` (the same for
// every thread):
// - up to kGatherWarpSlots slots, warp 0 alone (lane l: its own total if
//   l == 0, then slots l+32, l+64, ...), then one warp shuffle tree. No
//   second block reduction and no __syncthreads: a block reduction cost
//   about 0.4 us on the H200 (a one-block gather that ran it took 3.94 us
//   at n = 1 against grid single's 3.49;
//   results/2026-11-30-gather-finish/README.md).
// - above that, the whole block, then the policy's block reduction: one warp
//   polling thousands of slots fell 3-5% behind the best finish from 2^22
//   up, where the whole block stayed within 0.5-1.3% (docs/kernels.md, "Why
//   `gather`").
// Every thread of block 0 must call it; the block total in `acc` came from
// block_sum, whose reuse contract the __syncthreads below keeps.
template <class P>
__device__ __forceinline__ void gather_slots_into_result(typename P::Acc acc,
                                                         typename gather_slot<typename P::Acc>::Word* slots,
                                                         unsigned int count, typename P::Result* __restrict__ result) {
  using Acc = typename P::Acc;
  if (count > static_cast<unsigned int>(kGatherWarpSlots)) {
    acc = take_gathered_slots<P::kBlock>(acc, slots, count);
    __syncthreads();
    acc = block_sum<Acc, P::kBlock, P::kLayout, P::kReduce>::run(acc);
  } else {
    static_assert(kGatherThreads == kWarpThreads, "the small-grid gather is one warp's shuffles");
    if (threadIdx.x >= kGatherThreads) return;
    if (count > 1) acc = detail::warp_shuffle_sum(take_gathered_slots<kGatherThreads>(acc, slots, count));
  }
  if (threadIdx.x == 0) *result = static_cast<typename P::Result>(acc);
}

// The gather finish: every block but block 0 stores its total in its own
// slot and leaves; block 0 waits for each slot to fill, sums the totals in
// slot order, empties the slots and writes the result. One launch, no
// memset, no atomics and no fences, deterministic.
// Against last_block: no block waits for a fence or a returning ticket, and
// the totals are read as they land instead of after the last ticket.
// Only block 0 ever waits, and it waits for blocks that never wait, so any
// grid finishes whatever the scheduler keeps resident.
// The slots start empty (the harness fills them with ones once) and every
// complete launch leaves them empty: launches of one stream run one after
// another (as for atomic_ticket, below).
template <class P>
__device__ __forceinline__ void finish_by_gather(typename P::Acc block_total, typename P::Acc* __restrict__ partials,
                                                 typename P::Result* __restrict__ result) {
  using Acc = typename P::Acc;
  using Word = typename gather_slot<Acc>::Word;
  Word* slots = reinterpret_cast<Word*>(partials);
  if (blockIdx.x != 0) {
    if (threadIdx.x == 0) publish_in_slot(block_total, slots + blockIdx.x);
    return;
  }
  // The block total is thread 0's.
  gather_slots_into_result<P>(threadIdx.x == 0 ? block_total : Acc(0), slots, gridDim.x, result);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// Thread-block cluster primitives (sm_90 PTX): rank in the cluster, cluster
// index, cluster count.
__device__ __forceinline__ unsigned int cluster_special(int which) {
  unsigned int v;
  if (which == 0) asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(v));
  else if (which == 1) asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(v));
  else asm volatile("mov.u32 %0, %%nclusterid.x;" : "=r"(v));
  return v;
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
// The cluster finish, on bulk_ring.cuh's mbarrier primitives (device code
// for sm_90 and up only, like them).
// A rank's total, sent into rank 0's shared memory with st.async: the store
// completes its bytes on rank 0's mailbox barrier, so rank 0 learns of it by
// waiting on its own shared memory, never by polling L2.
// The address in rank 0's shared memory of this block's `local` one.
__device__ __forceinline__ unsigned int in_rank0(unsigned int local) {
  unsigned int remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, 0;" : "=r"(remote) : "r"(local));
  return remote;
}
__device__ __forceinline__ void send_to_rank0(unsigned int local_slot, unsigned int local_barrier, float v) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];" ::"r"(in_rank0(local_slot)),
               "r"(__float_as_uint(v)), "r"(in_rank0(local_barrier))
               : "memory");
}
__device__ __forceinline__ void send_to_rank0(unsigned int local_slot, unsigned int local_barrier, double v) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [%0], %1, [%2];" ::"r"(in_rank0(local_slot)),
               "l"(__double_as_longlong(v)), "r"(in_rank0(local_barrier))
               : "memory");
}

// Rank 0's mailbox: a barrier that expects the other ranks' bytes, and one
// slot per rank. Function-scope __shared__ is static: every call in a block
// returns the same mailbox.
template <typename Acc> struct ClusterMailbox {
  unsigned long long barrier;
  Acc totals[kClusterBlocks];
};
template <typename Acc> __device__ __forceinline__ ClusterMailbox<Acc>& cluster_mailbox() {
  __shared__ ClusterMailbox<Acc> mailbox;
  return mailbox;
}

// The cluster finish's first half, at kernel entry: rank 0 readies its
// mailbox, and every thread arrives at the cluster barrier, which is waited
// on only before the totals go out, so its round trip overlaps the loads.
// The arrive is relaxed: a release arrive held every block's first loads
// back by 450-600 ns on an H100 (research/probes/launch_anatomy.cu,
// results/2026-12-07-launch-anatomy/README.md); the init fence is what
// publishes the barrier to the cluster.
template <class P>
__device__ __forceinline__ void open_cluster_mailbox() {
  using Acc = typename P::Acc;
  ClusterMailbox<Acc>& mailbox = cluster_mailbox<Acc>();
  if (threadIdx.x == 0 && cluster_special(0) == 0) {
    const unsigned int barrier = detail::shared_address(&mailbox.barrier);
    detail::barrier_init(barrier, 1);
    detail::arrive_expect_tx(barrier, sizeof(Acc) * (kClusterBlocks - 1));
    detail::fence_barrier_init();
  }
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
}

// The cluster finish: the kClusterBlocks blocks of a cluster (launched with
// that cluster size) send their totals into rank 0's mailbox, and rank 0
// sums them in rank order as soon as its barrier has every byte (on an H100,
// 100-200 ns after the last rank's send against 600-1100 ns for a gather
// through L2 on the same grid). With one cluster, rank 0 writes the result;
// with more, each cluster's total goes through the gather's slots (one per
// cluster) to block 0. One launch, no memset, no atomics, deterministic.
// Rank 0 waits for ranks that never wait, so any grid finishes.
template <class P>
__device__ __forceinline__ void finish_in_cluster(typename P::Acc block_total, typename P::Acc* __restrict__ partials,
                                                  typename P::Result* __restrict__ result) {
  using Acc = typename P::Acc;
  using Word = typename gather_slot<Acc>::Word;
  ClusterMailbox<Acc>& mailbox = cluster_mailbox<Acc>();
  const unsigned int rank = cluster_special(0);
  // Every rank's mailbox is ready once every thread of the cluster arrived.
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
  const unsigned int barrier = detail::shared_address(&mailbox.barrier);
  if (rank != 0) {
    if (threadIdx.x == 0) send_to_rank0(detail::shared_address(&mailbox.totals[rank]), barrier, block_total);
    return;
  }
  detail::wait_parity(barrier, 0);
  Acc cluster_total = Acc(0);
  if (threadIdx.x == 0) {
    cluster_total = block_total;
#pragma unroll
    for (int r = 1; r < kClusterBlocks; ++r) cluster_total += mailbox.totals[r];
  }
  const unsigned int cluster = cluster_special(1), clusters = cluster_special(2);
  if (clusters == 1) {
    if (threadIdx.x == 0) *result = static_cast<typename P::Result>(cluster_total);
    return;
  }
  Word* slots = reinterpret_cast<Word*>(partials);
  if (cluster != 0) {
    if (threadIdx.x == 0) publish_in_slot(cluster_total, slots + cluster);
    return;
  }
  gather_slots_into_result<P>(cluster_total, slots, clusters, result);
}
#endif

// partials: one Acc per block (two_pass, last_block; gather: all ones before
// the first launch) or per cluster (cluster), or the one running-sum Acc
// (atomic_ticket), zero before the first launch; ticket: one counter, zero
// before the first launch (last_block, cluster, atomic_ticket); result: the
// dot product (atomic: zeroed by the harness before the launch).
template <class P>
__global__ void __launch_bounds__(P::kBlock)
dot_kernel(const typename P::Element* __restrict__ a, const typename P::Element* __restrict__ b, long long n,
           typename P::Acc* __restrict__ partials, unsigned int* __restrict__ ticket,
           typename P::Result* __restrict__ result) {
  if constexpr (P::kDependentLaunch) begin_as_dependent<P>(a, b, n);
#if __CUDA_ARCH__ >= 900
  if constexpr (P::kFinish == Finish::cluster) open_cluster_mailbox<P>();
#endif
  const typename P::Acc block_total =
      block_sum<typename P::Acc, P::kBlock, P::kLayout, P::kReduce>::run(thread_partial<P>(a, b, n));
  using Result = typename P::Result;
  if constexpr (P::kSingleBlock) {
    if (threadIdx.x == 0) *result = static_cast<Result>(block_total);
  } else if constexpr (P::kFinish == Finish::last_block) {
    finish_in_last_block<P>(block_total, blockIdx.x, gridDim.x, partials, ticket, result);
  } else if constexpr (P::kFinish == Finish::cluster) {
#if __CUDA_ARCH__ >= 900
    finish_in_cluster<P>(block_total, partials, result);
#else
    __trap();  // the planner rejects the cluster finish below sm_90
#endif
  } else if constexpr (P::kFinish == Finish::atomic) {
    if (threadIdx.x == 0) atomicAdd(result, static_cast<Result>(block_total));
  } else if constexpr (P::kFinish == Finish::atomic_ticket) {
    finish_by_atomic_ticket<P>(block_total, partials, ticket, result);
  } else if constexpr (P::kFinish == Finish::gather) {
    finish_by_gather<P>(block_total, partials, result);
  } else {
    if (threadIdx.x == 0) partials[blockIdx.x] = block_total;
  }
}

// Second kernel of the two-pass finish: one block of kFinishBlock threads
// sums every partial (same policy, so the same Acc and Result types).
template <class P>
__global__ void __launch_bounds__(kFinishBlock)
finish_partials(const typename P::Acc* __restrict__ partials, long long count, typename P::Result* __restrict__ result) {
  using Acc = typename P::Acc;
  Acc acc = Acc(0);
  for (long long i = threadIdx.x; i < count; i += kFinishBlock) acc += partials[i];
  const Acc total = block_sum<Acc, kFinishBlock, Layout::warp_partials, Reduce::shuffle>::run(acc);
  if (threadIdx.x == 0) *result = static_cast<typename P::Result>(total);
}

}  // namespace dotsweep_kernels
