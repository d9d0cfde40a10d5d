// Run-time compilation of kernel template instantiations through NVRTC, with
// an on-disk cubin cache. Works without a GPU: the target arch is a parameter.
#pragma once

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

class NvrtcCompiler {
 public:
  // `cache_dir` empty disables the cache. `arch` is e.g. 90 for sm_90.
  NvrtcCompiler(std::string source, std::string source_name, int arch, std::string cache_dir);

  // Compiles the instantiations named by `name_expressions` into one cubin.
  // Thread-safe: each call owns its NVRTC program. Throws CompileError with
  // the NVRTC log on failure.
  CompiledKernels compile(const std::vector<std::string>& name_expressions) const;

  int arch() const { return arch_; }
  const std::string& cache_dir() const { return cache_dir_; }

 private:
  std::string cache_key(const std::vector<std::string>& name_expressions) const;
  std::vector<std::string> options() const;

  std::string source_, source_name_, cache_dir_;
  int arch_;
};

// $DOTSWEEP_CACHE_DIR, else $XDG_CACHE_HOME/dotsweep, else ~/.cache/dotsweep.
std::string default_cache_dir();

}  // namespace dotsweep
