// The range profiler's batch logic against a simulated CUPTI (no GPU): one
// enable and one disable per pass on every way out, a busy profiler
// (CUPTI_ERROR_HARDWARE_BUSY at enable or at a pass's start) turns the pass
// and the rest of the batch into `busy` and ends profiling for the run, a
// failed disable does too, and other failures end only the batch.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/report/counter_metrics.hpp"
#include "gpu/cupti_range_profiler.hpp"
#include "measure/counter_pass.hpp"
#include "test_support.hpp"

using namespace dotsweep;

namespace {

// What the simulated CUPTI was asked, and what it answers.
struct Fake {
  int enables = 0, disables = 0, starts = 0, stops = 0;
  CUptiResult enable_result = CUPTI_SUCCESS, disable_result = CUPTI_SUCCESS;
  int busy_at_start = -1;  // the start call (0-based) that answers HARDWARE_BUSY
  CUptiResult other_start_failure = CUPTI_SUCCESS;
  int passes_needed = 1;  // stops before all replay passes are submitted (user replay)
  int stops_since_config = 0, decodes = 0;
  bool started = false;     // between start and stop
  bool enabled = false;
  std::vector<std::string> events;  // prepare/enqueue calls, in order
};
Fake fake;
int dummy_object;

CUptiResult result_string(CUptiResult, const char** text) {
  *text = "SIMULATED";
  return CUPTI_SUCCESS;
}
CUptiResult enable(CUpti_RangeProfiler_Enable_Params* p) {
  ++fake.enables;
  if (fake.enable_result != CUPTI_SUCCESS) return fake.enable_result;
  fake.enabled = true;
  p->pRangeProfilerObject = reinterpret_cast<CUpti_RangeProfiler_Object*>(&dummy_object);
  return CUPTI_SUCCESS;
}
CUptiResult disable(CUpti_RangeProfiler_Disable_Params*) {
  ++fake.disables;
  fake.enabled = false;
  return fake.disable_result;
}
CUptiResult data_size(CUpti_RangeProfiler_GetCounterDataSize_Params* p) {
  p->counterDataSize = 64;
  return CUPTI_SUCCESS;
}
CUptiResult image_init(CUpti_RangeProfiler_CounterDataImage_Initialize_Params*) { return CUPTI_SUCCESS; }
CUptiResult set_config(CUpti_RangeProfiler_SetConfig_Params* p) {
  fake.stops_since_config = 0;
  return p->pCounterDataImage && p->counterDataImageSize == 64 ? CUPTI_SUCCESS : CUPTI_ERROR_INVALID_PARAMETER;
}
CUptiResult start(CUpti_RangeProfiler_Start_Params*) {
  const int call = fake.starts++;
  if (call == fake.busy_at_start) return CUPTI_ERROR_HARDWARE_BUSY;
  if (fake.other_start_failure != CUPTI_SUCCESS) return fake.other_start_failure;
  fake.started = true;
  return CUPTI_SUCCESS;
}
CUptiResult stop(CUpti_RangeProfiler_Stop_Params* p) {
  ++fake.stops;
  fake.started = false;
  p->isAllPassSubmitted = ++fake.stops_since_config >= fake.passes_needed ? 1 : 0;
  return CUPTI_SUCCESS;
}
CUptiResult decode(CUpti_RangeProfiler_DecodeData_Params* p) {
  ++fake.decodes;
  p->numOfRangeDropped = 0;
  return CUPTI_SUCCESS;
}
CUptiResult data_info(CUpti_RangeProfiler_GetCounterDataInfo_Params* p) {
  p->numTotalRanges = 1;
  return CUPTI_SUCCESS;
}
CUptiResult evaluate(CUpti_Profiler_Host_EvaluateToGpuValues_Params* p) {
  for (std::size_t i = 0; i < p->numMetrics; ++i) p->pMetricValues[i] = 7.0;
  return CUPTI_SUCCESS;
}

std::shared_ptr<const CuptiApi> fake_api() {
  auto api = std::make_shared<CuptiApi>();
  api->get_result_string = result_string;
  api->range_enable = enable;
  api->range_disable = disable;
  api->range_get_counter_data_size = data_size;
  api->range_counter_data_image_initialize = image_init;
  api->range_set_config = set_config;
  api->range_start = start;
  api->range_stop = stop;
  api->range_decode_data = decode;
  api->range_get_counter_data_info = data_info;
  api->host_evaluate_to_gpu_values = evaluate;
  return api;
}

std::unique_ptr<CuptiRangeProfiler> fake_profiler(cudaError_t wait_result = cudaSuccess) {
  fake = Fake{};
  return CuptiRangeProfiler::attach_for_test(fake_api(), {"dram__bytes_read.sum"}, nullptr, {1, 2, 3},
                                             [wait_result](cudaStream_t) { return wait_result; });
}

std::vector<CuptiRangeProfiler::Pass> passes(int count) {
  std::vector<CuptiRangeProfiler::Pass> list;
  for (int i = 0; i < count; ++i)
    list.push_back({[i](cudaStream_t) {
                      // The unprofiled launch before a pass runs outside start/stop.
                      CHECK_FALSE(fake.started);
                      fake.events.push_back("prepare " + std::to_string(i));
                    },
                    [i](cudaStream_t) {
                      CHECK(fake.started);
                      fake.events.push_back("enqueue " + std::to_string(i));
                    }});
  return list;
}

std::vector<std::string> statuses(const std::vector<CuptiRangeProfiler::Outcome>& outcomes) {
  std::vector<std::string> words;
  for (const auto& o : outcomes) words.push_back(o.status.empty() ? "ok" : o.status);
  return words;
}

}  // namespace

