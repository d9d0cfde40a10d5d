#include "gpu/cupti_range_profiler.hpp"

#include <cstdint>
#include <set>
#include <stdexcept>

#include "core/report/counter_metrics.hpp"
#include "core/input_error.hpp"

namespace dotsweep {

namespace {

// Ranges one counter pass can hold: an operation launches a handful of
// kernels (two-pass finishes, CUB, cuBLAS); more is a failed pass, not a
// silently truncated one (DecodeData reports dropped ranges).
constexpr std::size_t kMaxRanges = 64;

template <class Params>
Params params(std::size_t struct_size) {
  Params p{};
  p.structSize = struct_size;
  return p;
}

std::string describe(const CuptiApi& api, CUptiResult result, const char* call) {
  const char* text = nullptr;
  if (api.get_result_string) api.get_result_string(result, &text);
  return std::string(call) + " failed: " + (text ? text : "CUPTI error " + std::to_string(static_cast<int>(result)));
}

void check(const CuptiApi& api, CUptiResult result, const char* call) {
  if (result != CUPTI_SUCCESS) throw CuptiError(status_word_for(result), describe(api, result, call));
}

// The current context through the runtime's driver entry point: the binary
// does not link libcuda.
CUcontext current_context() {
  using GetCurrent = CUresult (*)(CUcontext*);
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaFree(nullptr) != cudaSuccess ||
      cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &fn, 12000, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !fn)
    throw CuptiError(cupti_status::failed, "no CUDA context for the counter pass (cuCtxGetCurrent not found)");
  CUcontext ctx = nullptr;
  if (reinterpret_cast<GetCurrent>(fn)(&ctx) != CUDA_SUCCESS || !ctx)
    throw CuptiError(cupti_status::failed, "no current CUDA context for the counter pass");
  return ctx;
}

// Every full metric name this chip offers for `base` (its rollups and submetrics).
std::vector<std::string> full_names_of(const CuptiApi& api, CUpti_Profiler_Host_Object* host, const std::string& base,
                                       CUpti_MetricType type) {
  auto p = params<CUpti_Profiler_Host_GetSubMetrics_Params>(CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE);
  p.pHostObject = host;
  p.metricType = type;
  p.pMetricName = base.c_str();
  std::vector<std::string> names;
  if (api.host_get_sub_metrics(&p) != CUPTI_SUCCESS) return names;
  for (std::size_t i = 0; i < p.numOfSubmetrics; ++i) {
    const std::string sub = p.ppSubMetrics[i] ? p.ppSubMetrics[i] : "";
    names.push_back(base + (sub.rfind('.', 0) == 0 ? "" : ".") + sub);
  }
  return names;
}

// The closest names to an unknown `name`: when the part before the first '.'
// is a base metric of the chip, among its full names (rollups, submetrics);
// otherwise among the base metrics, compared by that part.
std::vector<std::string> suggestions_for(const CuptiApi& api, CUpti_Profiler_Host_Object* host,
                                         const std::string& name) {
  const std::string base = name.substr(0, name.find('.'));
  std::vector<std::string> pool;
  for (CUpti_MetricType type : {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO, CUPTI_METRIC_TYPE_THROUGHPUT}) {
    auto p = params<CUpti_Profiler_Host_GetBaseMetrics_Params>(CUpti_Profiler_Host_GetBaseMetrics_Params_STRUCT_SIZE);
    p.pHostObject = host;
    p.metricType = type;
    if (api.host_get_base_metrics(&p) != CUPTI_SUCCESS) continue;
    for (std::size_t i = 0; i < p.numMetrics; ++i) {
      const std::string metric = p.ppMetricNames[i];
      if (metric == base) {
        const auto full = full_names_of(api, host, base, type);
        if (!full.empty()) return closest_names(name, full);
      }
      pool.push_back(metric);
    }
  }
  return closest_names(base, pool);
}

}  // namespace

CuptiRangeProfiler::CuptiRangeProfiler(std::shared_ptr<const CuptiApi> api, std::vector<std::string> metrics)
    : api_(std::move(api)), metrics_(std::move(metrics)), wait_(cudaStreamSynchronize) {
  for (const auto& m : metrics_) metric_names_.push_back(m.c_str());
}

std::unique_ptr<CuptiRangeProfiler> CuptiRangeProfiler::attach_for_test(std::shared_ptr<const CuptiApi> api,
                                                                        std::vector<std::string> metrics,
                                                                        CUcontext ctx,
                                                                        std::vector<std::uint8_t> config_image,
                                                                        StreamWait wait) {
  std::unique_ptr<CuptiRangeProfiler> self(new CuptiRangeProfiler(std::move(api), std::move(metrics)));
  self->ctx_ = ctx;
  self->config_image_ = std::move(config_image);
  self->wait_ = std::move(wait);
  return self;
}

