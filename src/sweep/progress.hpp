// A one-line progress bar with ETA on stderr (redrawn in place on a terminal,
// printed every 10% otherwise so CI logs stay short).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace dotsweep {

class ProgressBar {
 public:
  ProgressBar(std::size_t total, bool enabled);
  void advance(const std::string& label);
  void finish();

 private:
  std::size_t total_, done_ = 0;
  bool enabled_, terminal_;
  int last_decile_ = -1;
  std::chrono::steady_clock::time_point start_;
};

std::string format_duration(double seconds);  // "1m 05s", "42s"

}  // namespace dotsweep
