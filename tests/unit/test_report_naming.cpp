#include <doctest/doctest.h>

#include "core/report/report_naming.hpp"

using namespace dotsweep;

TEST_CASE("gpu_slug lowercases and joins words with single dashes") {
  CHECK(gpu_slug("NVIDIA H200") == "nvidia-h200");
  CHECK(gpu_slug("NVIDIA H100 80GB HBM3") == "nvidia-h100-80gb-hbm3");
  CHECK(gpu_slug("  A100--SXM4 (40GB) ") == "a100-sxm4-40gb");
  CHECK(gpu_slug("***") == "gpu");
}

TEST_CASE("timestamps are UTC in ISO 8601 and in a folder-safe compact form") {
  const std::time_t when = 1796000000;  // 2026-11-30T00:53:20Z
  CHECK(utc_timestamp_iso(when) == "2026-11-30T00:53:20Z");
  CHECK(utc_timestamp_compact(when) == "20261130T005320Z");
}
