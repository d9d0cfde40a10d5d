// The counter pass of a sweep: after a row's timed samples (never during
// them), one more run of the operation under CUPTI's Range Profiler fills the
// row's counter columns. Both scopes hold a size's rows until all are timed,
// then profile the chosen ones one by one (each under its own enable of the
// range profiler, its module the only candidate's loaded): `all` every timed
// row, `top` each (type, n, mode)'s tie group and the baselines. When counters
// are unavailable every row says why in cupti_status and one warning is printed.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/report/counter_metrics.hpp"
#include "core/rows/record.hpp"
#include "core/space/timing_mode.hpp"
#include "gpu/cupti_library.hpp"
#include "gpu/cupti_range_profiler.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/device_info.hpp"
#include "gpu/dot_operation.hpp"
#include "measure/measured_operation.hpp"

namespace dotsweep {


// The same as SizeMeasurer's RowSink (kept here so the headers do not include each other).
using CounterRowSink = std::function<void(const MeasurementRecord&)>;

struct CounterSettings {
  CounterScope scope = kDefaultCounterScope;
  std::vector<std::string> metrics = default_metrics();
  bool required = false;  // --counters given: unavailable counters are an error (InputError)
};

// What a counter pass runs on: the row's own inputs (cold: the main buffers;
// hot: the first rotating slot, as the hot timer reads it).
struct CounterInputs {
  DotInputs cold;
  const std::vector<DotInputs>& hot;
};

class CounterPass {
 public:
  // Opens CUPTI unless the scope is off; throws InputError for an unknown
  // metric, or when counters are unavailable and settings.required.
  CounterPass(const CuptiLoad& library, const DeviceInfo& device, cudaStream_t stream, CounterSettings settings);
  ~CounterPass();
  // A pass over an already-open profiler, without the cold L2 eviction's
  // buffers (no GPU): for unit tests with a simulated CUPTI and hot rows.
  static std::unique_ptr<CounterPass> with_profiler_for_test(std::unique_ptr<CuptiRangeProfiler> profiler,
                                                             CounterSettings settings);

  // Takes a finished row of `op`: holds it for the size's batch, or hands it
  // on with the reason counters are not collected (off, unavailable).
  void add(MeasurementRecord row, MeasuredOperation& op, const CounterInputs& inputs, const CounterRowSink& on_row);
  // End of a size: profiles the chosen held rows (a failed pass ends the
  // size's batch) and hands every held row on, in the order they came.
  void finish_size(const CounterInputs& inputs, const CounterRowSink& on_row);
  // A size left before its batch (Ctrl-C between operations, a lost context):
  // the held rows keep their timings, handed on with cupti_status
  // `interrupted` (without stream_rows; streamed rows are already out as
  // `pending`), and nothing is held any more.
  void abandon_size(const CounterRowSink& on_row) noexcept;

  // Streams rows: add() hands a row it holds on at once, cupti_status
  // `pending`, and finish_size() gives the same rows, final, to
  // `on_counters` instead of on_row (core/report/counter_rows.hpp). Without it a
  // held row is handed on once, at the end of its size.
  void stream_rows(CounterRowSink on_counters) { on_counters_ = std::move(on_counters); }
  // Asked before each profiled row of a batch (Ctrl-C): once it says stop, the
  // batch's remaining rows keep their timings with cupti_status `interrupted`.
  void stop_when(std::function<bool()> stop_requested) { stop_requested_ = std::move(stop_requested); }

  // Why counters are not collected ("" when they are): status word and reason.
  const std::string& unavailable_status() const { return unavailable_status_; }
  const std::string& unavailable_detail() const { return unavailable_detail_; }
  const CounterSettings& settings() const { return settings_; }
  // Kernel replay passes per profiled kernel for the metric set (0 when not profiling).
  std::size_t replay_passes() const;
  // Whether replay passes rerun the operation ($DOTSWEEP_COUNTER_REPLAY=user) rather than kernel replay.
  bool user_replay() const;
  // Why profiling ended during the run (`busy`, ...), "" while it goes on.
  std::string ended_status() const;
  // What the counter passes cost this run: rows profiled and the wall time
  // of their batches (what `--counters top/all` adds to a sweep).
  std::size_t profiled_rows() const { return profiled_rows_; }
  double profile_seconds() const { return profile_seconds_; }

 private:
  CounterPass(std::unique_ptr<CuptiRangeProfiler> profiler, CounterSettings settings);
  CuptiRangeProfiler::Pass pass_for(const MeasurementRecord& row, MeasuredOperation& op, const CounterInputs& inputs);

  struct Held {
    MeasurementRecord row;
    MeasuredOperation* op;
  };
  // One row's pass, with its operation loaded for it alone (add() released it).
  CuptiRangeProfiler::Outcome profile_row(Held& held, const CounterInputs& inputs);
  cudaStream_t stream_;
  CounterSettings settings_;
  std::unique_ptr<CuptiRangeProfiler> profiler_;
  std::string unavailable_status_, unavailable_detail_;
  std::vector<Held> held_;
  CounterRowSink on_counters_;
  std::function<bool()> stop_requested_;
  // The cold timer's L2 eviction, before a cold row's pass: a cold row's
  // counters must see the cold L2 its timing saw.
  std::size_t l2_bytes_ = 0;
  std::optional<L2Eviction> eviction_;  // made when counters are collected
  bool failure_reported_ = false;  // one warning for failed passes, not one per row
  std::size_t profiled_rows_ = 0;
  double profile_seconds_ = 0;
};

// context.json's "counters": scope, metrics, status (ok, off, the reason
// counters are unavailable, or the one that ended them during the run) and
// the kernel replay passes the metric set needs.
nlohmann::json counter_context_json(const CounterPass& pass);

}  // namespace dotsweep
