// The timers against work of known duration: a kernel that spins for a set
// number of nanoseconds, with known noise injected, must be measured at that
// duration, and the statistics must recover the injected spread.
#include <doctest/doctest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "core/sampling/statistics.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/timers.hpp"
#include "test_stream.hpp"
#include "timing_probe_kernels.hpp"

using namespace dotsweep;

namespace {

// A DotOperation whose "dot product" is a spin of a chosen length. The host
// may dawdle before queueing it, as a slow enqueue path (a library's host
// work, a page fault) would.
class SpinOperation : public DotOperation {
 public:
  explicit SpinOperation(std::vector<unsigned long long> durations_ns, std::chrono::microseconds host_delay = {})
      : durations_(std::move(durations_ns)), host_delay_(host_delay) {}
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t stream) override {
    if (host_delay_.count() > 0) std::this_thread::sleep_for(host_delay_);
    launch_spin_for(durations_[next_++ % durations_.size()], stream);
  }
  long long grid_blocks() const override { return 1; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }

 private:
  std::vector<unsigned long long> durations_;
  std::chrono::microseconds host_delay_;
  std::size_t next_ = 0;
};

// Fails on its second enqueue: the first is the timers' warm-up run, the
// second is queued while the timer captures its graph.
class FailingOperation : public SpinOperation {
 public:
  FailingOperation() : SpinOperation({1'000}) {}
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    if (calls_++ > 0) throw GpuError("planted enqueue failure");
    SpinOperation::enqueue(in, stream);
  }

 private:
  int calls_ = 0;
};

// Zeroes its output with a memset before the spin, as the atomic finish does.
class MemsetSpinOperation : public SpinOperation {
 public:
  MemsetSpinOperation() : SpinOperation({1'000}) {}
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    check_cuda(cudaMemsetAsync(in.result, 0, sizeof(float), stream), "cudaMemsetAsync");
    SpinOperation::enqueue(in, stream);
  }
};

// Spins for whatever duration the host stored last: a captured graph of it
// replays a new duration on every sample.
class StoredSpinOperation : public SpinOperation {
 public:
  StoredSpinOperation() : SpinOperation({0}), duration_(1) {}
  void store(unsigned long long ns) {
    check_cuda(cudaMemcpy(duration_.get(), &ns, sizeof ns, cudaMemcpyHostToDevice), "cudaMemcpy(duration)");
    check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");  // landed before the next replay reads it
  }
  void enqueue(const DotInputs&, cudaStream_t stream) override { launch_spin_for_stored(duration_.get(), stream); }