TEST_CASE("each pass enables the range profiler, profiles, and disables it again, in order") {
  auto profiler = fake_profiler();
  const auto outcomes = profiler->profile(passes(3), nullptr);
  CHECK(statuses(outcomes) == std::vector<std::string>{"ok", "ok", "ok"});
  CHECK(outcomes[1].ranges == std::vector<std::vector<double>>{{7.0}});
  CHECK(fake.enables == 3);
  CHECK(fake.disables == 3);
  CHECK(fake.starts == 3);
  CHECK(fake.events == std::vector<std::string>{"prepare 0", "enqueue 0", "prepare 1", "enqueue 1", "prepare 2",
                                                "enqueue 2"});
  CHECK(profiler->ended_status().empty());
  profiler->profile(passes(2), nullptr);  // the next size
  CHECK(fake.enables == 5);
  CHECK(fake.disables == 5);
  CHECK(profiler->profile(std::vector<CuptiRangeProfiler::Pass>{}, nullptr).empty());
  CHECK(fake.enables == 5);  // an empty batch touches nothing
}

TEST_CASE("another profiler taking the counters at a pass's start: busy from there on, disabled, run ended") {
  auto profiler = fake_profiler();
  fake.busy_at_start = 1;
  const auto outcomes = profiler->profile(passes(3), nullptr);
  CHECK(statuses(outcomes) == std::vector<std::string>{"ok", "busy", "busy"});
  CHECK(outcomes[1].detail.find("cuptiRangeProfilerStart failed: SIMULATED") != std::string::npos);
  CHECK(fake.events == std::vector<std::string>{"prepare 0", "enqueue 0", "prepare 1"});  // pass 1 never enqueued
  CHECK(fake.disables == 2);
  CHECK_FALSE(fake.enabled);
  CHECK(profiler->ended_status() == "busy");
  // Later batches answer busy without calling CUPTI or running anything.
  const auto later = profiler->profile(passes(2), nullptr);
  CHECK(statuses(later) == std::vector<std::string>{"busy", "busy"});
  CHECK(later[0].detail.find("counters off for the rest of the run") != std::string::npos);
  CHECK(fake.enables == 2);
  CHECK(fake.events.size() == 3);
  // The one-pass form says the same through CuptiError.
  try {
    profiler->profile([](cudaStream_t) {}, nullptr);
    FAIL("no error after busy");
  } catch (const CuptiError& e) {
    CHECK(e.status() == "busy");
  }
}

