// One CUPTI Range Profiler session for a device: the metrics' config image,
// built once, and a counter pass that profiles whatever one call enqueues,
// kernel by kernel (auto range), replaying each kernel for as many passes as
// the metric set needs (kernel replay: CUPTI saves and restores the memory a
// kernel writes, so every pass sees the same inputs).
//
// The profiler is enabled on the context only for the duration of a counter
// pass, so the timed launches never run with it attached.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpu/cupti_library.hpp"

namespace dotsweep {

class CuptiRangeProfiler {
 public:
  // Why a session could not start: cupti_status word and a one-line reason.
  struct Unavailable {
    std::string status, detail;
  };

  // Opens CUPTI on the current device's context and checks `metrics` against
  // the chip. Returns null with `why` filled when counters are unavailable;
  // an unknown metric name is not that: it throws InputError with the
  // closest valid names.
  static std::unique_ptr<CuptiRangeProfiler> open(const CuptiLoad& library, int device_index,
                                                  const std::vector<std::string>& metrics, Unavailable& why);
  ~CuptiRangeProfiler();
  CuptiRangeProfiler(const CuptiRangeProfiler&) = delete;
  CuptiRangeProfiler& operator=(const CuptiRangeProfiler&) = delete;

  const std::vector<std::string>& metrics() const { return metrics_; }
  std::size_t passes() const { return passes_; }

  // Runs `enqueue` once under the profiler and waits for it; one row of
  // metric values per kernel launched, in launch order. Throws CuptiError
  // (with the status word) when CUPTI fails.
  std::vector<std::vector<double>> profile(const std::function<void(cudaStream_t)>& enqueue, cudaStream_t stream);

 private:
  CuptiRangeProfiler(std::shared_ptr<const CuptiApi> api, std::vector<std::string> metrics);

  std::shared_ptr<const CuptiApi> api_;
  std::vector<std::string> metrics_;
  std::vector<const char*> metric_names_;  // views of metrics_ for CUPTI's char** parameters
  CUpti_Profiler_Host_Object* host_ = nullptr;
  std::vector<std::uint8_t> config_image_;
  std::size_t passes_ = 0;
  bool profiler_initialized_ = false;
};

// A CUPTI failure during a counter pass.
class CuptiError : public std::runtime_error {
 public:
  CuptiError(std::string status, const std::string& what) : std::runtime_error(what), status_(std::move(status)) {}
  const std::string& status() const { return status_; }

 private:
  std::string status_;
};

}  // namespace dotsweep
