// The kernel building blocks on the GPU: every block_sum exact against a
// known integer sum (and a mutant tree that skips its last step is caught),
// Kahan beats plain f32 on an adversarial series, every load hint returns the
// input's bytes, and the bulk-copy ring's dot is exact.
#include <doctest/doctest.h>

#include "gpu/device_info.hpp"
#include "kernel_blocks_kernels.hpp"

namespace dotsweep::test {
namespace {

using dotsweep::DeviceInfo;
using dotsweep::query_device;

TEST_CASE("kernel blocks: every block_sum instantiation is exact") {
  const std::vector<ExactCheck> checks = run_every_block_sum();
  REQUIRE(checks.size() == 2 * 12 * 4 * 3);  // Acc x (layout, reduce) x Block x blocks
  for (const ExactCheck& c : checks) {
    CAPTURE(c.name);
    CHECK(c.got == c.expected);
  }
}

TEST_CASE("kernel blocks: the block_sum check catches a tree that skips its last step") {
  const std::vector<ExactCheck> checks = run_tree_skipping_last_step();
  REQUIRE(checks.size() == 2 * 3);  // (float, 256) and (double, 64), three blocks each: none ran is no catch
  for (const ExactCheck& c : checks) {
    CAPTURE(c.name);
    CHECK(c.got != c.expected);
  }
}

TEST_CASE("kernel blocks: block_sum reused after the barrier its contract asks for is exact") {
  const std::vector<ExactCheck> checks = run_block_sum_reused(true);
  REQUIRE(!checks.empty());
  for (const ExactCheck& c : checks) {
    CAPTURE(c.name);
    CHECK(c.got == c.expected);
  }
}

// Not a check of the sums (a race usually leaves them right): the planted
// race that tools/compute_sanitize.sh requires racecheck to report, so a
// clean racecheck run means the tool was looking.
TEST_CASE("mutant: block_sum reused without a barrier (a race planted for racecheck)") {
  REQUIRE(!run_block_sum_reused(false).empty());
}

TEST_CASE("kernel blocks: Kahan beats plain f32 on an adversarial series; f64 is exact") {
  const std::vector<AdversarialSum> sums = run_adversarial_sums();
  REQUIRE(sums.size() == 6);  // f32 x1 x4, f16 x1 x8, bf16 x8, f64 x2
  for (const AdversarialSum& s : sums) {
    CAPTURE(s.name);
    CHECK(s.f64 == s.exact);
    if (s.has_kahan) {
      CHECK(s.own == 1.0);        // every 2^-24 rounded away against 1
      CHECK(s.kahan == s.exact);  // the compensation keeps them all
    } else {
      CHECK(s.own == s.exact);    // f64 inputs accumulate in f64
    }
  }
}

TEST_CASE("kernel blocks: every load hint returns the same bytes for every vector type") {
  const int arch = query_device(0).arch();
  const std::vector<LoadCheck> checks = run_every_load(arch);
  REQUIRE(checks.size() == (arch >= 80 ? 70 : 56));  // l2_prefetch's 14 from sm_80
  for (const LoadCheck& c : checks) {
    CAPTURE(c.name);
    CHECK(c.ok);
  }
}

TEST_CASE("kernel blocks: the bulk-copy ring's dot is exact for n in {1, 31, 4097, 2^20 + 3}") {
  const DeviceInfo device = query_device(0);
  if (device.arch() < 90) {
    MESSAGE("sm_" << device.arch() << ": the bulk-copy ring needs sm_90, not run");
    return;
  }
  const std::vector<ExactCheck> checks = run_bulk_ring_dots(device.max_shared_optin_per_block);
  // 7 shapes x 4 sizes x 2 alignments where the device holds every ring (the
  // largest is 192 KiB: sm_90 and sm_100 opt in to 227 KiB).
  if (device.max_shared_optin_per_block >= 227 * 1024) CHECK(checks.size() == 7 * 4 * 2);
  REQUIRE_FALSE(checks.empty());
  for (const ExactCheck& c : checks) {
    CAPTURE(c.name);
    CHECK(c.got == c.expected);
  }
}

}  // namespace
}  // namespace dotsweep::test