TEST_CASE("another profiler holding the counters at enable: every pass busy, nothing to disable, run ended") {
  auto profiler = fake_profiler();
  fake.enable_result = CUPTI_ERROR_HARDWARE_BUSY;
  CHECK(statuses(profiler->profile(passes(2), nullptr)) == std::vector<std::string>{"busy", "busy"});
  CHECK(fake.disables == 0);
  CHECK(fake.events.empty());
  CHECK(profiler->ended_status() == "busy");
}

TEST_CASE("a disable that fails ends profiling for the run; that pass's values stand") {
  auto profiler = fake_profiler();
  fake.disable_result = CUPTI_ERROR_UNKNOWN;
  CHECK(statuses(profiler->profile(passes(2), nullptr)) == std::vector<std::string>{"ok", "failed"});
  CHECK(profiler->ended_status() == "failed");
  CHECK(statuses(profiler->profile(passes(1), nullptr)) == std::vector<std::string>{"failed"});
  CHECK(fake.enables == 1);
}

TEST_CASE("another CUPTI failure ends the batch only: the next batch tries again") {
  auto profiler = fake_profiler();
  fake.other_start_failure = CUPTI_ERROR_UNKNOWN;
  CHECK(statuses(profiler->profile(passes(2), nullptr)) == std::vector<std::string>{"failed", "failed"});
  CHECK(fake.disables == 1);
  CHECK(profiler->ended_status().empty());
  fake.other_start_failure = CUPTI_SUCCESS;
  CHECK(statuses(profiler->profile(passes(1), nullptr)) == std::vector<std::string>{"ok"});
  CHECK(fake.enables == 2);
}

TEST_CASE("an operation that fails under the profiler: stopped, disabled, the error passed on") {
  {
    auto profiler = fake_profiler(cudaErrorLaunchFailure);
    // The stream already failed before the batch: the profiler is not enabled.
    CHECK(statuses(profiler->profile(passes(1), nullptr)) == std::vector<std::string>{"failed"});
    CHECK(fake.enables == 0);
  }
  auto profiler = fake_profiler();
  std::vector<CuptiRangeProfiler::Pass> throwing{{nullptr, [](cudaStream_t) { throw std::runtime_error("launch"); }}};
  CHECK_THROWS_AS(profiler->profile(throwing, nullptr), std::runtime_error);
  CHECK(fake.disables == 1);  // the guard disabled it on the way out
  CHECK_FALSE(fake.enabled);
}

TEST_CASE("user replay: the operation runs once per replay pass, each after its prepare; one decode") {
  auto profiler = fake_profiler();
  profiler->use_user_replay(true);
  fake.passes_needed = 3;
  CHECK(statuses(profiler->profile(passes(2), nullptr)) == std::vector<std::string>{"ok", "ok"});
  CHECK(fake.events == std::vector<std::string>{"prepare 0", "enqueue 0", "prepare 0", "enqueue 0", "prepare 0",
                                                "enqueue 0", "prepare 1", "enqueue 1", "prepare 1", "enqueue 1",
                                                "prepare 1", "enqueue 1"});
  CHECK(fake.decodes == 2);
  CHECK(fake.enables == 2);
  // Passes that never finish submitting: a failed pass, not an endless loop.
  fake.passes_needed = 1000;
  CHECK(statuses(profiler->profile(passes(1), nullptr)) == std::vector<std::string>{"failed"});
  CHECK(fake.starts == 6 + 64);
}

// ---- the counter pass over the simulated CUPTI: rows stream, counters follow

