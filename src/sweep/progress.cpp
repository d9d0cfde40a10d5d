#include "sweep/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace dotsweep {

ProgressBar::ProgressBar(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), terminal_(isatty(STDERR_FILENO) != 0), start_(std::chrono::steady_clock::now()) {}

std::string format_duration(double seconds) {
  const long total = static_cast<long>(seconds + 0.5);
  char text[32];
  if (total >= 60) std::snprintf(text, sizeof text, "%ldm %02lds", total / 60, total % 60);
  else std::snprintf(text, sizeof text, "%lds", total);
  return text;
}

void ProgressBar::advance(const std::string& label) {
  ++done_;
  if (!enabled_ || total_ == 0) return;
  const double fraction = static_cast<double>(done_) / static_cast<double>(total_);
  const int decile = static_cast<int>(fraction * 10);
  if (!terminal_ && decile == last_decile_) return;
  last_decile_ = decile;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double eta = done_ > 0 ? elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_) : 0;
  constexpr int width = 30;
  std::string bar(static_cast<std::size_t>(fraction * width), '#');
  bar.resize(width, '.');
  std::fprintf(stderr, "%s[%s] %3d%% %zu/%zu  elapsed %s  ETA %s  %-48.48s%s", terminal_ ? "\r" : "", bar.c_str(),
               static_cast<int>(fraction * 100), done_, total_, format_duration(elapsed).c_str(),
               format_duration(eta).c_str(), label.c_str(), terminal_ ? "" : "\n");
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (enabled_ && terminal_) std::fprintf(stderr, "\n");
}

}  // namespace dotsweep
