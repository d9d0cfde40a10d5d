// What NVRTC compiles the variants to for a GPU (gpu/nvrtc_compiler.hpp):
// its own SASS, binary-compatible SASS of its major, or PTX for a GPU newer
// than this NVRTC. Needs NVRTC, no GPU.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "gpu/nvrtc_compiler.hpp"

namespace dotsweep {
namespace {

const std::vector<int> kCuda13 = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};

std::string target_of(int device_arch, const std::vector<int>& supported = kCuda13) {
  return nvrtc_target_for(device_arch, supported).name();
}

TEST_CASE("a GPU's NVRTC target: its own SASS, else its major's newest SASS below it, else PTX below it") {
  CHECK(target_of(90) == "sm_90");
  CHECK(target_of(75) == "sm_75");
  CHECK(target_of(121) == "sm_121");
  CHECK(target_of(122) == "sm_121");                            // same major: binary-compatible SASS
  CHECK(target_of(103, {75, 80, 86, 89, 90, 100, 120}) == "sm_100");  // a B300 on an NVRTC without sm_103
  CHECK(target_of(130) == "compute_121");                       // a later major: PTX, JIT-compiled
  CHECK(target_of(110, {75, 80, 86, 89, 90, 100, 120}) == "compute_100");
  CHECK(target_of(70) == "sm_70");                              // older than any: its own, which then fails by name
  CHECK(target_of(90, {}) == "sm_90");                          // NVRTC's list unknown
  CHECK(nvrtc_target_for(130, kCuda13).ptx);
  CHECK_FALSE(nvrtc_target_for(122, kCuda13).ptx);
}

TEST_CASE("CUDA_FORCE_PTX_JIT makes the device's target PTX of the same arch; \"0\" or unset leaves SASS") {
  const int arch = nvrtc_supported_archs().front();
  ::unsetenv("CUDA_FORCE_PTX_JIT");
  CHECK(nvrtc_target_for_device(arch).name() == "sm_" + std::to_string(arch));
  ::setenv("CUDA_FORCE_PTX_JIT", "0", 1);
  CHECK(nvrtc_target_for_device(arch).name() == "sm_" + std::to_string(arch));
  ::setenv("CUDA_FORCE_PTX_JIT", "1", 1);
  CHECK(nvrtc_target_for_device(arch).name() == "compute_" + std::to_string(arch));
  ::unsetenv("CUDA_FORCE_PTX_JIT");
}

TEST_CASE("a PTX target compiles to PTX text for the driver to JIT; a SASS target to a cubin") {
  const std::string source = "extern \"C\" __global__ void probe(float* p) { p[threadIdx.x] = 1.0f; }\n";
  const int newest = nvrtc_supported_archs().back();
  const CompiledKernels ptx = NvrtcCompiler(source, "probe.cu", NvrtcTarget{newest, true}, "").compile({"probe"});
  REQUIRE_FALSE(ptx.cubin.empty());
  CHECK(ptx.cubin.back() == '\0');  // cudaLibraryLoadData reads PTX up to its NUL
  const std::string text(ptx.cubin.data());
  CHECK(text.find(".target sm_" + std::to_string(newest)) != std::string::npos);
  CHECK(text.find(".entry probe") != std::string::npos);
  const CompiledKernels sass = NvrtcCompiler(source, "probe.cu", NvrtcTarget{newest, false}, "").compile({"probe"});
  REQUIRE(sass.cubin.size() > 4);
  CHECK(std::string(sass.cubin.data(), 4) == "\x7f" "ELF");
}

}  // namespace
}  // namespace dotsweep
