#include "finish_mutants.hpp"

#include <algorithm>
#include <stdexcept>

#include "dot_kernel.cuh"
#include "gpu/device_buffer.hpp"

namespace dotsweep::test {

namespace {

namespace dk = dotsweep_kernels;
constexpr int kBlock = 256;
using Policy = dk::DotPolicy<float, kBlock, 1, 4, dk::Grid::cover, dk::Layout::warp_partials, dk::Reduce::shuffle,
                             dk::Finish::last_block, dk::Hint::plain, dk::Accum::own>;
using Sum = dk::block_sum<float, kBlock, dk::Layout::warp_partials, dk::Reduce::shuffle>;

enum class Bug { ticket_never_reset, skips_own_partial };

template <Bug B>
__global__ void __launch_bounds__(kBlock)
broken_last_block(const float* a, const float* b, long long n, float* partials, unsigned int* ticket, float* result) {
  const float block_total = Sum::run(dk::thread_partial<Policy>(a, b, n));
  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = block_total;
    __threadfence();
    const unsigned int drawn = B == Bug::ticket_never_reset ? atomicAdd(ticket, 1u) : atomicInc(ticket, gridDim.x - 1);
    is_last = drawn == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  __threadfence();
  float acc = 0.0f;
  for (unsigned int i = threadIdx.x; i < gridDim.x; i += kBlock)
    if (B != Bug::skips_own_partial || i != blockIdx.x) acc += __ldcg(partials + i);
  const float total = Sum::run(acc);
  if (threadIdx.x == 0) *result = total;
}

// What both broken finishes share: one f32 dot over a cover grid of kBlock
// threads with 4-float loads, a ticket zeroed once, and the error shape of
// the finish they break (a block reduction, or one chain over the blocks).
class BrokenFinish : public DotOperation {
 public:
  explicit BrokenFinish(bool sequential_finish) : sequential_finish_(sequential_finish), ticket_(1) {
    check_cuda(cudaMemset(ticket_.get(), 0, sizeof(unsigned int)), "cudaMemset(ticket)");
    // cudaMemset runs on the legacy stream, which does not order the tests'
    // non-blocking streams: finish it before any launch.
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  void prepare(long long n) override {
    blocks_ = std::max(1LL, (n / 4 + kBlock - 1) / kBlock);
    n_ = n;
  }
  long long grid_blocks() const override { return blocks_; }
  SummationShape summation_shape() const override {
    SummationShape s;
    s.per_thread_terms = 4 * std::max(1LL, (n_ / 4 + blocks_ * kBlock - 1) / (blocks_ * kBlock)) + 1;
    s.block = kBlock;
    s.partials = blocks_;
    s.finish_is_sequential = sequential_finish_;
    s.finish_block = kBlock;
    return s;
  }
  ElementType element_type() const override { return ElementType::f32; }

 protected:
  struct FloatArgs {
    const float* a;
    const float* b;
    float* result;
  };
  // The typed pointers every broken kernel takes.
  static FloatArgs float_args(const DotInputs& in) {
    return {static_cast<const float*>(in.a), static_cast<const float*>(in.b), static_cast<float*>(in.result)};
  }
  bool sequential_finish_;
  DeviceBuffer<unsigned int> ticket_;
  long long blocks_ = 1, n_ = 0;
};

class BrokenLastBlock : public BrokenFinish {
 public:
  explicit BrokenLastBlock(Bug bug) : BrokenFinish(false), bug_(bug) {}
  void prepare(long long n) override {
    BrokenFinish::prepare(n);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const unsigned grid = static_cast<unsigned>(blocks_);
    const auto [a, b, result] = float_args(in);
    if (bug_ == Bug::ticket_never_reset)
      broken_last_block<Bug::ticket_never_reset><<<grid, kBlock, 0, stream>>>(a, b, in.n, partials_.get(),
                                                                              ticket_.get(), result);
    else
      broken_last_block<Bug::skips_own_partial><<<grid, kBlock, 0, stream>>>(a, b, in.n, partials_.get(),
                                                                             ticket_.get(), result);
    check_cuda(cudaGetLastError(), "launch broken_last_block");
  }
  bool promises_determinism() const override { return true; }

