// NVML clocks through the run-time loaded libnvidia-ml. Without NVML the
// reading checks do not apply: the test then checks that open() says why in
// one of the forms nvml_clocks.hpp promises, and fails where
// DOTSWEEP_EXPECT_NVML=1 demands NVML (machines with a GPU). A bad device index is
// refused with or without NVML.
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

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// The reasons open() gives (nvml_clocks.hpp): the library missing or lacking
// a symbol, an NVML call failing, or the CUDA lookup of the bus id failing.
bool is_documented_reason(const std::string& why) {
  return starts_with(why, "libnvidia-ml.so.1 not loaded: ") || starts_with(why, "libnvidia-ml.so.1 lacks nvml") ||
         starts_with(why, "nvmlInit_v2 failed: ") || starts_with(why, "nvmlDeviceGetHandleByPciBusId_v2 failed: ") ||
         starts_with(why, "cudaDeviceGetPCIBusId failed: ");
}
}  // namespace

TEST_CASE("NVML clocks: SM clock and clock-event reasons of device 0") {
  std::string why_not;
  const auto clocks = NvmlClocks::open(0, why_not);
  if (!clocks) {
    MESSAGE("NVML not available, so its readings are not checked: " << why_not);
    CAPTURE(why_not);
    CHECK(is_documented_reason(why_not));
    CHECK(why_not.find('\n') == std::string::npos);  // one line, as the sweep records it
    // A device CUDA sees was found by its bus id: NVML itself is what failed.
    CHECK_FALSE(starts_with(why_not, "cudaDeviceGetPCIBusId"));
    CHECK(cudaGetLastError() == cudaSuccess);
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

TEST_CASE("NVML clocks: a bad device index is refused, with or without NVML") {
  // The CUDA lookup comes first, so the reason is the same either way.
  std::string why_bad;
  CHECK(NvmlClocks::open(9999, why_bad) == nullptr);
  CAPTURE(why_bad);
  CHECK(starts_with(why_bad, "cudaDeviceGetPCIBusId failed: "));
  // The failed lookup leaves no error behind for the next launch to report as its own.
  CHECK(cudaGetLastError() == cudaSuccess);
}

TEST_CASE("NVML clocks: a second instance") {
  std::string why_not;
  const auto a = NvmlClocks::open(0, why_not);
  if (!a) {
    MESSAGE("NVML not available: no second instance to open (the first test case checks why)");
    return;
  }
  {
    std::string why_not_b;
    const auto b = NvmlClocks::open(0, why_not_b);  // nvmlInit/nvmlShutdown are reference counted
    REQUIRE(b != nullptr);
    CHECK(b->pci_bus_id() == a->pci_bus_id());
    CHECK(b->read().has_value());
  }
  CHECK(a->read().has_value());  // still answers after the other one shut down
}
