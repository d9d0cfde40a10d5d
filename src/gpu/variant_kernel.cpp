#include "gpu/variant_kernel.hpp"

#include <algorithm>

namespace dotsweep {

namespace {
constexpr int kFinishBlock = 512;  // matches dotsweep_kernels::kFinishBlock
const char* kNamespace = "dotsweep_kernels::";

std::string grid_enum(const VariantConfig& c) {
  return std::string(kNamespace) + (c.grid == GridKind::cover ? "Grid::cover" : "Grid::persistent");
}
std::string reduce_enum(const VariantConfig& c) {
  return std::string(kNamespace) + (c.reduce == BlockReduce::smem_tree ? "Reduce::tree" : "Reduce::shuffle");
}
std::string finish_enum(const VariantConfig& c) {
  return std::string(kNamespace) + (c.finish == GridFinish::two_pass ? "Finish::two_pass" : "Finish::atomic");
}
long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }
}  // namespace

std::vector<std::string> kernel_name_expressions(const VariantConfig& c) {
  std::vector<std::string> names{std::string(kNamespace) + "dot_kernel<float, " + std::to_string(c.block) + ", " +
                                 std::to_string(c.items) + ", " + std::to_string(c.vec) + ", " + grid_enum(c) + ", " +
                                 reduce_enum(c) + ", " + finish_enum(c) + ">"};
  if (c.finish == GridFinish::two_pass) names.push_back(std::string(kNamespace) + "finish_partials");
  return names;
}

VariantKernel::VariantKernel(const VariantConfig& config, const CompiledKernels& compiled, const DeviceInfo& device)
    : config_(config), library_(compiled.cubin), sms_(device.sms) {
  dot_kernel_ = library_.kernel(compiled.lowered_names.at(0));
  if (config.finish == GridFinish::two_pass) finish_kernel_ = library_.kernel(compiled.lowered_names.at(1));
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident_blocks_per_sm_, dot_kernel_, config.block, 0),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  if (resident_blocks_per_sm_ < 1) throw GpuError("variant " + config.id() + " cannot be resident on an SM");
}

void VariantKernel::prepare(long long n) {
  n_ = n;
  const long long tiles = std::max(1LL, ceil_div(n / config_.vec, static_cast<long long>(config_.block) * config_.items));
  if (config_.grid == GridKind::cover) {
    grid_blocks_ = tiles;
  } else {
    const long long resident = static_cast<long long>(config_.persistent_k) * sms_ * resident_blocks_per_sm_;
    grid_blocks_ = std::min(tiles, resident);
  }
  if (grid_blocks_ > 0x7fffffffLL) throw GpuError("variant " + config_.id() + " needs more than 2^31-1 blocks at n=" + std::to_string(n));
  if (config_.finish == GridFinish::two_pass && partials_.size() < static_cast<std::size_t>(grid_blocks_))
    partials_ = DeviceBuffer<float>(static_cast<std::size_t>(grid_blocks_));
}

void VariantKernel::enqueue(const DotInputs& in, cudaStream_t stream) {
  float* partials = partials_.get();
  void* result = in.result;  // the kernel's parameters are typed; pointers pass through unchanged
  long long n = in.n;
  const void* a = in.a;
  const void* b = in.b;
  if (config_.finish == GridFinish::atomic)
    check_cuda(cudaMemsetAsync(result, 0, static_cast<std::size_t>(result_bytes(config_.type)), stream),
               "cudaMemsetAsync(result)");
  void* dot_args[] = {&a, &b, &n, &partials, &result};
  check_cuda(cudaLaunchKernel(dot_kernel_, dim3(static_cast<unsigned>(grid_blocks_)), dim3(config_.block), dot_args, 0,
                              stream),
             "launch dot_kernel");
  if (config_.finish == GridFinish::two_pass) {
    long long count = grid_blocks_;
    void* finish_args[] = {&partials, &count, &result};
    check_cuda(cudaLaunchKernel(finish_kernel_, dim3(1), dim3(kFinishBlock), finish_args, 0, stream),
               "launch finish_partials");
  }
}

SummationShape VariantKernel::summation_shape() const {
  SummationShape shape;
  const long long vectors = n_ / config_.vec;
  const long long threads = grid_blocks_ * config_.block;
  const long long loads_per_thread = std::max(1LL, ceil_div(vectors, threads));
  shape.per_thread_terms = loads_per_thread * config_.vec + (config_.vec > 1 ? 1 : 0);
  shape.block = config_.block;
  shape.partials = grid_blocks_;
  shape.finish_is_sequential = config_.finish == GridFinish::atomic;
  shape.finish_block = kFinishBlock;
  return shape;
}

}  // namespace dotsweep