 private:
  Bug bug_;
  DeviceBuffer<float> partials_;
};

enum class TicketBug { sum_never_reset, ticket_before_add };

// The atomic-ticket finish (dot_kernel.cuh, finish_by_atomic_ticket) with one
// bug: sum_never_reset reads the running sum without zeroing it, so each
// launch returns the total of every launch so far; ticket_before_add takes
// the ticket before adding, so the last block reads the sum before its own
// add (and maybe others'), which then lands in the next launch's sum.
template <TicketBug B>
__global__ void __launch_bounds__(kBlock)
broken_atomic_ticket(const float* a, const float* b, long long n, float* sum, unsigned int* ticket, float* result) {
  const float block_total = Sum::run(dk::thread_partial<Policy>(a, b, n));
  if (threadIdx.x != 0) return;
  if (B != TicketBug::ticket_before_add) {
    atomicAdd(sum, block_total);
    __threadfence();
  }
  if (atomicInc(ticket, gridDim.x - 1) == gridDim.x - 1) {
    __threadfence();
    *result = B == TicketBug::sum_never_reset ? atomicAdd(sum, 0.0f) : atomicExch(sum, 0.0f);
  }
  if (B == TicketBug::ticket_before_add) atomicAdd(sum, block_total);
}

// The real atomic_ticket's shape: the block totals in one chain of adds.
class BrokenAtomicTicket : public BrokenFinish {
 public:
  explicit BrokenAtomicTicket(TicketBug bug) : BrokenFinish(true), bug_(bug), sum_(1) {
    check_cuda(cudaMemset(sum_.get(), 0, sizeof(float)), "cudaMemset(sum)");
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const unsigned grid = static_cast<unsigned>(blocks_);
    const auto [a, b, result] = float_args(in);
    if (bug_ == TicketBug::sum_never_reset)
      broken_atomic_ticket<TicketBug::sum_never_reset><<<grid, kBlock, 0, stream>>>(a, b, in.n, sum_.get(),
                                                                                  ticket_.get(), result);
    else
      broken_atomic_ticket<TicketBug::ticket_before_add><<<grid, kBlock, 0, stream>>>(a, b, in.n, sum_.get(),
                                                                                    ticket_.get(), result);
    check_cuda(cudaGetLastError(), "launch broken_atomic_ticket");
  }
  bool promises_determinism() const override { return false; }

 private:
  TicketBug bug_;
  DeviceBuffer<float> sum_;
};

enum class GatherBug { skips_last_slot, never_empties };

// A gather finish (dot_kernel.cuh, finish_by_gather, with block 0 summing
// the slots over the whole block, as it did first) with one bug:
// skips_last_slot stops block 0 one slot short (an off-by-one in its loop
// bound); never_empties reads the slots without emptying them, so from the
// second launch on block 0 takes whatever the launch before left there
// instead of waiting for this launch's totals.
template <GatherBug B>
__global__ void __launch_bounds__(kBlock)
broken_gather(const float* a, const float* b, long long n, unsigned int* slots, float* result) {
  constexpr unsigned int kEmpty = ~0u;
  const float block_total = Sum::run(dk::thread_partial<Policy>(a, b, n));
  if (blockIdx.x != 0) {
    if (threadIdx.x == 0) dk::store_slot(slots + blockIdx.x, __float_as_uint(block_total));
    return;
  }
  const unsigned int end = B == GatherBug::skips_last_slot ? gridDim.x - 1 : gridDim.x;
  float acc = threadIdx.x == 0 ? block_total : 0.0f;
  for (unsigned int i = threadIdx.x; i < end; i += kBlock) {
    if (i == 0) continue;
    unsigned int w = dk::load_slot(slots + i);
    while (w == kEmpty) w = dk::load_slot(slots + i);
    if (B != GatherBug::never_empties) dk::store_slot(slots + i, kEmpty);
    acc += __uint_as_float(w);
  }
  const float total = Sum::run(acc);
  if (threadIdx.x == 0) *result = total;
}

class BrokenGather : public BrokenFinish {
 public:
  explicit BrokenGather(GatherBug bug) : BrokenFinish(false), bug_(bug) {}
  void prepare(long long n) override {
    BrokenFinish::prepare(n);
    if (slots_.size() < static_cast<std::size_t>(blocks_)) {
      slots_ = DeviceBuffer<unsigned int>(blocks_);
      check_cuda(cudaMemset(slots_.get(), 0xff, slots_.size() * sizeof(unsigned int)), "cudaMemset(slots)");
      check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
    }
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const unsigned grid = static_cast<unsigned>(blocks_);
    const auto [a, b, result] = float_args(in);
    if (bug_ == GatherBug::skips_last_slot)
      broken_gather<GatherBug::skips_last_slot><<<grid, kBlock, 0, stream>>>(a, b, in.n, slots_.get(), result);
    else
      broken_gather<GatherBug::never_empties><<<grid, kBlock, 0, stream>>>(a, b, in.n, slots_.get(), result);
    check_cuda(cudaGetLastError(), "launch broken_gather");
  }
  bool promises_determinism() const override { return true; }

