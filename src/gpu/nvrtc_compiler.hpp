// Run-time compilation of kernel template instantiations through NVRTC, with
// an on-disk cubin cache. Works without a GPU: the target arch is a parameter.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace dotsweep {

struct CompiledKernels {
  std::vector<char> cubin;
  std::vector<std::string> lowered_names;  // one per requested name expression, same order
  bool from_cache = false;
  double compile_seconds = 0;  // 0 when read from the cache
};

class CompileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What NVRTC compiles to: SASS of sm_<arch> (loaded as it is), or PTX of
// compute_<arch> (the driver JIT-compiles it for the GPU it is loaded on).
struct NvrtcTarget {
  int arch = 0;
  bool ptx = false;
  std::string name() const;  // "sm_90" or "compute_120"
};

class NvrtcCompiler {
 public:
  // `cache_dir` empty disables the cache. `arch` is e.g. 90 for sm_90. A
  // cache folder that cannot be created or written is warned about once on
  // stderr and not used (as is one whose writes start failing later), rather
  // than silently recompiling everything on every run.
  // `include_dirs` become -I options, for sources that include headers (the
  // kernel building blocks in kernels/, the toolkit's cub/ and cuda_fp16.h).
  NvrtcCompiler(std::string source, std::string source_name, int arch, std::string cache_dir,
                std::vector<std::string> include_dirs = {});
  // The same for any target; `cubin` of what compile() returns is then PTX
  // text (NUL-terminated) when target.ptx.
  NvrtcCompiler(std::string source, std::string source_name, NvrtcTarget target, std::string cache_dir,
                std::vector<std::string> include_dirs = {});

  // Compiles the instantiations named by `name_expressions` into one cubin.
  // Thread-safe: each call owns its NVRTC program. Throws CompileError with
  // the NVRTC log on failure.
  // `extra_options` (e.g. -D macros selecting what the source includes) are
  // added to the compiler's own and are part of the cache key.
  CompiledKernels compile(const std::vector<std::string>& name_expressions,
                          const std::vector<std::string>& extra_options = {}) const;

  int arch() const { return target_.arch; }
  const NvrtcTarget& target() const { return target_; }
  const std::string& cache_dir() const { return cache_dir_; }

 private:
  std::string cache_key(const std::vector<std::string>& name_expressions,
                        const std::vector<std::string>& options) const;
  std::vector<std::string> options(const std::vector<std::string>& extra_options) const;

  void warn_about_cache(const std::string& why) const;

  std::string source_, source_name_, cache_dir_;
  NvrtcTarget target_;
  std::vector<std::string> include_dirs_;
  std::shared_ptr<std::once_flag> cache_warning_ = std::make_shared<std::once_flag>();
};

// "13.0": the NVRTC this binary loads.
std::string nvrtc_version();
// The sm_XX archs this NVRTC compiles for, ascending (e.g. 75 ... 121).
std::vector<int> nvrtc_supported_archs();
// The target for a GPU of sm_<device_arch>, given `supported` (ascending, as
// nvrtc_supported_archs()): its own SASS when this NVRTC knows the arch; else
// SASS of the newest known arch of the same major below it (binary-compatible:
// sm_100 code runs on a 10.3 GPU); else PTX of the newest known arch below it,
// which the driver JIT-compiles (a GPU newer than this NVRTC); else (nothing
// known below, or `supported` empty) its own SASS, whose compile then fails
// naming the arch.
NvrtcTarget nvrtc_target_for(int device_arch, const std::vector<int>& supported);
// What this process compiles for the GPU of sm_<device_arch>: nvrtc_target_for
// with this NVRTC's archs, but PTX of that arch when CUDA_FORCE_PTX_JIT is set
// (not "0"): the driver then refuses every SASS image, NVRTC's too, so the
// variants take the same JIT path as the rest of the binary.
NvrtcTarget nvrtc_target_for_device(int device_arch);
// Throws InputError naming the arch and the supported range unless this
// NVRTC compiles for sm_<arch>. `option` names it in the message ("--arch").
void require_supported_arch(int arch, const std::string& option);

// $DOTSWEEP_CACHE_DIR, else $XDG_CACHE_HOME/dotsweep, else ~/.cache/dotsweep.
std::string default_cache_dir();

}  // namespace dotsweep
