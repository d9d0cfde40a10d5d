// Compiles variants with NVRTC on `threads` background threads; get(i)
// waits for variant i. The sweep and `dotsweep ab` take every variant before
// measuring the first (a wait for NVRTC inside a worker's watchdog was taken
// for a hang: sweep_runner.cpp); dotsweep-gbench takes each as its first
// benchmark needs it, so there compiling overlaps measuring.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/space/variant_config.hpp"
#include "gpu/nvrtc_compiler.hpp"

namespace dotsweep {

struct CompileOutcome {
  std::optional<CompiledKernels> kernels;  // empty on failure
  std::string error;                       // NVRTC's message and log on failure
};

class CompileQueue {
 public:
  CompileQueue(const NvrtcCompiler& compiler, std::vector<VariantConfig> configs, unsigned threads);
  ~CompileQueue();
  CompileQueue(const CompileQueue&) = delete;
  CompileQueue& operator=(const CompileQueue&) = delete;

  // Blocks until config `index` is compiled.
  const CompileOutcome& get(std::size_t index);
  std::size_t from_cache() const { return cached_; }
  double compile_seconds() const;  // summed over all threads
  // Seconds callers spent blocked in get(): compiling not yet done when asked for.
  double wait_seconds() const;

 private:
  void work();
  const NvrtcCompiler& compiler_;
  std::vector<VariantConfig> configs_;
  std::vector<CompileOutcome> outcomes_;
  std::vector<char> done_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::size_t> cached_{0};
  double seconds_ = 0;
  double waited_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<std::thread> workers_;
};

}  // namespace dotsweep
