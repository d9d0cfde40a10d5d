// One CUPTI Range Profiler session for a device: the metrics' config image,
// built once, and a counter pass that profiles whatever one call enqueues,
// kernel by kernel (auto range), replaying each kernel for as many passes as
// the metric set needs (kernel replay: CUPTI saves and restores the memory a
// kernel writes, so every pass sees the same inputs).
//
// The profiler is enabled on the context only for the duration of a batch of
// counter passes (a size's rows), so the timed launches never run with it
// attached, and the enable/disable cost is paid once per batch, not per row.
// Every way out of a batch disables it again (an RAII guard), and the
// counter data image outlives the disable (CUPTI holds it from SetConfig).
// Another profiler holding the counters (CUPTI_ERROR_HARDWARE_BUSY), or a
// disable that fails, ends profiling for the rest of the run: later batches
// answer with that status without calling CUPTI, so kernels never run beside
// a half-configured profiler.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <utility>
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

  // One counter pass of a batch: `prepare` runs first, unprofiled (the cold
  // L2 eviction, the hot loop's previous launch), then `enqueue` runs under
  // the profiler.
  struct Pass {
    std::function<void(cudaStream_t)> prepare, enqueue;
  };
  // A pass's outcome: one row of metric values per kernel launched, in
  // launch order; or, when status is not empty, the status word and reason.
  struct Outcome {
    std::vector<std::vector<double>> ranges;
    std::string status, detail;
  };
  // Runs every pass in order, each under its own enable and disable. A
  // CUPTI failure ends the batch: that pass and the rest get its status.
  // stop_requested (Ctrl-C), asked before each pass, ends it too: the rest get
  // `interrupted`, so a batch of slow passes never delays a stop.
  std::vector<Outcome> profile(const std::vector<Pass>& passes, cudaStream_t stream,
                               const std::function<bool()>& stop_requested = {});
  // One pass; throws CuptiError with the status word when it fails.
  std::vector<std::vector<double>> profile(const std::function<void(cudaStream_t)>& enqueue, cudaStream_t stream);

  // User replay: the operation runs once per replay pass (prepare before
  // each) instead of CUPTI saving and restoring device memory around
  // kernel replays. Kernel replay unless set (before the first batch).
  void use_user_replay(bool on) { user_replay_ = on; }
  bool user_replay() const { return user_replay_; }

  // Not empty once profiling has ended for the run (`busy`, or `failed` after
  // a disable that failed): the status every later pass gets.
  const std::string& ended_status() const { return ended_status_; }

  // How a batch waits for the stream; cudaStreamSynchronize, or a stand-in.
  using StreamWait = std::function<cudaError_t(cudaStream_t)>;
  // A session on an already-configured context: for unit tests that drive
  // the batch logic with a simulated CUPTI (no GPU). `config_image` is used
  // as is.
  static std::unique_ptr<CuptiRangeProfiler> attach_for_test(std::shared_ptr<const CuptiApi> api,
                                                             std::vector<std::string> metrics, CUcontext ctx,
                                                             std::vector<std::uint8_t> config_image, StreamWait wait);

 private:
  CuptiRangeProfiler(std::shared_ptr<const CuptiApi> api, std::vector<std::string> metrics);
  // Enables the profiler, runs one pass, disables it; the failure's status and detail, if any.
  std::optional<std::pair<std::string, std::string>> profile_one(const Pass& pass, Outcome& outcome, cudaStream_t stream);
  // The counters of one pass into counter_data_ (the profiler is enabled).
  std::vector<std::vector<double>> run_pass(CUpti_RangeProfiler_Object* object, const Pass& pass,
                                            cudaStream_t stream);
  void end_run(const std::string& status, const std::string& detail);

  std::shared_ptr<const CuptiApi> api_;
  std::vector<std::string> metrics_;
  std::vector<const char*> metric_names_;  // views of metrics_ for CUPTI's char** parameters
  CUpti_Profiler_Host_Object* host_ = nullptr;
  std::vector<std::uint8_t> config_image_;
  std::size_t passes_ = 0;
  bool profiler_initialized_ = false;
  bool user_replay_ = false;
  CUcontext ctx_ = nullptr;
  StreamWait wait_;
  std::vector<std::uint8_t> counter_data_;  // sized per pass; outlives the pass's disable
  std::string ended_status_, ended_detail_;
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
