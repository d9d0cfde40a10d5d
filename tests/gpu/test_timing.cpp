// The timers against work of known duration: a kernel that spins for a set
// number of nanoseconds, with known noise injected, must be measured at that
// duration, and the statistics must recover the injected spread.
#include <doctest/doctest.h>

#include <random>

#include "core/statistics.hpp"
#include "gpu/device_info.hpp"
#include "gpu/timers.hpp"
#include "timing_probe_kernels.hpp"

using namespace dotsweep;

namespace {

// A DotOperation whose "dot product" is a spin of a chosen length.
class SpinOperation : public DotOperation {
 public:
  explicit SpinOperation(std::vector<unsigned long long> durations_ns) : durations_(std::move(durations_ns)) {}
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t stream) override {
    launch_spin_for(durations_[next_++ % durations_.size()], stream);
  }
  long long grid_blocks() const override { return 1; }
  SummationShape summation_shape() const override { return {}; }

 private:
  std::vector<unsigned long long> durations_;
  std::size_t next_ = 0;
};

// A created stream: graph capture refuses the legacy default stream.
struct TestStream {
  cudaStream_t stream = nullptr;
  TestStream() { cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking); }
  ~TestStream() { cudaStreamDestroy(stream); }
};

}  // namespace

TEST_CASE("cold timing recovers a known kernel duration") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  ColdTimer timer(device, stream.stream);
  SpinOperation spin({200'000});  // 200 us
  const StoppingRule rule{20, 50, 0.5, 2.0};
  const SampleSummary s = summarize(timer.measure(spin, DotInputs{}, rule).us);
  CAPTURE(s.median);
  // Launch latency is hidden by the blocking kernel, so only the kernel's own
  // start-up (a few us) adds to the 200 us.
  CHECK(s.median >= 199.0);
  CHECK(s.median <= 210.0);
}

TEST_CASE("statistics recover injected noise: quartiles of a known spread") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  ColdTimer timer(device, stream.stream);
  // Durations cycle through 100, 110, 120, 130 us: quartiles 107.5 / 122.5 by
  // construction, noise (IQR / median) = 15 / 115 = 13%.
  SpinOperation spin({100'000, 110'000, 120'000, 130'000});
  const StoppingRule rule{40, 40, 0.0, 60.0};
  const SampleSummary s = summarize(timer.measure(spin, DotInputs{}, rule).us);
  CAPTURE(s.p25);
  CAPTURE(s.p75);
  CHECK(s.samples == 40);
  CHECK(s.p25 == doctest::Approx(107.5 + 2).epsilon(0.03));
  CHECK(s.p75 == doctest::Approx(122.5 + 2).epsilon(0.03));
  CHECK(s.noise_pct == doctest::Approx(13.0).epsilon(0.15));
  CHECK(s.min == doctest::Approx(101.0).epsilon(0.03));
}

TEST_CASE("hot timing divides a graph replay by its launches") {
  TestStream stream;
  HotTimer timer(stream.stream);
  SpinOperation spin({50'000});
  const std::vector<DotInputs> slots(8);
  const StoppingRule rule{10, 20, 1.0, 2.0};
  const SampleSummary s = summarize(timer.measure(spin, slots, rule).us);
  CAPTURE(s.median);
  CHECK(s.median >= 49.5);
  CHECK(s.median <= 53.0);
}
