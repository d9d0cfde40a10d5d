#include "gpu/nvrtc_compiler.hpp"

#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/input_error.hpp"
#include "gpu/cubin_cache.hpp"

namespace dotsweep {

namespace {
void check_nvrtc(nvrtcResult status, const char* what) {
  if (status != NVRTC_SUCCESS) throw CompileError(std::string(what) + ": " + nvrtcGetErrorString(status));
}

// Frees the NVRTC program on every path out of compile().
struct ProgramGuard {
  nvrtcProgram program = nullptr;
  ~ProgramGuard() { if (program) nvrtcDestroyProgram(&program); }
};

std::string program_log(nvrtcProgram program) {
  std::size_t size = 0;
  if (nvrtcGetProgramLogSize(program, &size) != NVRTC_SUCCESS || size <= 1) return {};
  std::string log(size, '\0');
  nvrtcGetProgramLog(program, log.data());
  log.resize(size - 1);
  return log;
}
}  // namespace

std::string default_cache_dir() {
  if (const char* dir = std::getenv("DOTSWEEP_CACHE_DIR")) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/dotsweep";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/dotsweep";
  return {};
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

std::vector<int> nvrtc_supported_archs() {
  int count = 0;
  if (nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS || count <= 0) return {};
  std::vector<int> archs(static_cast<std::size_t>(count));
  if (nvrtcGetSupportedArchs(archs.data()) != NVRTC_SUCCESS) return {};
  std::sort(archs.begin(), archs.end());
  return archs;
}

void require_supported_arch(int arch, const std::string& option) {
  const std::vector<int> archs = nvrtc_supported_archs();
  if (archs.empty() || std::find(archs.begin(), archs.end(), arch) != archs.end()) return;
  std::string list;
  for (const int a : archs) list += (list.empty() ? "" : " ") + std::to_string(a);
  throw InputError(option + " " + std::to_string(arch) + ": NVRTC " + nvrtc_version() + " compiles for sm_" +
                   std::to_string(archs.front()) + "..sm_" + std::to_string(archs.back()) + ", that is " + list +
                   " (90 = sm_90)");
}

std::string NvrtcTarget::name() const { return (ptx ? "compute_" : "sm_") + std::to_string(arch); }

NvrtcTarget nvrtc_target_for(int device_arch, const std::vector<int>& supported) {
  if (std::find(supported.begin(), supported.end(), device_arch) != supported.end()) return {device_arch, false};
  int same_major = 0, below = 0;
  for (const int a : supported) {
    if (a >= device_arch) continue;
    below = std::max(below, a);
    if (a / 10 == device_arch / 10) same_major = std::max(same_major, a);
  }
  if (same_major > 0) return {same_major, false};
  if (below > 0) return {below, true};
  return {device_arch, false};
}

NvrtcTarget nvrtc_target_for_device(int device_arch) {
  NvrtcTarget target = nvrtc_target_for(device_arch, nvrtc_supported_archs());
  const char* forced = std::getenv("CUDA_FORCE_PTX_JIT");
  if (forced != nullptr && *forced != '\0' && std::string(forced) != "0") target.ptx = true;
  return target;
}

NvrtcCompiler::NvrtcCompiler(std::string source, std::string source_name, int arch, std::string cache_dir,
                             std::vector<std::string> include_dirs)
    : NvrtcCompiler(std::move(source), std::move(source_name), NvrtcTarget{arch, false}, std::move(cache_dir),
                    std::move(include_dirs)) {}

NvrtcCompiler::NvrtcCompiler(std::string source, std::string source_name, NvrtcTarget target, std::string cache_dir,
                             std::vector<std::string> include_dirs)
    : source_(std::move(source)),
      source_name_(std::move(source_name)),
      cache_dir_(std::move(cache_dir)),
      target_(target),
      include_dirs_(std::move(include_dirs)) {
  if (cache_dir_.empty()) return;
  if (const std::string why = cache_dir_problem(cache_dir_); !why.empty()) {
    warn_about_cache(why);
    cache_dir_.clear();
  }
}

void NvrtcCompiler::warn_about_cache(const std::string& why) const {
  std::call_once(*cache_warning_, [&] {
    std::fprintf(stderr, "dotsweep: warning: cubin cache '%s' is not usable (%s); compiling without it\n",
                 cache_dir_.c_str(), why.c_str());
  });
}

std::vector<std::string> NvrtcCompiler::options(const std::vector<std::string>& extra_options) const {
  // -arch=sm_XX makes NVRTC emit SASS we can load directly; -arch=compute_XX
  // PTX, for a GPU newer than this NVRTC (nvrtc_target_for).
  std::vector<std::string> options = {"-arch=" + target_.name(), "-std=c++17", "-default-device", "-lineinfo"};
  for (const auto& dir : include_dirs_) options.push_back("-I" + dir);
  options.insert(options.end(), extra_options.begin(), extra_options.end());
  return options;
}

std::string NvrtcCompiler::cache_key(const std::vector<std::string>& name_expressions,
                                     const std::vector<std::string>& options) const {
  std::string material = source_ + '\0' + nvrtc_version() + '\0';
  for (const auto& option : options) material += option + '\0';
  for (const auto& name : name_expressions) material += name + '\0';
  return fnv1a_hex(material);
}

CompiledKernels NvrtcCompiler::compile(const std::vector<std::string>& name_expressions,
                                       const std::vector<std::string>& extra_options) const {
  const auto opts = options(extra_options);
  const std::string key = cache_key(name_expressions, opts);
  if (auto cached = read_cubin_entry(cache_dir_, key); cached && cached->lowered_names.size() == name_expressions.size())
    return {std::move(cached->cubin), std::move(cached->lowered_names), true, 0.0};

  const auto start = std::chrono::steady_clock::now();
  ProgramGuard guard;
  check_nvrtc(nvrtcCreateProgram(&guard.program, source_.c_str(), source_name_.c_str(), 0, nullptr, nullptr),
              "nvrtcCreateProgram");
  for (const auto& name : name_expressions)
    check_nvrtc(nvrtcAddNameExpression(guard.program, name.c_str()), "nvrtcAddNameExpression");

  std::vector<const char*> option_ptrs;
  for (const auto& option : opts) option_ptrs.push_back(option.c_str());
  const nvrtcResult status = nvrtcCompileProgram(guard.program, static_cast<int>(option_ptrs.size()), option_ptrs.data());
  if (status != NVRTC_SUCCESS)
    throw CompileError(std::string("NVRTC: ") + nvrtcGetErrorString(status) + "\n" + program_log(guard.program));

  CompiledKernels result;
  for (const auto& name : name_expressions) {
    const char* lowered = nullptr;
    check_nvrtc(nvrtcGetLoweredName(guard.program, name.c_str(), &lowered), "nvrtcGetLoweredName");
    result.lowered_names.emplace_back(lowered);
  }
  std::size_t size = 0;
  if (target_.ptx) {  // the size counts the terminating NUL, which cudaLibraryLoadData needs
    check_nvrtc(nvrtcGetPTXSize(guard.program, &size), "nvrtcGetPTXSize");
    result.cubin.resize(size);
    check_nvrtc(nvrtcGetPTX(guard.program, result.cubin.data()), "nvrtcGetPTX");
  } else {
    check_nvrtc(nvrtcGetCUBINSize(guard.program, &size), "nvrtcGetCUBINSize");
    result.cubin.resize(size);
    check_nvrtc(nvrtcGetCUBIN(guard.program, result.cubin.data()), "nvrtcGetCUBIN");
  }
  result.compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (!cache_dir_.empty() && !write_cubin_entry(cache_dir_, key, {result.cubin, result.lowered_names}))
    warn_about_cache("writing an entry failed");
  return result;
}

}  // namespace dotsweep
