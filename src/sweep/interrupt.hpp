// Ctrl-C during a sweep: the first SIGINT or SIGTERM asks the sweep to stop
// after the row in flight (the report is then finished and the command that
// resumes is printed); a second one ends the process at once (exit 130),
// losing at most that row, since sweep.csv is flushed row by row.
#pragma once

namespace dotsweep {

// Installs the handlers for its lifetime and restores the previous ones.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// True once a first SIGINT/SIGTERM has arrived under an InterruptGuard.
bool interrupt_requested();
// The signal that asked (SIGINT or SIGTERM), 0 when none.
int interrupt_signal();

// Exit status of a sweep stopped by a signal: 128 + SIGINT, as shells report it.
inline constexpr int kInterruptedExit = 130;

}  // namespace dotsweep
