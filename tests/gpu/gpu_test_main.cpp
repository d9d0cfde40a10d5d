// GPU test entry: exits 77 (Meson's SKIP) with one line when no CUDA device is
// usable (1 under DOTSWEEP_REQUIRE_GPU=1: gpu_skip.hpp), otherwise runs the
// doctest suites linked in.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "gpu/cuda_error.hpp"
#include "gpu/device_info.hpp"
#include "gpu_skip.hpp"

int main(int argc, char** argv) {
  try {
    dotsweep::query_device(0);
  } catch (const dotsweep::NoDeviceError& e) {
    return dotsweep::test::skip_or_fail(e.what());
  }
  doctest::Context context(argc, argv);
  return context.run();
}
