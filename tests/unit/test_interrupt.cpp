// Ctrl-C handling (src/cli/interrupt.*): the first signal only asks, the
// second ends the process with 130, and the previous handlers come back.
// Its own executable: it raises signals, and the second one exits.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sweep/interrupt.hpp"

using namespace dotsweep;

namespace {
// doctest installs its own handlers for these signals: the guard must put
// back whatever was there.
void (*handler_of(int signal))(int) {
  struct sigaction now {};
  sigaction(signal, nullptr, &now);
  return now.sa_handler;
}
}  // namespace

TEST_CASE("the first SIGINT or SIGTERM sets the flag and the process goes on") {
  for (const int signal : {SIGINT, SIGTERM}) {
    const auto before = handler_of(signal);
    {
      const InterruptGuard guard;
      CHECK_FALSE(interrupt_requested());
      CHECK((handler_of(signal) != before));
      ::raise(signal);
      CHECK(interrupt_requested());
      CHECK(interrupt_signal() == signal);
    }
    CHECK((handler_of(signal) == before));  // restored when the guard goes
  }
  const InterruptGuard fresh;  // a new guard starts with no request
  CHECK_FALSE(interrupt_requested());
}

TEST_CASE("a second signal exits at once with 130") {
  for (const int second : {SIGINT, SIGTERM}) {
    const pid_t child = ::fork();  // no CUDA in this process: fork is safe
    REQUIRE(child >= 0);
    if (child == 0) {
      const InterruptGuard guard;
      ::raise(SIGINT);
      ::raise(second);
      ::_exit(0);  // not reached when the second signal exits
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == kInterruptedExit);
  }
}
