// SM clock and clock-event (throttle) reasons of one CUDA device through NVML,
// loaded at run time: the binary neither links nor needs libnvidia-ml, and
// without it open() says why and the sweep records no clocks.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/stats/clock_events.hpp"

namespace dotsweep {

class NvmlClocks {
 public:
  // dlopen()s libnvidia-ml.so.1, initialises NVML and finds the NVML device
  // with the PCI bus id of CUDA device `cuda_device` (so CUDA_VISIBLE_DEVICES
  // cannot mix GPUs up). On failure returns null and sets `why_not` to a short
  // reason (library missing, a symbol missing, an NVML or CUDA error).
  static std::unique_ptr<NvmlClocks> open(int cuda_device, std::string& why_not);

  // The current SM clock and clock-event reasons; nullopt when NVML fails to
  // answer either.
  std::optional<ClockSnapshot> read() const;

  // The PCI bus id the device was matched by, as CUDA reports it.
  const std::string& pci_bus_id() const { return pci_bus_id_; }

  ~NvmlClocks();  // nvmlShutdown, then dlclose
  NvmlClocks(const NvmlClocks&) = delete;
  NvmlClocks& operator=(const NvmlClocks&) = delete;

 private:
  struct Api;
  NvmlClocks();

  std::unique_ptr<Api> api_;
  std::string pci_bus_id_;
};

}  // namespace dotsweep
