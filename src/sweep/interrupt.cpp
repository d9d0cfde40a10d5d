#include "sweep/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <csignal>

namespace dotsweep {

namespace {

volatile std::sig_atomic_t g_signal = 0;
struct sigaction g_previous_int, g_previous_term;

void on_signal(int signal) {
  if (g_signal != 0) _exit(kInterruptedExit);  // the second Ctrl-C: the user means now
  g_signal = signal;
  // Only async-signal-safe calls here: write(2), not stdio.
  static const char message[] =
      "\ndotsweep: stopping after the row in flight (press Ctrl-C again to quit at once)\n";
  const ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_signal = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // a read or write in flight carries on rather than failing with EINTR
  sigaction(SIGINT, &action, &g_previous_int);
  sigaction(SIGTERM, &action, &g_previous_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previous_int, nullptr);
  sigaction(SIGTERM, &g_previous_term, nullptr);
}

bool interrupt_requested() { return g_signal != 0; }
int interrupt_signal() { return g_signal; }

}  // namespace dotsweep