 private:
  DeviceBuffer<unsigned long long> duration_;
};

}  // namespace

TEST_CASE("cold timing recovers a kernel's duration and keeps host enqueue time out of it") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  ColdTimer timer(device, stream.get());
  // The operation's host work takes 1 ms before it launches the 200 us
  // kernel: it runs when the timer captures its graph, and the blocking
  // kernel keeps the graph launch's own host time out of the events
  // (with the host sleep inside them, every sample would read about 1200 us).
  SpinOperation spin({200'000}, std::chrono::microseconds(1000));
  StoppingRule rule;
  rule.min_samples = 20;
  rule.max_samples = 50;
  const TimingSamples samples = timer.measure(spin, DotInputs{}, rule);
  const SampleSummary s = summarize(samples.us);
  CAPTURE(s.median);
  CHECK(samples.launches == 1);
  CHECK(s.median >= 199.0);
  CHECK(s.median <= 210.0);
  CHECK(s.ci_lo <= s.median);
  CHECK(s.ci_hi >= s.median);
}

TEST_CASE("statistics recover injected noise: quartiles of a known spread") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  ColdTimer timer(device, stream.get());
  // Durations cycle through 100, 110, 120, 130 us: quartiles 107.5 / 122.5 by
  // construction, noise (IQR / median) = 15 / 115 = 13%. The timer replays
  // one captured graph, so the duration is stored before each sample.
  StoredSpinOperation spin;
  spin.store(100'000);
  const LaunchGraph graph = timer.prepare(spin, DotInputs{});
  std::vector<double> us;
  for (int i = 0; i < 40; ++i) {
    spin.store(100'000 + 10'000ull * (i % 4));
    us.push_back(timer.take_sample(graph).us);
  }
  const SampleSummary s = summarize(us);
  CAPTURE(s.p25);
  CAPTURE(s.p75);
  CHECK(s.samples == 40);
  CHECK(s.p25 == doctest::Approx(107.5 + 2).epsilon(0.03));
  CHECK(s.p75 == doctest::Approx(122.5 + 2).epsilon(0.03));
  CHECK(s.noise_pct == doctest::Approx(13.0).epsilon(0.15));
  CHECK(s.min == doctest::Approx(101.0).epsilon(0.03));
  // The median's interval spans the middle two durations, 110 and 120 us.
  CHECK(s.ci_lo == doctest::Approx(111.0).epsilon(0.03));
  CHECK(s.ci_hi == doctest::Approx(121.0).epsilon(0.03));
}

TEST_CASE("hot timing replays at least 8 launches per sample, behind the blocker, and divides by them") {
  TestStream stream;
  HotTimer timer(stream.get());
  StoppingRule rule;
  rule.min_samples = 10;
  rule.max_samples = 20;
  // One slot still gives 8 launches: a single launch is not "hot".
  SpinOperation one_slot({50'000});
  const TimingSamples from_one = timer.measure(one_slot, std::vector<DotInputs>(1), rule);
  CHECK(from_one.launches == kMinHotLaunches);
  // Many slots: one launch per slot.
  SpinOperation many_slots({20'000});
  const TimingSamples from_many = timer.measure(many_slots, std::vector<DotInputs>(12), rule);
  CHECK(from_many.launches == 12);
  // Many more slots than a held graph may hold: K is cut to the node budget
  // (one node per spin launch), and the replay neither deadlocks behind the
  // blocker nor times it out.
  SpinOperation tiny({1'000});
  const TimingSamples from_thousands = timer.measure(tiny, std::vector<DotInputs>(8192), rule);
  CHECK(from_thousands.launches == kMaxHeldGraphNodes);
  CHECK(from_thousands.held_until_enqueued);
  // A graph with memset nodes deadlocked behind a held stream on the H200: it
  // is held for the blocker's fixed spin only, and replays.
  DeviceBuffer<float> output(1);
  std::vector<DotInputs> memset_slots(8192);
  for (auto& slot : memset_slots) slot.result = output.get();
  MemsetSpinOperation memset_spin;
  const TimingSamples with_memsets = timer.measure(memset_spin, memset_slots, rule);
  CHECK(with_memsets.launches == kMaxHeldGraphNodes / 2);
  CHECK_FALSE(with_memsets.held_until_enqueued);
  const double median = summarize(from_one.us).median;
  CAPTURE(median);
  CHECK(median >= 49.5);
  CHECK(median <= 53.0);
  CHECK(summarize(from_many.us).median == doctest::Approx(20.5).epsilon(0.05));
}

TEST_CASE("an enqueue that throws while the timer captures it leaves no capture and no blocker behind") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  ColdTimer timer(device, stream.get());
  FailingOperation failing;
  StoppingRule rule;
  const auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_AS(timer.measure(failing, DotInputs{}, rule), GpuError);
  REQUIRE(cudaStreamSynchronize(stream.get()) == cudaSuccess);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CAPTURE(seconds);
  CHECK(seconds < 10.0);  // a leaked blocker would spin until its 20 s timeout
  // And the timer still measures afterwards.
  SpinOperation spin({10'000});
  CHECK(summarize(timer.measure(spin, DotInputs{}, rule).us).median >= 9.9);
}
