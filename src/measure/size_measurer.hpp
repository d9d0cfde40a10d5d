// Checks and times every operation at one size, producing its rows (one per
// timing mode): the measuring path the sweep runs and the GPU tests reach.
//
// Per size and element type (the operations are grouped by element_type(),
// in all_element_types() order, and only a type's own operations see its
// inputs): each exact input set is loaded once and every operation of the
// type runs on it; then the timing data (positive uniform, also the float64
// check) is loaded, and each operation in turn is checked twice
// (determinism), timed in every mode if correct, and its last timed result
// compared with the checked one. One type's buffers are freed before the next
// type's are allocated.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rows/record.hpp"
#include "core/sampling/statistics.hpp"
#include "core/space/timing_mode.hpp"
#include "gpu/device_info.hpp"
#include "gpu/nvml_clocks.hpp"
#include "gpu/size_buffers.hpp"
#include "gpu/timers.hpp"
#include "measure/counter_pass.hpp"
#include "measure/host_sync_timer.hpp"
#include "measure/measured_operation.hpp"
#include "measure/size_inputs.hpp"

namespace dotsweep {

inline constexpr double kThrottleFraction = 0.75;   // samples under 75% of the usual SM clock are dropped
inline constexpr std::size_t kHotFootprintL2s = 4;  // hot slots span at least 4x the L2
inline constexpr std::size_t kMaxHotSlots = 8192;   // graph size cap; tiny n then stays under the footprint
inline constexpr std::uint64_t kDefaultSeed = 20261129;

// How to measure; every default here is the program's default.
struct MeasureSettings {
  std::vector<TimingMode> modes{TimingMode::cold};
  StoppingRule rule;
  std::uint64_t seed = kDefaultSeed;
  unsigned host_threads = 0;  // 0: every host core
  CounterSettings counters;   // the counter pass after the timed samples (docs/counters.md)
  // --host-paths: also time the dot from host memory and on the CPU
  // (measure/host_paths.hpp); the inputs then get a page-locked host copy.
  bool host_paths = false;
};

// A kernel fault poisons the CUDA context: nothing after it can be trusted.
class ContextLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using RowSink = std::function<void(const MeasurementRecord&)>;

// Throws ContextLost when the device no longer answers after `during`.
void require_healthy_context(const std::string& during);

// A row's timing columns from its samples (throttled samples dropped).
void fill_timing(MeasurementRecord& record, const TimingSamples& timing, ElementType type, double peak_gbps);

// One operation after its check at one size, for callers that time it their
// own way (SizeMeasurer::check_size).
struct CheckedOperation {
  MeasuredOperation* op = nullptr;
  MeasurementRecord row;        // its row in the first mode: the verdict (or the failure), not timed
  CorrectnessVerdict verdict;   // what the check found; the timed result is held against it
};
// One element type's operations at one size, checked, with the inputs left
// in place for timing: buffers.main() holds the timing data.
struct CheckedType {
  const SizeBuffers& buffers;
  const std::vector<DotInputs>& hot_slots;  // empty unless the settings' modes hold hot
  const ExpectedResults& expected;
  std::vector<CheckedOperation> operations;
};

class SizeMeasurer {
 public:
  SizeMeasurer(const DeviceInfo& device, cudaStream_t stream, MeasureSettings settings, Environment env = {});

  // Checks every operation at size n on every input set, times the correct
  // ones in every mode, and hands each row to on_row as it is finished.
  // Throws ContextLost when the device stops answering.
  void measure_size(long long n, std::vector<MeasuredOperation>& operations, const RowSink& on_row);

  // The check half of measure_size: for each element type, the inputs, the
  // exact passes and the float check of each of its operations, then `then`
  // with what was checked; the caller times the correct ones (finish_row).
  // Throws ContextLost when the device stops answering.
  void check_size(long long n, const std::vector<MeasuredOperation*>& operations,
                  const std::function<void(CheckedType&)>& then);
  // Fills a checked, correct row from its timing, then checks that every
  // timed launch computed what the checked launch did (timing.launch_results):
  // a kernel that is only right on its first launch, or on most of them,
  // must not win. A mismatch makes the row incorrect, with the reason.
  void finish_row(MeasurementRecord& row, const TimingSamples& timing, const MeasuredOperation& op,
                  const CheckedType& checked, const CorrectnessVerdict& verdict);

  // Called before each operation's exact passes and its check-and-time at n:
  // the measuring worker's heartbeat (sweep/worker_supervisor.hpp). Optional.
  // It may throw to stop the size between operations (Ctrl-C, cli/sweep_loop):
  // the exception leaves measure_size with every row handed over complete.
  using OperationObserver = std::function<void(const MeasuredOperation&, long long n)>;
  void set_operation_observer(OperationObserver observer) { observer_ = std::move(observer); }

  // Rows reach on_row as they are timed, and their counter pass's rows reach
  // on_counters when their size is done (CounterPass::stream_rows). Optional.
  void set_counter_sink(RowSink on_counters) { counters_->stream_rows(std::move(on_counters)); }

  // The timers of the settings' modes (null for a mode not in them), for
  // callers that take samples one by one (`dotsweep ab`).
  ColdTimer* cold_timer() { return cold_ ? &*cold_ : nullptr; }
  HotTimer* hot_timer() { return hot_ ? &*hot_ : nullptr; }

  std::size_t peak_device_bytes() const { return peak_device_bytes_; }
  // Why NVML clocks are not recorded; empty when they are.
  const std::string& nvml_status() const { return nvml_status_; }
  const CounterPass& counters() const { return *counters_; }
  // Ctrl-C for the counter batches (CounterPass::stop_when). Optional.
  void stop_counters_when(std::function<bool()> stop_requested) { counters_->stop_when(std::move(stop_requested)); }

 private:
  // For each element type the operations hold: loads its inputs, runs the
  // exact passes, loads the timing data and calls `body`.
  void for_each_type(long long n, const std::vector<MeasuredOperation*>& operations,
                     const std::function<void(CheckedType&)>& body);
  void run_exact_pass(InputKind kind, const std::vector<MeasuredOperation*>& operations, SizeInputs& inputs,
                      SizeBuffers& buffers);
  // The float check: one row per mode with the verdict, or the failure.
  std::vector<MeasurementRecord> check_operation(MeasuredOperation& op, const SizeBuffers& buffers,
                                                 const ExpectedResults& expected, CorrectnessVerdict& verdict);
  std::vector<MeasurementRecord> check_and_time(MeasuredOperation& op, const CheckedType& checked);
  void time_row(MeasurementRecord& row, TimingMode mode, MeasuredOperation& op, const CheckedType& checked,
                const CorrectnessVerdict& verdict);

  const DeviceInfo& device_;
  cudaStream_t stream_;
  MeasureSettings settings_;
  Environment env_;
  std::optional<ColdTimer> cold_;
  std::optional<HotTimer> hot_;
  std::optional<HostSyncTimer> host_sync_;  // made on first use: only thrust needs it
  std::unique_ptr<NvmlClocks> nvml_;
  std::string nvml_status_;
  std::unique_ptr<CounterPass> counters_;
  std::size_t peak_device_bytes_ = 0;
  OperationObserver observer_;
};

}  // namespace dotsweep
