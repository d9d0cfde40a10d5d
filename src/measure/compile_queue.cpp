#include "measure/compile_queue.hpp"

#include <algorithm>
#include <chrono>

#include "gpu/variant_kernel.hpp"

namespace dotsweep {

CompileQueue::CompileQueue(const NvrtcCompiler& compiler, std::vector<VariantConfig> configs, unsigned threads)
    : compiler_(compiler), configs_(std::move(configs)), outcomes_(configs_.size()), done_(configs_.size(), 0) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(configs_.size())));
  for (unsigned t = 0; t < threads && !configs_.empty(); ++t) workers_.emplace_back([this] { work(); });
}

CompileQueue::~CompileQueue() {
  next_ = configs_.size();  // remaining work is abandoned
  for (auto& worker : workers_) worker.join();
}

void CompileQueue::work() {
  for (std::size_t i = next_++; i < configs_.size(); i = next_++) {
    CompileOutcome outcome;
    try {
      outcome.kernels = compiler_.compile(kernel_name_expressions(configs_[i]), kernel_compile_options(configs_[i]));
      if (outcome.kernels->from_cache) ++cached_;
    } catch (const std::exception& e) {
      outcome.error = e.what();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (outcome.kernels) seconds_ += outcome.kernels->compile_seconds;
    outcomes_[i] = std::move(outcome);
    done_[i] = 1;
    finished_.notify_all();
  }
}

const CompileOutcome& CompileQueue::get(std::size_t index) {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [&] { return done_.at(index) != 0; });
  waited_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcomes_[index];
}

double CompileQueue::wait_seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waited_;
}

double CompileQueue::compile_seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seconds_;
}

}  // namespace dotsweep