namespace {

// An operation that launches nothing (the simulated profiler reports one range).
struct NoLaunch : DotOperation {
  void prepare(long long) override {}
  void enqueue(const DotInputs&, cudaStream_t) override {}
  long long grid_blocks() const override { return 1; }
  ElementType element_type() const override { return ElementType::f32; }
  SummationShape summation_shape() const override { return {}; }
  bool promises_determinism() const override { return true; }
};

MeasurementRecord hot_row(const std::string& variant, double median, bool correct = true) {
  MeasurementRecord r = dotsweep::test::timed_row(variant, median - 1, median, median + 1, 1024);
  r.mode = "hot";  // a hot row without rotating slots: no unprofiled launch before its pass
  r.correct = correct;
  return r;
}

struct PassRun {
  std::vector<MeasurementRecord> rows, counter_rows;
};

// The simulated profiler launches nothing: the passes need no real inputs.
struct NoInputs {
  DotInputs cold;
  std::vector<DotInputs> hot;
  CounterInputs inputs{cold, hot};
};

PassRun one_size(CounterPass& pass, MeasuredOperation& op, bool stream) {
  PassRun run;
  if (stream) pass.stream_rows([&](const MeasurementRecord& r) { run.counter_rows.push_back(r); });
  const NoInputs none;
  const CounterInputs& inputs = none.inputs;
  const auto to_rows = [&](const MeasurementRecord& r) { run.rows.push_back(r); };
  for (const auto& row : {hot_row("fast", 10), hot_row("slow", 50), hot_row("broken", 5, false)})
    pass.add(row, op, inputs, to_rows);
  if (stream) CHECK(run.rows.size() == 3);  // handed on before the size's counter pass
  pass.finish_size(inputs, to_rows);
  return run;
}

std::unique_ptr<CounterPass> simulated_pass(CounterScope scope) {
  CounterSettings settings;
  settings.scope = scope;
  settings.metrics = {"dram__bytes_read.sum"};
  return CounterPass::with_profiler_for_test(fake_profiler(), settings);
}

MeasuredOperation no_launch_op() {
  MeasuredOperation op;
  op.name = "simulated";
  op.operation = std::make_unique<NoLaunch>();
  return op;
}

}  // namespace

TEST_CASE("streamed rows: sweep.csv gets every row at once as pending, the size's batch sends them final") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  const PassRun run = one_size(*pass, op, true);
  REQUIRE(run.rows.size() == 3);
  for (const auto& r : run.rows) {
    CHECK(r.cupti_status == "pending");
    CHECK_FALSE(r.dram_read_bytes.has_value());
  }
  REQUIRE(run.counter_rows.size() == 3);
  CHECK(run.counter_rows[0].variant == "fast");
  CHECK(run.counter_rows[0].cupti_status == "ok");
  CHECK(run.counter_rows[0].dram_read_bytes == 7.0);
  CHECK(run.counter_rows[1].cupti_status == "ok");
  CHECK(run.counter_rows[2].cupti_status == "not-timed");
  CHECK(fake.enables == 2);  // one enable per profiled row
  CHECK(fake.starts == 2);
  CHECK(pass->profiled_rows() == 2);  // the not-timed row is not profiled
  CHECK(counter_context_json(*pass)["profiled_rows"] == 2);
  CHECK(counter_context_json(*pass)["profile_seconds"].get<double>() >= 0.0);
}

TEST_CASE("not streamed: a size's rows are handed on once, final, after its batch; top profiles the tie group") {
  auto pass = simulated_pass(CounterScope::top);
  MeasuredOperation op = no_launch_op();
  const PassRun run = one_size(*pass, op, false);
  REQUIRE(run.rows.size() == 3);
  CHECK(run.rows[0].cupti_status == "ok");
  CHECK(run.rows[1].cupti_status == "not-top");
  CHECK(run.rows[2].cupti_status == "not-timed");
  CHECK(fake.starts == 1);
  CHECK(pass->profiled_rows() == 1);  // top: the tie group only
}

