// How a GPU test reports that it cannot run: Meson's skip (exit 77) with one
// line, or, with DOTSWEEP_REQUIRE_GPU=1, a failure. A skip counts as a pass,
// and any CUDA error on the way to the device reads as "no usable device", so
// where a GPU is meant to be there (machines with a GPU: tools/run_build_folder.sh sets it)
// a skip would hide a broken GPU path. tests/cli/common.sh's skip() is the
// same rule for the shell tests.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace dotsweep::test {

inline bool gpu_required() {
  const char* value = std::getenv("DOTSWEEP_REQUIRE_GPU");
  return value && std::strcmp(value, "1") == 0;
}

// Prints why on one line and returns the exit status: 77, or 1 where the GPU is required.
inline int skip_or_fail(const std::string& why) {
  if (gpu_required()) {
    std::printf("FAIL: DOTSWEEP_REQUIRE_GPU=1, but the test cannot run: %s\n", why.c_str());
    return 1;
  }
  std::printf("SKIP: %s\n", why.c_str());
  return 77;
}

}  // namespace dotsweep::test
