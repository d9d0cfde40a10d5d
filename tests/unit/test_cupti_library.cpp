// The ways counters are unavailable, simulated without a GPU: no libcupti,
// no libnvperf_host beside it, a libcupti without the Range Profiler, and
// each CUPTI error code that means "not here" mapped to its short word.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "core/report/counter_metrics.hpp"
#include "gpu/cupti_library.hpp"

using namespace dotsweep;

namespace {

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// A fresh directory under /tmp, removed with its files at scope end.
struct TempDir {
  std::string path;
  std::vector<std::string> files;
  TempDir() {
    char name[] = "/tmp/dotsweep_cupti_XXXXXX";
    path = ::mkdtemp(name);
  }
  std::string add(const std::string& file, const std::string& text) {
    files.push_back(path + "/" + file);
    std::ofstream(files.back()) << text;
    return files.back();
  }
  ~TempDir() {
    for (const auto& f : files) std::remove(f.c_str());
    ::rmdir(path.c_str());
  }
};

}  // namespace

TEST_CASE("libcupti is looked for in DOTSWEEP_CUPTI_LIB alone, else the configured toolkit, then the search path") {
  CHECK(cupti_candidates("/opt/x/libcupti.so", "/usr/local/cuda") == std::vector<std::string>{"/opt/x/libcupti.so"});
  CHECK(cupti_candidates(nullptr, "/usr/local/cuda") ==
        std::vector<std::string>{"/usr/local/cuda/extras/CUPTI/lib64/libcupti.so", "/usr/local/cuda/lib64/libcupti.so",
                                 "libcupti.so"});
  CHECK(cupti_candidates("", "/t").size() == 3);  // an empty override is no override
}

TEST_CASE("no libcupti: status no-cupti, the reason names what was tried") {
  const CuptiLoad load = load_cupti({"/nonexistent/dir/libcupti.so"});
  CHECK_FALSE(load.api);
  CHECK(load.status == "no-cupti");
  CHECK(load.detail.find("/nonexistent/dir/libcupti.so (absent)") != std::string::npos);
  CHECK(load.detail.find("DOTSWEEP_CUPTI_LIB") != std::string::npos);
}

TEST_CASE("libcupti without libnvperf_host beside it: no-cupti, naming libnvperf_host") {
  TempDir dir;
  const std::string cupti = dir.add("libcupti.so", "not a library");
  const CuptiLoad load = load_cupti({cupti});
  CHECK_FALSE(load.api);
  CHECK(load.status == "no-cupti");
  CHECK(load.detail.find(dir.path + "/libnvperf_host.so") != std::string::npos);
}

TEST_CASE("a file that is not a loadable libcupti: no-cupti with the loader's reason") {
  TempDir dir;
  const std::string cupti = dir.add("libcupti.so", "not a library");
  dir.add("libnvperf_host.so", "not a library either");
  const CuptiLoad load = load_cupti({cupti});
  CHECK_FALSE(load.api);
  CHECK(load.status == "no-cupti");
  CHECK(load.detail.find("libnvperf_host.so (") != std::string::npos);
}

TEST_CASE("the toolkit's own libcupti loads with every Range Profiler entry point (when installed)") {
  const auto candidates = cupti_candidates(nullptr, DOTSWEEP_TEST_CUDA_ROOT);
  if (!exists(candidates[0]) && !exists(candidates[1])) {
    MESSAGE("no libcupti in " DOTSWEEP_TEST_CUDA_ROOT ": nothing to load");
    return;
  }
  const CuptiLoad load = load_cupti(candidates);
  INFO(load.detail);
  REQUIRE(load.api);
  CHECK(load.status.empty());
  CHECK(static_cast<bool>(load.api->range_enable));
  CHECK(static_cast<bool>(load.api->host_evaluate_to_gpu_values));
  const char* text = nullptr;
  CHECK(load.api->get_result_string(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, &text) == CUPTI_SUCCESS);
  CHECK(text != nullptr);
}

TEST_CASE("CUPTI error codes become short cupti_status words") {
  CHECK(status_word_for(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES) == "no-permission");
  CHECK(status_word_for(CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES) == "no-permission");
  CHECK(status_word_for(CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED) == "mig");
  CHECK(status_word_for(CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED) == "vgpu");
  CHECK(status_word_for(CUPTI_ERROR_HARDWARE_BUSY) == "busy");
  CHECK(status_word_for(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) == "busy");
  CHECK(status_word_for(CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED) == "busy");
  CHECK(status_word_for(CUPTI_ERROR_NOT_SUPPORTED) == "unsupported");
  CHECK(status_word_for(CUPTI_ERROR_INVALID_CHIP_NAME) == "unsupported");
  CHECK(status_word_for(CUPTI_ERROR_UNKNOWN) == "failed");
  CHECK(status_word_for(CUPTI_ERROR_INVALID_PARAMETER) == "failed");
}
