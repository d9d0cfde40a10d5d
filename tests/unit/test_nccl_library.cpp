// NCCL loaded at run time: where it is looked for, and what a user reads when
// it is not there. No GPU needed; the distributed dot itself runs in the GPU
// suite (tests/cli/distributed_gpu.sh).
#include <doctest/doctest.h>

#include "gpu/cuda_error.hpp"
#include "gpu/nccl_library.hpp"
#include "measure/distributed_measurer.hpp"

using namespace dotsweep;

namespace {
std::string load_error(const std::vector<std::string>& candidates) {
  try {
    NcclLibrary::load(candidates);
  } catch (const GpuError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("nccl_candidates: $DOTSWEEP_NCCL first, then libnccl.so.2") {
  CHECK(nccl_candidates(nullptr) == std::vector<std::string>{"libnccl.so.2"});
  CHECK(nccl_candidates("") == std::vector<std::string>{"libnccl.so.2"});
  CHECK(nccl_candidates("/opt/nccl/lib/libnccl.so.2") ==
        std::vector<std::string>{"/opt/nccl/lib/libnccl.so.2", "libnccl.so.2"});
}

TEST_CASE("no NCCL: one message naming each library tried, why, and the fix") {
  const std::string missing = load_error({"/nonexistent/libnccl.so.2"});
  CHECK(missing.find("no NCCL library loads (tried /nonexistent/libnccl.so.2 (") != std::string::npos);
  CHECK(missing.find("set DOTSWEEP_NCCL") != std::string::npos);
  // A library that loads but is not NCCL.
  const std::string not_nccl = load_error({"libc.so.6"});
  CHECK(not_nccl.find("libc.so.6 (lacks an NCCL entry point)") != std::string::npos);
}

TEST_CASE("NCCL where the toolkit or the loader has it: its version reads without a GPU") {
  std::unique_ptr<NcclLibrary> nccl;
  for (const std::string& path : {std::string(DOTSWEEP_TEST_CUDA_ROOT) + "/lib/libnccl.so.2", std::string("libnccl.so.2")}) {
    try {
      nccl = NcclLibrary::load({path});
      break;
    } catch (const GpuError&) {
    }
  }
  if (!nccl) return;  // neither has NCCL: the message above is what a user sees
  const std::string version = nccl->version();
  CHECK(version.size() >= 5);
  CHECK(version[0] == '2');
  CHECK(std::count(version.begin(), version.end(), '.') == 2);
}

TEST_CASE("default_gpu_counts: doublings from 1, and every GPU") {
  CHECK(default_gpu_counts(1) == std::vector<int>{1});
  CHECK(default_gpu_counts(2) == std::vector<int>{1, 2});
  CHECK(default_gpu_counts(3) == std::vector<int>{1, 2, 3});
  CHECK(default_gpu_counts(8) == std::vector<int>{1, 2, 4, 8});
  CHECK(default_gpu_counts(6) == std::vector<int>{1, 2, 4, 6});
}