TEST_CASE("another profiler takes the counters mid-sweep: busy rows, timings untouched, later sizes busy too") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  fake.busy_at_start = 1;
  const PassRun first = one_size(*pass, op, false);
  CHECK(first.rows[0].cupti_status == "ok");
  CHECK(first.rows[1].cupti_status == "busy");
  CHECK(first.rows[1].median_us == 50.0);
  CHECK(pass->ended_status() == "busy");
  CHECK(counter_context_json(*pass)["status"] == "busy");
  CHECK(counter_context_json(*pass)["ended_during_run"] == true);
  const PassRun second = one_size(*pass, op, false);
  CHECK(second.rows[0].cupti_status == "busy");
  CHECK(second.rows[0].median_us == 10.0);
  CHECK(fake.enables == 2);
}

TEST_CASE("Ctrl-C during a counter batch: the rows not yet profiled keep their timings as interrupted") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  int asked = 0;
  pass->stop_when([&] { return ++asked > 1; });  // the stop arrives while the first row is profiled
  const PassRun run = one_size(*pass, op, false);
  REQUIRE(run.rows.size() == 3);
  CHECK(run.rows[0].cupti_status == "ok");
  CHECK(run.rows[0].dram_read_bytes == 7.0);
  CHECK(run.rows[1].cupti_status == "interrupted");
  CHECK_FALSE(run.rows[1].dram_read_bytes.has_value());
  CHECK(run.rows[1].median_us == 50.0);  // its timing stands
  CHECK(run.rows[2].cupti_status == "not-timed");
  CHECK(asked == 2);
  CHECK(fake.enables == 1);  // the interrupted row never enabled the profiler
  CHECK(fake.disables == 1);
  CHECK(pass->profiled_rows() == 1);  // the interrupted row is not counted
  CHECK(pass->ended_status().empty());  // a stop is not a profiler failure: a resumed sweep profiles again
}

TEST_CASE("a size left before its batch: held rows are handed on once, as interrupted, with their timings") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  const NoInputs none;
  const CounterInputs& inputs = none.inputs;
  std::vector<MeasurementRecord> rows;
  const auto to_rows = [&](const MeasurementRecord& r) { rows.push_back(r); };
  pass->add(hot_row("fast", 10), op, inputs, to_rows);
  pass->add(hot_row("slow", 50), op, inputs, to_rows);
  CHECK(rows.empty());  // held for the batch: without the next call they would be lost
  pass->abandon_size(to_rows);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].cupti_status == "interrupted");
  CHECK(rows[1].median_us == 50.0);
  pass->finish_size(inputs, to_rows);  // nothing is held any more
  CHECK(rows.size() == 2);
  CHECK(fake.enables == 0);
}

TEST_CASE("a row sink that stops the sweep during the hand-over: every row reaches it exactly once") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  const NoInputs none;
  const CounterInputs& inputs = none.inputs;
  std::vector<MeasurementRecord> rows;
  struct Stop {};
  const auto stopping = [&](const MeasurementRecord& r) {
    rows.push_back(r);
    if (rows.size() == 1) throw Stop{};  // Ctrl-C noticed after the first row
  };
  for (const auto& row : {hot_row("fast", 10), hot_row("slow", 50), hot_row("broken", 5, false)})
    pass->add(row, op, inputs, stopping);
  CHECK_THROWS_AS(pass->finish_size(inputs, stopping), Stop);
  pass->abandon_size(stopping);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].variant == "fast");
  CHECK(rows[0].cupti_status == "ok");
  CHECK(rows[1].variant == "slow");
  CHECK(rows[1].cupti_status == "ok");  // profiled before the stop: it keeps its counters
  CHECK(rows[1].dram_read_bytes.has_value());
  CHECK(rows[2].cupti_status == "not-timed");
}

