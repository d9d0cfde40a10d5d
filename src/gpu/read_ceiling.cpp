#include "gpu/read_ceiling.hpp"

#include <algorithm>
#include <vector>

#include "core/sampling/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/harness_kernels.hpp"
#include "gpu/timers.hpp"

namespace dotsweep {

namespace {

// One read kernel shape streaming the buffer, as an operation the cold timer can time.
class ReadOperation : public DotOperation {
 public:
  ReadOperation(const DeviceBuffer<unsigned char>& buffer, float* sink, ReadShape shape)
      : buffer_(buffer), sink_(sink), shape_(shape) {}
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t stream) override {
    launch_read_through(buffer_.get(), buffer_.bytes(), sink_, stream, shape_);
  }
  long long grid_blocks() const override { return 0; }
  ElementType element_type() const override { return ElementType::f32; }  // reads bytes; no result slot
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  const DeviceBuffer<unsigned char>& buffer_;
  float* sink_;
  ReadShape shape_;
};

}  // namespace

ReadCeiling measure_read_ceiling(const DeviceInfo& device, cudaStream_t stream) {
  ReadCeiling ceiling;
  std::size_t free_bytes = 0, total_bytes = 0;
  check_cuda(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
  // 2 GiB is ~35x the H200's L2; smaller on small cards, never over a quarter of free memory.
  const std::size_t bytes = std::min<std::size_t>(std::size_t{2} << 30, free_bytes / 4) / 256 * 256;
  if (bytes < 16 * device.l2_bytes) return ceiling;
  DeviceBuffer<unsigned char> buffer(bytes);
  DeviceBuffer<float> sink(1);
  check_cuda(cudaMemsetAsync(buffer.get(), 1, bytes, stream), "cudaMemsetAsync(ceiling buffer)");
  ColdTimer timer(device, stream);
  const StoppingRule rule;  // the sweep's defaults: the ceiling is measured like any row
  ceiling.bytes = bytes;
  for (const ReadShape shape : kReadShapes) {
    ReadOperation read(buffer, sink.get(), shape);
    const SampleSummary s = summarize(timer.measure(read, DotInputs{}, rule).us);
    const double gbps = static_cast<double>(bytes) / (s.median * 1e-6) / 1e9;
    if (gbps > ceiling.gbps) {
      ceiling.gbps = gbps;
      ceiling.ci_lo_gbps = static_cast<double>(bytes) / (s.ci_hi * 1e-6) / 1e9;
      ceiling.ci_hi_gbps = static_cast<double>(bytes) / (s.ci_lo * 1e-6) / 1e9;
      ceiling.shape = to_string(shape);
    }
  }
  return ceiling;
}

}  // namespace dotsweep