 private:
  GatherBug bug_;
  DeviceBuffer<unsigned int> slots_;
};

// Counts its launches; on each whose count is period - 2 modulo `period` it
// moves the result one ulp up (never when period is 0). With the period set
// to the launches one size takes, the moved launch is the last but one of
// each size: a timed one that is neither checked nor the last.
__global__ void moves_one_launch_per_period(unsigned int* launches, unsigned int period, float* result) {
  const unsigned int count = (*launches)++;
  if (period != 0 && count % period == period - 2) *result = nextafterf(*result, INFINITY);
}

// A deterministic last-block finish (the real one, dot_kernel.cuh) followed
// by moves_one_launch_per_period: it promises the same bits and breaks that
// promise on one launch that only a check of every timed launch sees.
class DriftingLastBlock : public BrokenFinish {
 public:
  explicit DriftingLastBlock(unsigned period) : BrokenFinish(false), period_(period), launches_(1) {
    check_cuda(cudaMemset(launches_.get(), 0, sizeof(unsigned int)), "cudaMemset(launches)");
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  void prepare(long long n) override {
    BrokenFinish::prepare(n);
    if (partials_.size() < static_cast<std::size_t>(blocks_)) partials_ = DeviceBuffer<float>(blocks_);
  }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const auto [a, b, result] = float_args(in);
    dk::dot_kernel<Policy><<<static_cast<unsigned>(blocks_), kBlock, 0, stream>>>(a, b, in.n, partials_.get(),
                                                                                   ticket_.get(), result);
    moves_one_launch_per_period<<<1, 1, 0, stream>>>(launches_.get(), period_, result);
    check_cuda(cudaGetLastError(), "launch drifting last_block");
  }
  bool promises_determinism() const override { return true; }
  unsigned launches() const {
    unsigned count = 0;
    check_cuda(cudaMemcpy(&count, launches_.get(), sizeof count, cudaMemcpyDeviceToHost), "cudaMemcpy(launches)");
    return count;
  }

 private:
  unsigned period_;
  DeviceBuffer<float> partials_;
  DeviceBuffer<unsigned int> launches_;
};

}  // namespace

std::unique_ptr<DotOperation> make_finish_mutant(const std::string& bug) {
  if (bug == "ticket-never-reset") return std::make_unique<BrokenLastBlock>(Bug::ticket_never_reset);
  if (bug == "skips-own-partial") return std::make_unique<BrokenLastBlock>(Bug::skips_own_partial);
  if (bug == "sum-never-reset") return std::make_unique<BrokenAtomicTicket>(TicketBug::sum_never_reset);
  if (bug == "ticket-before-add") return std::make_unique<BrokenAtomicTicket>(TicketBug::ticket_before_add);
  if (bug == "gather-skips-last-slot") return std::make_unique<BrokenGather>(GatherBug::skips_last_slot);
  if (bug == "gather-never-empties") return std::make_unique<BrokenGather>(GatherBug::never_empties);
  throw std::invalid_argument("no finish mutant " + bug);
}

std::unique_ptr<DotOperation> make_drifting_finish(unsigned period) {
  return std::make_unique<DriftingLastBlock>(period);
}

unsigned drifting_finish_launches(const DotOperation& operation) {
  return dynamic_cast<const DriftingLastBlock&>(operation).launches();
}

}  // namespace dotsweep::test