namespace {

// A candidate that counts its loaded instances and, at each launch, how many
// were loaded then: what the profiler's enable would have had to scan.
struct CountedNoLaunch : NoLaunch {
  static inline int loaded = 0;
  static inline std::vector<int> loaded_at_launch;
  CountedNoLaunch() { ++loaded; }
  ~CountedNoLaunch() override { --loaded; }
  void enqueue(const DotInputs&, cudaStream_t) override { loaded_at_launch.push_back(loaded); }
};

MeasuredOperation counted_candidate(const std::string& name, int& builds) {
  MeasuredOperation op;
  op.name = name;
  op.config = VariantConfig{};
  op.make = [&builds]() -> std::unique_ptr<DotOperation> {
    ++builds;
    return std::make_unique<CountedNoLaunch>();
  };
  REQUIRE(op.ensure_built());
  return op;
}

}  // namespace

TEST_CASE("held candidates are unloaded; each profiled one is loaded again for its own pass alone") {
  auto pass = simulated_pass(CounterScope::all);
  CountedNoLaunch::loaded_at_launch.clear();
  int builds_fast = 0, builds_slow = 0, builds_broken = 0;
  MeasuredOperation fast = counted_candidate("fast", builds_fast);
  MeasuredOperation slow = counted_candidate("slow", builds_slow);
  MeasuredOperation broken = counted_candidate("broken", builds_broken);
  MeasuredOperation baseline = no_launch_op();  // no `make`: it stays loaded
  CHECK(CountedNoLaunch::loaded == 3);
  const NoInputs none;
  std::vector<MeasurementRecord> rows;
  const auto to_rows = [&](const MeasurementRecord& r) { rows.push_back(r); };
  pass->add(hot_row("fast", 10), fast, none.inputs, to_rows);
  pass->add(hot_row("slow", 50), slow, none.inputs, to_rows);
  pass->add(hot_row("broken", 5, false), broken, none.inputs, to_rows);
  pass->add(hot_row("baseline", 20), baseline, none.inputs, to_rows);
  CHECK(CountedNoLaunch::loaded == 0);  // timed and held: unloaded
  CHECK(baseline.operation != nullptr);
  pass->finish_size(none.inputs, to_rows);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].cupti_status == "ok");
  CHECK(rows[1].cupti_status == "ok");
  CHECK(rows[2].cupti_status == "not-timed");
  CHECK(rows[3].cupti_status == "ok");
  CHECK(CountedNoLaunch::loaded_at_launch == std::vector<int>{1, 1});  // fast, then slow, each alone
  CHECK(CountedNoLaunch::loaded == 0);
  CHECK(builds_fast == 2);
  CHECK(builds_slow == 2);
  CHECK(builds_broken == 1);  // not profiled: not loaded again
  REQUIRE(fast.ensure_built());  // the next size builds it again
  CHECK(builds_fast == 3);
}

TEST_CASE("a CUPTI failure on a size's first profiled row ends that size's batch; the next size tries again") {
  auto pass = simulated_pass(CounterScope::all);
  MeasuredOperation op = no_launch_op();
  fake.other_start_failure = CUPTI_ERROR_UNKNOWN;
  const PassRun failed = one_size(*pass, op, false);
  REQUIRE(failed.rows.size() == 3);
  CHECK(failed.rows[0].cupti_status == "failed");
  CHECK(failed.rows[1].cupti_status == "failed");  // not tried: the profiler's state after a failure is unknown
  CHECK(failed.rows[1].median_us == 50.0);         // its timing stands
  CHECK(failed.rows[2].cupti_status == "not-timed");
  CHECK(fake.enables == 1);
  CHECK(pass->ended_status().empty());
  fake.other_start_failure = CUPTI_SUCCESS;
  const PassRun next = one_size(*pass, op, false);
  CHECK(next.rows[0].cupti_status == "ok");
  CHECK(next.rows[1].cupti_status == "ok");
  CHECK(fake.enables == 3);
}
