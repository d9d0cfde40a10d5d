#include "measure/counter_pass.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/space/element_type.hpp"
#include "core/input_error.hpp"
#include "gpu/cupti_range_profiler.hpp"

namespace dotsweep {

namespace {

void warn_once(const std::string& status, const std::string& detail) {
  static bool warned = false;
  if (warned) return;
  warned = true;
  std::fprintf(stderr, "dotsweep: warning: hardware counters unavailable (%s): %s; counter columns left empty\n",
               status.c_str(), detail.c_str());
}

bool timed(const MeasurementRecord& row) { return row.correct && row.median_us.has_value(); }

}  // namespace

CounterPass::CounterPass(const CuptiLoad& library, const DeviceInfo& device, cudaStream_t stream,
                         CounterSettings settings)
    : stream_(stream), settings_(std::move(settings)), l2_bytes_(device.l2_bytes) {
  if (settings_.scope == CounterScope::off) return;
  CuptiRangeProfiler::Unavailable why;
  profiler_ = CuptiRangeProfiler::open(library, device.index, settings_.metrics, why);  // InputError: unknown metric
  if (profiler_) {
    // An experiment for the cost measurement (docs/counters.md): user
    // replay instead of kernel replay.
    const char* replay = std::getenv("DOTSWEEP_COUNTER_REPLAY");
    profiler_->use_user_replay(replay && std::string(replay) == "user");
    eviction_.emplace(l2_bytes_, stream_);
    return;
  }
  unavailable_status_ = why.status;
  unavailable_detail_ = why.detail;
  if (settings_.required)
    throw InputError("--counters " + to_string(settings_.scope) + ": hardware counters unavailable (" + why.status +
                     "): " + why.detail);
  warn_once(why.status, why.detail);
}

CounterPass::~CounterPass() = default;

CounterPass::CounterPass(std::unique_ptr<CuptiRangeProfiler> profiler, CounterSettings settings)
    : stream_(nullptr), settings_(std::move(settings)), profiler_(std::move(profiler)) {}

std::unique_ptr<CounterPass> CounterPass::with_profiler_for_test(std::unique_ptr<CuptiRangeProfiler> profiler,
                                                                 CounterSettings settings) {
  return std::unique_ptr<CounterPass>(new CounterPass(std::move(profiler), std::move(settings)));
}

std::size_t CounterPass::replay_passes() const { return profiler_ ? profiler_->passes() : 0; }

bool CounterPass::user_replay() const { return profiler_ && profiler_->user_replay(); }

std::string CounterPass::ended_status() const { return profiler_ ? profiler_->ended_status() : ""; }

CuptiRangeProfiler::Pass CounterPass::pass_for(const MeasurementRecord& row, MeasuredOperation& op,
                                               const CounterInputs& inputs) {
  const bool hot = row.mode == to_string(TimingMode::hot);
  const DotInputs in = hot && !inputs.hot.empty() ? inputs.hot.front() : inputs.cold;
  CuptiRangeProfiler::Pass pass;
  // A hot launch follows the launch on the slot before it: that one runs
  // first, unprofiled, so the L2 holds what the hot timer's launch finds there.
  // A cold one follows the cold timer's L2 eviction. Both run outside the
  // profiler's start/stop, and the batch waits for them before it starts.
  if (hot && inputs.hot.size() > 1) {
    const DotInputs previous = inputs.hot.back();
    pass.prepare = [&op, previous](cudaStream_t s) { op.operation->enqueue(previous, s); };
  } else if (!hot) {
    pass.prepare = [this](cudaStream_t s) { eviction_->evict(s); };
  }
  pass.enqueue = [&op, in](cudaStream_t s) { op.operation->enqueue(in, s); };
  return pass;
}

CuptiRangeProfiler::Outcome CounterPass::profile_row(Held& held, const CounterInputs& inputs) {
  MeasuredOperation& op = *held.op;
  const bool loaded = op.operation != nullptr;  // a baseline, or an operation that cannot be rebuilt
  if (!op.ensure_built())
    return {{}, cupti_status::failed, "loading " + op.name + " again for its counter pass: " + op.failure};
  if (!loaded) op.operation->prepare(held.row.n);
  auto outcome = std::move(profiler_->profile({pass_for(held.row, op, inputs)}, stream_, stop_requested_).front());
  op.release();
  return outcome;
}

void CounterPass::add(MeasurementRecord row, MeasuredOperation& op, const CounterInputs& inputs,
                      const CounterRowSink& on_row) {
  (void)inputs;
  if (settings_.scope == CounterScope::off) {
    row.cupti_status = cupti_status::off;
  } else if (!profiler_) {
    row.cupti_status = unavailable_status_;
  } else {
    // Held to the end of the size: the top scope needs the size's tie
    // groups, and profiling after every row is timed keeps the profiler away
    // from the timings (each row then gets its own enable, cupti_range_profiler.cpp).
    held_.push_back({row, &op});
    // Its rows are timed: the module leaves the context until its counter
    // pass (profile_row) or the next size. Each enable of the range profiler
    // costs time in proportion to the modules loaded: on the H200, 13 s per
    // profiled row with the default space's 1083 variants loaded, about 1 s
    // with the quick space's 82 (docs/counters.md, "How").
    op.release();
    if (!on_counters_) return;
    row.cupti_status = cupti_status::pending;
  }
  on_row(row);
}

void CounterPass::finish_size(const CounterInputs& inputs, const CounterRowSink& on_row) {
  if (held_.empty()) return;
  std::vector<MeasurementRecord> rows;
  for (const auto& h : held_) rows.push_back(h.row);
  const std::vector<bool> chosen = rows_to_profile(settings_.scope, rows);
  std::vector<std::size_t> profiled;  // held_ index of each pass
  for (std::size_t i = 0; i < held_.size(); ++i) {
    MeasurementRecord& row = held_[i].row;
    if (!timed(row) || !held_[i].op->failure.empty()) {
      row.cupti_status = cupti_status::not_timed;
    } else if (!chosen[i]) {
      row.cupti_status = cupti_status::not_selected;
    } else {
      profiled.push_back(i);
    }
  }
  const auto started = std::chrono::steady_clock::now();
  std::vector<CuptiRangeProfiler::Outcome> outcomes;
  for (const std::size_t i : profiled) {
    outcomes.push_back(profile_row(held_[i], inputs));
    if (!outcomes.back().status.empty() && outcomes.back().status != cupti_status::interrupted) break;
  }
  // A failure ends the batch, as CuptiRangeProfiler::profile does within one.
  for (std::size_t k = outcomes.size(); k < profiled.size(); ++k) outcomes.push_back(outcomes.back());
  profile_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (std::size_t k = 0; k < profiled.size(); ++k) {
    MeasurementRecord& row = held_[profiled[k]].row;
    const auto& outcome = outcomes[k];
    if (outcome.status.empty()) {
      fill_counter_columns(row, sum_ranges(profiler_->metrics(), outcome.ranges));
      ++profiled_rows_;
      continue;
    }
    // A failed pass (a CUPTI error mid-sweep, another profiler taking the
    // counters) leaves the row's columns empty and says so; the timings it
    // already has stand.
    row.cupti_status = outcome.status;
    if (outcome.status == cupti_status::interrupted) continue;  // the sweep is stopping: nothing failed
    if (!failure_reported_)
      std::fprintf(stderr, "dotsweep: warning: counter pass of %s at n=%lld failed: %s (later failures: cupti_status only)\n",
                   row.variant.c_str(), static_cast<long long>(row.n), outcome.detail.c_str());
    failure_reported_ = true;
  }
  // Handed on one by one, each leaving held_ as it goes: a row sink that
  // stops the sweep (Ctrl-C) leaves only the rows not yet handed on to
  // abandon_size.
  std::size_t handed = 0;
  try {
    for (; handed < held_.size(); ++handed) (on_counters_ ? on_counters_ : on_row)(held_[handed].row);
  } catch (...) {
    held_.erase(held_.begin(), held_.begin() + static_cast<std::ptrdiff_t>(handed + 1));  // the sink had the row
    throw;
  }
  held_.clear();
}

void CounterPass::abandon_size(const CounterRowSink& on_row) noexcept {
  std::vector<Held> held;
  held.swap(held_);  // cleared on every path: the operations they point to are the caller's
  if (on_counters_) return;  // streamed: sweep.csv has them as pending, which the report turns into interrupted
  for (auto& h : held) {
    if (h.row.cupti_status.empty()) h.row.cupti_status = cupti_status::interrupted;  // a profiled row keeps its own
    try {
      on_row(h.row);
    } catch (...) {
      // Already unwinding (a stop, a lost context): the row sink's own stop
      // request or failure must not replace the exception that got us here.
    }
  }
}

nlohmann::json counter_context_json(const CounterPass& pass) {
  const CounterSettings& settings = pass.settings();
  nlohmann::json j = {{"scope", to_string(settings.scope)}, {"metrics", settings.metrics}};
  if (settings.scope == CounterScope::off) {
    j["status"] = cupti_status::off;
  } else if (!pass.unavailable_status().empty()) {
    j["status"] = pass.unavailable_status();
    j["detail"] = pass.unavailable_detail();
  } else {
    const std::string ended = pass.ended_status();
    j["status"] = ended.empty() ? std::string(cupti_status::ok) : ended;
    if (!ended.empty()) j["ended_during_run"] = true;
    j["replay_passes"] = pass.replay_passes();
    j["replay"] = pass.user_replay() ? "user" : "kernel";
    j["profiled_rows"] = pass.profiled_rows();
    j["profile_seconds"] = pass.profile_seconds();
  }
  return j;
}

}  // namespace dotsweep
