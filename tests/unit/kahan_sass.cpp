// The Kahan accumulator survives compilation: NVRTC compiles one Kahan add
// (kernels/accumulate.cuh) for sm_90 with the sweep's options, nvdisasm
// disassembles it, and the SASS must hold the rounded product (FMUL), the
// four adds of the compensation (FADD) and no fused multiply-add (FFMA). The
// same steps written with plain operators are compiled too and must fail the
// check (the product fuses into an FFMA under NVRTC's default -fmad=true), so
// the check can fail. Usage: kahan_sass <nvdisasm>; exits 77 when the
// disassembler is absent (nvdisasm -sass would need nvdisasm too).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <regex>
#include <string>
#include <unistd.h>

#include "gpu/nvrtc_compiler.hpp"
#include "kernel_blocks_source.hpp"

namespace {

using dotsweep::NvrtcCompiler;

// The SASS text of kernel `name` from the probe source.
std::string sass_of(const std::string& name, const std::string& nvdisasm) {
  const NvrtcCompiler compiler(dotsweep::testing::kKernelBlocksProbeSource, "kernel_blocks_probe.cu", 90, "",
                               dotsweep::testing::kernel_blocks_include_dirs());
  const dotsweep::CompiledKernels kernels = compiler.compile({name});
  char path[] = "/tmp/dotsweep_kahan_sass_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  std::ofstream(path, std::ios::binary).write(kernels.cubin.data(), static_cast<std::streamsize>(kernels.cubin.size()));
  const std::string command = "'" + nvdisasm + "' '" + std::string(path) + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string text;
  std::array<char, 4096> buffer{};
  while (pipe && fgets(buffer.data(), buffer.size(), pipe.get())) text += buffer.data();
  std::remove(path);
  // Only the kernel's own code section: the cubin holds every non-template
  // kernel of the probe source.
  const std::string header = "//--------------------- .text." + kernels.lowered_names.at(0) + " ";
  const std::size_t begin = text.find(header);
  if (begin == std::string::npos) return "";
  const std::size_t end = text.find("//---------------------", begin + header.size());
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

int count(const std::string& sass, const char* opcode) {
  const std::regex word(std::string("\\b") + opcode + "\\b");
  return static_cast<int>(std::distance(std::sregex_iterator(sass.begin(), sass.end(), word), std::sregex_iterator()));
}

// "" when the compensation is intact, otherwise why not.
std::string kahan_problem(const std::string& sass) {
  const int fmul = count(sass, "FMUL"), fadd = count(sass, "FADD"), ffma = count(sass, "FFMA");
  if (fmul >= 1 && fadd >= 4 && ffma == 0) return "";
  return "FMUL " + std::to_string(fmul) + " (want >= 1), FADD " + std::to_string(fadd) + " (want >= 4), FFMA " +
         std::to_string(ffma) + " (want 0)";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string nvdisasm = argc > 1 ? argv[1] : "";
  if (nvdisasm.empty() || access(nvdisasm.c_str(), X_OK) != 0) {
    std::printf("SKIP: nvdisasm not found, cannot disassemble\n");
    return 77;
  }
  const std::string kahan = sass_of("kahan_sass_probe", nvdisasm);
  const std::string plain = sass_of("kahan_plain_ops_probe", nvdisasm);
  if (kahan.empty() || plain.empty()) {
    std::printf("FAIL: nvdisasm printed no code section for the probes\n");
    return 1;
  }
  int failures = 0;
  if (const std::string why = kahan_problem(kahan); !why.empty()) {
    std::printf("FAIL: Kahan accumulator lost its compensation in SASS: %s\n%s\n", why.c_str(), kahan.c_str());
    ++failures;
  }
  if (kahan_problem(plain).empty()) {
    std::printf("FAIL: the plain-operator mutant passed the SASS check (the check cannot fail):\n%s\n", plain.c_str());
    ++failures;
  }
  if (failures == 0) std::printf("ok: Kahan SASS keeps FMUL + 4 FADD, no FFMA; the plain-operator mutant fuses\n");
  return failures == 0 ? 0 : 1;
}
