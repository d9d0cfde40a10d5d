#include "scratch_spoiler.hpp"

#include <algorithm>

#include "gpu/cuda_error.hpp"

namespace dotsweep::test {

namespace {

constexpr unsigned int kOneF = 0x3f800000u;  // 1.0f: a float sum reads 1, a double one a non-zero value

__global__ void spoil(unsigned int* ticket, unsigned int* sum, unsigned int* slots, int slot_words, float* result) {
  *ticket = 7;
  sum[0] = sum[1] = kOneF;
  for (int i = 0; i < slot_words; ++i) slots[i] = 0;  // full: a gather would take 0 as a block's total
  *result = -1.0f;
}

class ScratchSpoiler : public DotOperation {
 public:
  explicit ScratchSpoiler(const ScratchArena& scratch) : scratch_(scratch) {}
  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    const int words = static_cast<int>(std::min<std::size_t>(scratch_.partial_room() / sizeof(unsigned int), 4096));
    auto* slots = static_cast<unsigned int*>(scratch_.gather_slots(words * sizeof(unsigned int)));
    spoil<<<1, 1, 0, stream>>>(scratch_.ticket(), static_cast<unsigned int*>(scratch_.running_sum()), slots, words,
                               static_cast<float*>(in.result));
    check_cuda(cudaGetLastError(), "launch spoil");
  }
  long long grid_blocks() const override { return 1; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override {
    SummationShape s;
    s.per_thread_terms = std::max(1LL, n_);
    return s;
  }
  bool promises_determinism() const override { return true; }

 private:
  const ScratchArena& scratch_;
  long long n_ = 0;
};

}  // namespace

std::unique_ptr<DotOperation> make_scratch_spoiler(const ScratchArena& scratch) {
  return std::make_unique<ScratchSpoiler>(scratch);
}

}  // namespace dotsweep::test
