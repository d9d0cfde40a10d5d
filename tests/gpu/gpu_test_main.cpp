// GPU test entry: exits 77 (Meson's SKIP) with one line when no CUDA device is
// usable, otherwise runs the doctest suites linked in.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "gpu/cuda_error.hpp"
#include "gpu/device_info.hpp"

int main(int argc, char** argv) {
  try {
    dotsweep::query_device(0);
  } catch (const dotsweep::NoDeviceError& e) {
    std::printf("SKIP: %s\n", e.what());
    return 77;
  }
  doctest::Context context(argc, argv);
  return context.run();
}
