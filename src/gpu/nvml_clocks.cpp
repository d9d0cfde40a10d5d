#include "gpu/nvml_clocks.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

namespace dotsweep {

namespace {
// The few NVML declarations used, with nvml.h's ABI: nvmlReturn_t is a C enum
// (int, 0 = NVML_SUCCESS), nvmlDevice_t an opaque pointer, nvmlClockType_t a
// C enum with NVML_CLOCK_SM = 1.
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_st*;
using nvmlClockType_t = int;
constexpr nvmlReturn_t kNvmlSuccess = 0;
constexpr nvmlClockType_t kNvmlClockSm = 1;

using InitFn = nvmlReturn_t (*)();                                                  // nvmlInit_v2
using ShutdownFn = nvmlReturn_t (*)();                                              // nvmlShutdown
using ErrorStringFn = const char* (*)(nvmlReturn_t);                                // nvmlErrorString
using HandleByPciBusIdFn = nvmlReturn_t (*)(const char*, nvmlDevice_t*);            // ..._v2
using ClockInfoFn = nvmlReturn_t (*)(nvmlDevice_t, nvmlClockType_t, unsigned int*);  // nvmlDeviceGetClockInfo
using ReasonsFn = nvmlReturn_t (*)(nvmlDevice_t, unsigned long long*);  // ...ClocksEventReasons / ...ThrottleReasons

constexpr const char* kLibrary = "libnvidia-ml.so.1";
}  // namespace

struct NvmlClocks::Api {
  void* lib = nullptr;
  bool initialised = false;
  nvmlDevice_t device = nullptr;
  InitFn init = nullptr;
  ShutdownFn shutdown = nullptr;
  ErrorStringFn error_string = nullptr;  // optional
  HandleByPciBusIdFn handle_by_pci_bus_id = nullptr;
  ClockInfoFn clock_info = nullptr;
  ReasonsFn clocks_event_reasons = nullptr;

  std::string error(const char* call, nvmlReturn_t rc) const {
    std::string text = std::string(call) + " failed: ";
    const char* message = error_string ? error_string(rc) : nullptr;
    text += message ? message : "NVML error";
    text += " (" + std::to_string(rc) + ")";
    return text;
  }
};

NvmlClocks::NvmlClocks() : api_(std::make_unique<Api>()) {}

NvmlClocks::~NvmlClocks() {
  if (api_->initialised) api_->shutdown();
  if (api_->lib) dlclose(api_->lib);
}

std::unique_ptr<NvmlClocks> NvmlClocks::open(int cuda_device, std::string& why_not) {
  char bus_id[64] = {};
  const cudaError_t cuda_rc = cudaDeviceGetPCIBusId(bus_id, static_cast<int>(sizeof bus_id), cuda_device);
  if (cuda_rc != cudaSuccess) {
    // The runtime keeps the failure as its "last error", which the next
    // launch's cudaGetLastError would report as its own: take it back here.
    cudaGetLastError();
    why_not = std::string("cudaDeviceGetPCIBusId failed: ") + cudaGetErrorString(cuda_rc);
    return nullptr;
  }

  std::unique_ptr<NvmlClocks> clocks(new NvmlClocks());
  clocks->pci_bus_id_ = bus_id;
  Api& api = *clocks->api_;

  dlerror();
  api.lib = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
  if (!api.lib) {
    const char* reason = dlerror();
    why_not = std::string(kLibrary) + " not loaded: " + (reason ? reason : "dlopen failed");
    return nullptr;
  }

  const auto symbol = [&api](const char* name) { return dlsym(api.lib, name); };
  api.init = reinterpret_cast<InitFn>(symbol("nvmlInit_v2"));
  api.shutdown = reinterpret_cast<ShutdownFn>(symbol("nvmlShutdown"));
  api.error_string = reinterpret_cast<ErrorStringFn>(symbol("nvmlErrorString"));
  api.handle_by_pci_bus_id = reinterpret_cast<HandleByPciBusIdFn>(symbol("nvmlDeviceGetHandleByPciBusId_v2"));
  api.clock_info = reinterpret_cast<ClockInfoFn>(symbol("nvmlDeviceGetClockInfo"));
  api.clocks_event_reasons = reinterpret_cast<ReasonsFn>(symbol("nvmlDeviceGetCurrentClocksEventReasons"));
  if (!api.clocks_event_reasons)  // drivers before the rename (R535)
    api.clocks_event_reasons = reinterpret_cast<ReasonsFn>(symbol("nvmlDeviceGetCurrentClocksThrottleReasons"));

  const char* missing = !api.init                   ? "nvmlInit_v2"
                        : !api.shutdown             ? "nvmlShutdown"
                        : !api.handle_by_pci_bus_id ? "nvmlDeviceGetHandleByPciBusId_v2"
                        : !api.clock_info           ? "nvmlDeviceGetClockInfo"
                        : !api.clocks_event_reasons ? "nvmlDeviceGetCurrentClocksEventReasons"
                                                    : nullptr;
  if (missing) {
    why_not = std::string(kLibrary) + " lacks " + missing;
    return nullptr;
  }

  nvmlReturn_t rc = api.init();
  if (rc != kNvmlSuccess) {
    why_not = api.error("nvmlInit_v2", rc);
    return nullptr;
  }
  api.initialised = true;

  rc = api.handle_by_pci_bus_id(bus_id, &api.device);
  if (rc != kNvmlSuccess) {
    why_not = api.error("nvmlDeviceGetHandleByPciBusId_v2", rc) + " for " + bus_id;
    return nullptr;
  }
  return clocks;
}

std::optional<ClockSnapshot> NvmlClocks::read() const {
  unsigned int sm_mhz = 0;
  unsigned long long reasons = 0;
  if (api_->clock_info(api_->device, kNvmlClockSm, &sm_mhz) != kNvmlSuccess) return std::nullopt;
  if (api_->clocks_event_reasons(api_->device, &reasons) != kNvmlSuccess) return std::nullopt;
  return ClockSnapshot{static_cast<double>(sm_mhz), reasons};
}

}  // namespace dotsweep
