// NVML clocks through the run-time loaded libnvidia-ml. Without NVML the test
// says why and passes, unless DOTSWEEP_EXPECT_NVML=1 demands it (where NVML must work).
#include <doctest/doctest.h>

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "gpu/nvml_clocks.hpp"

using namespace dotsweep;

namespace {
bool nvml_expected() {
  const char* value = std::getenv("DOTSWEEP_EXPECT_NVML");
  return value && std::strcmp(value, "1") == 0;
}
}  // namespace

TEST_CASE("NVML clocks: SM clock and clock-event reasons of device 0") {
  std::string why_not;
  const auto clocks = NvmlClocks::open(0, why_not);
  if (!clocks) {
    MESSAGE("NVML not available: " << why_not);
    CHECK_FALSE(why_not.empty());
    if (nvml_expected()) FAIL("DOTSWEEP_EXPECT_NVML=1 but NVML did not open: " << why_not);
    return;
  }
  CHECK(why_not.empty());
  CHECK_FALSE(clocks->pci_bus_id().empty());

  const auto first = clocks->read();
  REQUIRE(first.has_value());
  CHECK(first->sm_mhz > 0);
  const auto second = clocks->read();  // reads repeat
  REQUIRE(second.has_value());
  CHECK(second->sm_mhz > 0);
  MESSAGE("device 0 (" << clocks->pci_bus_id() << "): SM " << first->sm_mhz << " MHz, events "
                       << describe_clock_events(first->reasons));

  const ClockWitness w = witness_clocks(first, second);
  CHECK(w.before_mhz.has_value());
  CHECK(w.after_mhz.has_value());
  CHECK_FALSE(w.events.empty());
}

TEST_CASE("NVML clocks: a second instance and a bad device index") {
  std::string why_not;
  const auto a = NvmlClocks::open(0, why_not);
  if (!a) return;  // the first test case reports why
  {
    std::string why_not_b;
    const auto b = NvmlClocks::open(0, why_not_b);  // nvmlInit/nvmlShutdown are reference counted
    REQUIRE(b != nullptr);
    CHECK(b->pci_bus_id() == a->pci_bus_id());
    CHECK(b->read().has_value());
  }
  CHECK(a->read().has_value());  // still answers after the other one shut down

  std::string why_bad;
  CHECK(NvmlClocks::open(9999, why_bad) == nullptr);
  CHECK_FALSE(why_bad.empty());
  // The failed lookup leaves no error behind for the next launch to report as its own.
  CHECK(cudaGetLastError() == cudaSuccess);
}
