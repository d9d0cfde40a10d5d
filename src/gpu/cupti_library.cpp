#include "gpu/cupti_library.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdlib>

#include "core/report/counter_metrics.hpp"

#ifndef DOTSWEEP_CUDA_ROOT
#define DOTSWEEP_CUDA_ROOT "/usr/local/cuda"
#endif

namespace dotsweep {

namespace {

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

template <class Fn>
bool resolve(void* handle, const char* name, Fn& out, std::string& missing) {
  out = reinterpret_cast<Fn>(::dlsym(handle, name));
  if (!out) missing += std::string(missing.empty() ? "" : ", ") + name;
  return out != nullptr;
}

}  // namespace

std::vector<std::string> cupti_candidates(const char* env_override, const std::string& toolkit_root) {
  if (env_override && *env_override) return {env_override};
  return {toolkit_root + "/extras/CUPTI/lib64/libcupti.so", toolkit_root + "/lib64/libcupti.so", "libcupti.so"};
}

CuptiLoad load_cupti(const std::vector<std::string>& candidates) {
  CuptiLoad load;
  std::string tried;
  for (const auto& path : candidates) {
    const bool bare = path.find('/') == std::string::npos;
    if (!bare && !is_file(path)) {
      tried += (tried.empty() ? "" : ", ") + path + " (absent)";
      continue;
    }
    // libnvperf_host first, from the same directory, visible to libcupti's
    // own bare-name dlopen. A bare candidate leaves both to the loader's path.
    if (!bare) {
      const std::string nvperf = directory_of(path) + "/libnvperf_host.so";
      if (!::dlopen(nvperf.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
        const char* why = ::dlerror();
        tried += (tried.empty() ? "" : ", ") + nvperf + " (" + (why ? why : "not loadable") + ")";
        continue;
      }
    }
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = ::dlerror();
      tried += (tried.empty() ? "" : ", ") + path + " (" + (why ? why : "not loadable") + ")";
      continue;
    }
    auto api = std::make_shared<CuptiApi>();
    std::string missing;
    resolve(handle, "cuptiGetResultString", api->get_result_string, missing);
    resolve(handle, "cuptiProfilerInitialize", api->profiler_initialize, missing);
    resolve(handle, "cuptiProfilerDeInitialize", api->profiler_deinitialize, missing);
    resolve(handle, "cuptiDeviceGetChipName", api->device_get_chip_name, missing);
    resolve(handle, "cuptiProfilerGetCounterAvailability", api->get_counter_availability, missing);
    resolve(handle, "cuptiProfilerHostInitialize", api->host_initialize, missing);
    resolve(handle, "cuptiProfilerHostDeinitialize", api->host_deinitialize, missing);
    resolve(handle, "cuptiProfilerHostGetBaseMetrics", api->host_get_base_metrics, missing);
    resolve(handle, "cuptiProfilerHostGetSubMetrics", api->host_get_sub_metrics, missing);
    resolve(handle, "cuptiProfilerHostGetMetricProperties", api->host_get_metric_properties, missing);
    resolve(handle, "cuptiProfilerHostConfigAddMetrics", api->host_config_add_metrics, missing);
    resolve(handle, "cuptiProfilerHostGetConfigImageSize", api->host_get_config_image_size, missing);
    resolve(handle, "cuptiProfilerHostGetConfigImage", api->host_get_config_image, missing);
    resolve(handle, "cuptiProfilerHostGetNumOfPasses", api->host_get_num_of_passes, missing);
    resolve(handle, "cuptiProfilerHostEvaluateToGpuValues", api->host_evaluate_to_gpu_values, missing);
    resolve(handle, "cuptiRangeProfilerEnable", api->range_enable, missing);
    resolve(handle, "cuptiRangeProfilerDisable", api->range_disable, missing);
    resolve(handle, "cuptiRangeProfilerGetCounterDataSize", api->range_get_counter_data_size, missing);
    resolve(handle, "cuptiRangeProfilerCounterDataImageInitialize", api->range_counter_data_image_initialize, missing);
    resolve(handle, "cuptiRangeProfilerSetConfig", api->range_set_config, missing);
    resolve(handle, "cuptiRangeProfilerStart", api->range_start, missing);
    resolve(handle, "cuptiRangeProfilerStop", api->range_stop, missing);
    resolve(handle, "cuptiRangeProfilerDecodeData", api->range_decode_data, missing);
    resolve(handle, "cuptiRangeProfilerGetCounterDataInfo", api->range_get_counter_data_info, missing);
    if (!missing.empty()) {
      // An older CUPTI without the Range Profiler (before CUDA 12.6).
      load.status = cupti_status::no_library;
      load.detail = path + " lacks " + missing + " (the Range Profiler needs CUDA 12.6 or newer)";
      return load;
    }
    load.api = std::move(api);
    return load;
  }
  load.status = cupti_status::no_library;
  load.detail = "libcupti not found: tried " + tried + " (set DOTSWEEP_CUPTI_LIB to libcupti.so's path)";
  return load;
}

const CuptiLoad& cupti_library() {
  static const CuptiLoad load = load_cupti(cupti_candidates(std::getenv("DOTSWEEP_CUPTI_LIB"), DOTSWEEP_CUDA_ROOT));
  return load;
}

std::string status_word_for(CUptiResult result) {
  switch (result) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return cupti_status::no_permission;
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
      return cupti_status::mig;
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
      return cupti_status::virtualized;
    case CUPTI_ERROR_HARDWARE_BUSY:
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
      return cupti_status::busy;
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_INVALID_CHIP_NAME:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
      return cupti_status::unsupported;
    default:
      return cupti_status::failed;
  }
}

}  // namespace dotsweep