std::unique_ptr<CuptiRangeProfiler> CuptiRangeProfiler::open(const CuptiLoad& library, int device_index,
                                                             const std::vector<std::string>& metrics,
                                                             Unavailable& why) {
  if (!library.api) {
    why = {library.status, library.detail};
    return nullptr;
  }
  const CuptiApi& api = *library.api;
  std::unique_ptr<CuptiRangeProfiler> self(new CuptiRangeProfiler(library.api, metrics));
  try {
    const CUcontext ctx = current_context();
    self->ctx_ = ctx;
    auto init = params<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
    check(api, api.profiler_initialize(&init), "cuptiProfilerInitialize");
    self->profiler_initialized_ = true;

    auto chip = params<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
    chip.deviceIndex = static_cast<std::size_t>(device_index);
    check(api, api.device_get_chip_name(&chip), "cuptiDeviceGetChipName");

    // The counter availability image: which counters this device exposes to
    // us now (it is where a missing permission or a busy profiler shows).
    auto avail = params<CUpti_Profiler_GetCounterAvailability_Params>(
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
    avail.ctx = ctx;
    check(api, api.get_counter_availability(&avail), "cuptiProfilerGetCounterAvailability(size)");
    std::vector<std::uint8_t> availability(avail.counterAvailabilityImageSize);
    avail.pCounterAvailabilityImage = availability.data();
    check(api, api.get_counter_availability(&avail), "cuptiProfilerGetCounterAvailability");

    auto host = params<CUpti_Profiler_Host_Initialize_Params>(CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
    host.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    host.pChipName = chip.pChipName;
    host.pCounterAvailabilityImage = availability.data();
    check(api, api.host_initialize(&host), "cuptiProfilerHostInitialize");
    self->host_ = host.pHostObject;

    // Each name checked on its own, so the error names the one that is wrong.
    for (const auto& name : metrics) {
      auto props = params<CUpti_Profiler_Host_GetMetricProperties_Params>(
          CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE);
      props.pHostObject = self->host_;
      props.pMetricName = name.c_str();
      const CUptiResult r = api.host_get_metric_properties(&props);
      if (r == CUPTI_ERROR_INVALID_METRIC_NAME)
        throw InputError(unknown_metric_message(name, suggestions_for(api, self->host_, name)));
      check(api, r, "cuptiProfilerHostGetMetricProperties");
    }

    auto add = params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
        CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
    add.pHostObject = self->host_;
    add.ppMetricNames = self->metric_names_.data();
    add.numMetrics = self->metric_names_.size();
    check(api, api.host_config_add_metrics(&add), "cuptiProfilerHostConfigAddMetrics");

    auto size = params<CUpti_Profiler_Host_GetConfigImageSize_Params>(
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
    size.pHostObject = self->host_;
    check(api, api.host_get_config_image_size(&size), "cuptiProfilerHostGetConfigImageSize");
    self->config_image_.resize(size.configImageSize);
    auto image = params<CUpti_Profiler_Host_GetConfigImage_Params>(
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
    image.pHostObject = self->host_;
    image.configImageSize = self->config_image_.size();
    image.pConfigImage = self->config_image_.data();
    check(api, api.host_get_config_image(&image), "cuptiProfilerHostGetConfigImage");

    auto passes = params<CUpti_Profiler_Host_GetNumOfPasses_Params>(
        CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE);
    passes.configImageSize = self->config_image_.size();
    passes.pConfigImage = self->config_image_.data();
    check(api, api.host_get_num_of_passes(&passes), "cuptiProfilerHostGetNumOfPasses");
    self->passes_ = passes.numOfPasses;

    // A missing profiling permission shows when the profiler is enabled on
    // the context, not before: try it once here so it is known at start
    // (and an explicit --counters can refuse to run) rather than on every row.
    auto enable = params<CUpti_RangeProfiler_Enable_Params>(CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
    enable.ctx = ctx;
    check(api, api.range_enable(&enable), "cuptiRangeProfilerEnable");
    auto disable = params<CUpti_RangeProfiler_Disable_Params>(CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
    disable.pRangeProfilerObject = enable.pRangeProfilerObject;
    check(api, api.range_disable(&disable), "cuptiRangeProfilerDisable");
  } catch (const CuptiError& e) {
    why = {e.status(), e.what()};
    return nullptr;
  }
  return self;
}

CuptiRangeProfiler::~CuptiRangeProfiler() {
  if (host_) {
    auto p = params<CUpti_Profiler_Host_Deinitialize_Params>(CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
    p.pHostObject = host_;
    api_->host_deinitialize(&p);
  }
  if (profiler_initialized_) {
    auto p = params<CUpti_Profiler_DeInitialize_Params>(CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE);
    api_->profiler_deinitialize(&p);
  }
}

void CuptiRangeProfiler::end_run(const std::string& status, const std::string& detail) {
  if (!ended_status_.empty()) return;
  ended_status_ = status;
  ended_detail_ = detail + " (counters off for the rest of the run)";
}

std::vector<CuptiRangeProfiler::Outcome> CuptiRangeProfiler::profile(const std::vector<Pass>& passes,
                                                                     cudaStream_t stream,
                                                                     const std::function<bool()>& stop_requested) {
  std::vector<Outcome> outcomes(passes.size());
  auto fail_from = [&](std::size_t first, const std::string& status, const std::string& detail) {
    for (std::size_t i = first; i < outcomes.size(); ++i) outcomes[i] = {{}, status, detail};
  };
  if (passes.empty()) return outcomes;
  if (!ended_status_.empty()) {
    fail_from(0, ended_status_, ended_detail_);
    return outcomes;
  }
  // One enable per pass (per row), as measured on the H200: keeping the
  // profiler enabled across passes and setting a second config under the same
  // enable crashed inside CUPTI (2026-11-30, commit e3ed43b), so each pass gets a fresh
  // enable, counter data image and config, and the guard disables it again.
  for (std::size_t i = 0; i < passes.size(); ++i) {
    if (!ended_status_.empty()) {
      fail_from(i, ended_status_, ended_detail_);
      break;
    }
    if (stop_requested && stop_requested()) {
      fail_from(i, cupti_status::interrupted, "the sweep was stopped before this row's counter pass");
      break;
    }
    const std::optional<std::pair<std::string, std::string>> failure = profile_one(passes[i], outcomes[i], stream);
    if (failure) {
      // The profiler's state after a failed call is not known: end the batch
      // here. Another profiler holding the counters ends the run's profiling.
      if (failure->first == cupti_status::busy) end_run(failure->first, failure->second);
      fail_from(i, failure->first, failure->second);
      break;
    }
  }
  return outcomes;
}

std::optional<std::pair<std::string, std::string>> CuptiRangeProfiler::profile_one(const Pass& pass, Outcome& outcome,
                                                                                    cudaStream_t stream) {
  const CuptiApi& api = *api_;
  // Nothing queued before the pass may run with the profiler enabled.
  if (wait_(stream) != cudaSuccess)
    return std::make_pair(std::string(cupti_status::failed), std::string("the stream failed before the counter pass"));
  auto enable = params<CUpti_RangeProfiler_Enable_Params>(CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
  enable.ctx = ctx_;
  const CUptiResult enabled = api.range_enable(&enable);
  if (enabled != CUPTI_SUCCESS)
    return std::make_pair(status_word_for(enabled), describe(api, enabled, "cuptiRangeProfilerEnable"));
  // Disabled on every way out, exceptions included: the timed launches after
  // the pass must run without the profiler. A disable that fails leaves the
  // profiler's state unknown: no pass after it.
  struct Disable {
    CuptiRangeProfiler& self;
    CUpti_RangeProfiler_Object* object;
    ~Disable() {
      auto p = params<CUpti_RangeProfiler_Disable_Params>(CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
      p.pRangeProfilerObject = object;
      const CUptiResult r = self.api_->range_disable(&p);
      if (r != CUPTI_SUCCESS) self.end_run(cupti_status::failed, describe(*self.api_, r, "cuptiRangeProfilerDisable"));
    }
  } disable{*this, enable.pRangeProfilerObject};
  counter_data_.clear();  // sized for this enable's profiler object
  try {
    outcome.ranges = run_pass(enable.pRangeProfilerObject, pass, stream);
  } catch (const CuptiError& e) {
    return std::make_pair(e.status(), std::string(e.what()));
  }
  return std::nullopt;
}

std::vector<std::vector<double>> CuptiRangeProfiler::profile(const std::function<void(cudaStream_t)>& enqueue,
                                                             cudaStream_t stream) {
  auto outcome = profile(std::vector<Pass>{{nullptr, enqueue}}, stream);
  if (!outcome.front().status.empty()) throw CuptiError(outcome.front().status, outcome.front().detail);
  return std::move(outcome.front().ranges);
}

std::vector<std::vector<double>> CuptiRangeProfiler::run_pass(CUpti_RangeProfiler_Object* object, const Pass& pass,
                                                              cudaStream_t stream) {
  const CuptiApi& api = *api_;
  if (pass.prepare) pass.prepare(stream);
  // Nothing queued before the pass may land in its first range.
  if (wait_(stream) != cudaSuccess)
    throw CuptiError(cupti_status::failed, "the stream failed before the counter pass");

  if (counter_data_.empty()) {
    auto size = params<CUpti_RangeProfiler_GetCounterDataSize_Params>(
        CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
    size.pRangeProfilerObject = object;
    size.pMetricNames = metric_names_.data();
    size.numMetrics = metric_names_.size();
    size.maxNumOfRanges = kMaxRanges;
    size.maxNumRangeTreeNodes = kMaxRanges;
    check(api, api.range_get_counter_data_size(&size), "cuptiRangeProfilerGetCounterDataSize");
    counter_data_.resize(size.counterDataSize);
  }
  // Initialised for every pass: it starts with no ranges.
  auto init = params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
  init.pRangeProfilerObject = object;
  init.counterDataSize = counter_data_.size();
  init.pCounterData = counter_data_.data();
  check(api, api.range_counter_data_image_initialize(&init), "cuptiRangeProfilerCounterDataImageInitialize");

  auto config = params<CUpti_RangeProfiler_SetConfig_Params>(CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
  config.pRangeProfilerObject = object;
  config.configSize = config_image_.size();
  config.pConfig = config_image_.data();
  config.counterDataImageSize = counter_data_.size();
  config.pCounterDataImage = counter_data_.data();
  config.range = CUPTI_AutoRange;
  config.replayMode = user_replay_ ? CUPTI_UserReplay : CUPTI_KernelReplay;
  config.maxRangesPerPass = kMaxRanges;
  config.numNestingLevels = 1;  // auto range: one level
  config.minNestingLevel = 1;
  config.passIndex = 0;
  config.targetNestingLevel = 1;
  check(api, api.range_set_config(&config), "cuptiRangeProfilerSetConfig");

  // Kernel replay runs every replay pass inside each launch, so one
  // start/stop submits them all. User replay needs one run of the operation
  // per replay pass: `prepare` before each, so every pass sees the L2 the
  // timer's launch saw (the operations are idempotent: each launch writes
  // all it reads back).
  const std::size_t most_runs = passes_ > 0 ? passes_ : kMaxRanges;
  for (std::size_t run = 0;; ++run) {
    if (run > 0 && pass.prepare) {
      pass.prepare(stream);
      if (wait_(stream) != cudaSuccess)
        throw CuptiError(cupti_status::failed, "the stream failed between replay passes");
    }
    auto start = params<CUpti_RangeProfiler_Start_Params>(CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
    start.pRangeProfilerObject = object;
    check(api, api.range_start(&start), "cuptiRangeProfilerStart");
    pass.enqueue(stream);
    const cudaError_t ran = wait_(stream);
    auto stop = params<CUpti_RangeProfiler_Stop_Params>(CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
    stop.pRangeProfilerObject = object;
    check(api, api.range_stop(&stop), "cuptiRangeProfilerStop");
    if (ran != cudaSuccess)
      throw CuptiError(cupti_status::failed, std::string("the operation failed under the profiler: ") +
                                                 cudaGetErrorName(ran));
    if (stop.isAllPassSubmitted) break;
    if (run + 1 >= most_runs)
      throw CuptiError(cupti_status::failed, "replay passes left unsubmitted after " + std::to_string(run + 1) +
                                                 " runs (the config image needs " + std::to_string(passes_) + ")");
  }

  auto decode = params<CUpti_RangeProfiler_DecodeData_Params>(CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
  decode.pRangeProfilerObject = object;
  check(api, api.range_decode_data(&decode), "cuptiRangeProfilerDecodeData");
  if (decode.numOfRangeDropped > 0)
    throw CuptiError(cupti_status::failed, "the operation launched more than " + std::to_string(kMaxRanges) +
                                               " kernels: " + std::to_string(decode.numOfRangeDropped) +
                                               " ranges dropped");

  auto info = params<CUpti_RangeProfiler_GetCounterDataInfo_Params>(
      CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
  info.pCounterDataImage = counter_data_.data();
  info.counterDataImageSize = counter_data_.size();
  check(api, api.range_get_counter_data_info(&info), "cuptiRangeProfilerGetCounterDataInfo");

  std::vector<std::vector<double>> ranges;
  for (std::size_t r = 0; r < info.numTotalRanges; ++r) {
    std::vector<double> values(metric_names_.size());
    auto eval = params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
        CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
    eval.pHostObject = host_;
    eval.pCounterDataImage = counter_data_.data();
    eval.counterDataImageSize = counter_data_.size();
    eval.rangeIndex = r;
    eval.ppMetricNames = metric_names_.data();
    eval.numMetrics = metric_names_.size();
    eval.pMetricValues = values.data();
    check(api, api.host_evaluate_to_gpu_values(&eval), "cuptiProfilerHostEvaluateToGpuValues");
    ranges.push_back(std::move(values));
  }
  return ranges;
}

}  // namespace dotsweep
