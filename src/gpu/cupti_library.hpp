// libcupti, loaded at run time so the binary starts on machines without it.
// Each entry point is typed from the header's own declaration (decltype), so
// a signature change in a new toolkit is a compile error, not a crash.
//
// libcupti dlopen()s libnvperf_host by bare name; it is loaded first, by
// absolute path from libcupti's directory with RTLD_GLOBAL, so the bare-name
// lookup finds it already loaded (its SONAME is that bare name) and no
// LD_LIBRARY_PATH is needed.
#pragma once

#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <memory>
#include <string>
#include <vector>

namespace dotsweep {

struct CuptiApi {
  decltype(&cuptiGetResultString) get_result_string = nullptr;
  decltype(&cuptiProfilerInitialize) profiler_initialize = nullptr;
  decltype(&cuptiProfilerDeInitialize) profiler_deinitialize = nullptr;
  decltype(&cuptiDeviceGetChipName) device_get_chip_name = nullptr;
  decltype(&cuptiProfilerGetCounterAvailability) get_counter_availability = nullptr;
  decltype(&cuptiProfilerHostInitialize) host_initialize = nullptr;
  decltype(&cuptiProfilerHostDeinitialize) host_deinitialize = nullptr;
  decltype(&cuptiProfilerHostGetBaseMetrics) host_get_base_metrics = nullptr;
  decltype(&cuptiProfilerHostGetSubMetrics) host_get_sub_metrics = nullptr;
  decltype(&cuptiProfilerHostGetMetricProperties) host_get_metric_properties = nullptr;
  decltype(&cuptiProfilerHostConfigAddMetrics) host_config_add_metrics = nullptr;
  decltype(&cuptiProfilerHostGetConfigImageSize) host_get_config_image_size = nullptr;
  decltype(&cuptiProfilerHostGetConfigImage) host_get_config_image = nullptr;
  decltype(&cuptiProfilerHostGetNumOfPasses) host_get_num_of_passes = nullptr;
  decltype(&cuptiProfilerHostEvaluateToGpuValues) host_evaluate_to_gpu_values = nullptr;
  decltype(&cuptiRangeProfilerEnable) range_enable = nullptr;
  decltype(&cuptiRangeProfilerDisable) range_disable = nullptr;
  decltype(&cuptiRangeProfilerGetCounterDataSize) range_get_counter_data_size = nullptr;
  decltype(&cuptiRangeProfilerCounterDataImageInitialize) range_counter_data_image_initialize = nullptr;
  decltype(&cuptiRangeProfilerSetConfig) range_set_config = nullptr;
  decltype(&cuptiRangeProfilerStart) range_start = nullptr;
  decltype(&cuptiRangeProfilerStop) range_stop = nullptr;
  decltype(&cuptiRangeProfilerDecodeData) range_decode_data = nullptr;
  decltype(&cuptiRangeProfilerGetCounterDataInfo) range_get_counter_data_info = nullptr;
};

struct CuptiLoad {
  std::shared_ptr<const CuptiApi> api;  // null when not loaded
  std::string status;                   // cupti_status word when not loaded
  std::string detail;                   // what was tried, for the one warning
};

// Where libcupti is looked for, first first: $DOTSWEEP_CUPTI_LIB alone when
// set (a path to libcupti.so), else the toolkit the binary was configured
// against (extras/CUPTI/lib64, then lib64), then the loader's search path.
std::vector<std::string> cupti_candidates(const char* env_override, const std::string& toolkit_root);

// Loads libnvperf_host then libcupti from the first candidate that exists,
// and resolves every entry point; never throws.
CuptiLoad load_cupti(const std::vector<std::string>& candidates);
// load_cupti(cupti_candidates(getenv("DOTSWEEP_CUPTI_LIB"), <configured toolkit>)), once per process.
const CuptiLoad& cupti_library();

// The cupti_status word for a CUPTI error code: a permission error, MIG,
// vGPU, another profiler, an unsupported chip, or "failed".
std::string status_word_for(CUptiResult result);

}  // namespace dotsweep
