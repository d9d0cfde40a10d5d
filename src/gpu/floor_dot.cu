// The launch floor: one launch of an empty kernel, timed exactly like every
// operation (cold: behind the blocker, after the L2 flush; hot: in the graph).
// It computes nothing, so it is never checked, ranked or called a winner;
// it shows how far each row is from the cost of launching anything at all.
#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {

__global__ void empty_kernel() {}

class FloorOperation : public DotOperation {
 public:
  explicit FloorOperation(ElementType type) : type_(type) {}
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t stream) override {
    empty_kernel<<<1, 1, 0, stream>>>();
    check_cuda(cudaGetLastError(), "launch empty_kernel");
  }
  long long grid_blocks() const override { return 1; }
  ElementType element_type() const override { return type_; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  ElementType type_;
};

}  // namespace

std::unique_ptr<DotOperation> make_floor_operation(ElementType type) { return std::make_unique<FloorOperation>(type); }

}  // namespace dotsweep
