// Plots are a convenience on top of a finished report, so everything here is
// best effort: a missing Python, a failing script or a hung one (killed after
// kPlotTimeoutSeconds) costs one line on stderr, never the sweep.
#include "sweep/report_plots.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

extern char** environ;

namespace dotsweep {

namespace {

constexpr int kPlotTimeoutSeconds = 300;

std::string source_root() {
  if (const char* env = std::getenv("DOTSWEEP_SOURCE_ROOT"); env && *env) return env;
#ifdef DOTSWEEP_SOURCE_ROOT
  return DOTSWEEP_SOURCE_ROOT;
#else
  return "";
#endif
}

struct Outcome {
  int status = -1;         // exit status; -1 when it could not start, was killed or timed out
  std::string last_error;  // the last line it wrote to stderr
  bool stopped = false;    // a signal to dotsweep ended it (or came while it ran): start nothing more
};

// ---- the child while it runs: what a signal that ends dotsweep must end too.
// The child runs in a process group of its own, so it outlives nothing: a
// SIGINT, SIGTERM or SIGHUP to dotsweep kills the group and removes the
// child's log before dotsweep goes on as it would have (the report's handler
// removes its temporary folder; the sweep's stops after the row in flight).
// Only async-signal-safe calls in the handler.

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP};
volatile std::sig_atomic_t g_child = 0;        // the running child's pid and process group; 0 when none
volatile std::sig_atomic_t g_signalled = 0;   // an ending signal came while a child ran
char g_log_path[4096];                          // its stderr log; "" when none
struct sigaction g_before[3];                   // the handlers to go on with

void end_child(int signal) {
  g_signalled = 1;
  if (const pid_t child = g_child; child > 0) {
    ::kill(-child, SIGKILL);
    ::waitpid(child, nullptr, 0);  // gone before anything below removes the folder it writes into
    g_child = 0;
  }
  if (g_log_path[0] != '\0') ::unlink(g_log_path);
  for (int i = 0; i < 3; ++i) {
    if (kEndingSignals[i] != signal) continue;
    const auto before = g_before[i].sa_handler;
    if (before != SIG_DFL && before != SIG_IGN) {
      before(signal);  // may end the process itself (report's), or only take note (the sweep's)
      return;
    }
  }
  ::signal(signal, SIG_DFL);  // the usual end of this signal
  ::raise(signal);
}

void hold_ending_signals(bool hold) {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal : kEndingSignals) sigaddset(&set, signal);
  ::pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, nullptr);
}

// Installs end_child for the ending signals that are not ignored (nohup's
// SIGHUP stays ignored), and puts the earlier handlers back when it goes.
class ChildSignalGuard {
 public:
  ChildSignalGuard() {
    struct sigaction action {};
    action.sa_handler = end_child;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; ++i) {
      sigaction(kEndingSignals[i], nullptr, &g_before[i]);
      if (g_before[i].sa_handler != SIG_IGN) sigaction(kEndingSignals[i], &action, nullptr);
    }
  }
  ~ChildSignalGuard() {
    for (int i = 0; i < 3; ++i) sigaction(kEndingSignals[i], &g_before[i], nullptr);
  }
  ChildSignalGuard(const ChildSignalGuard&) = delete;
  ChildSignalGuard& operator=(const ChildSignalGuard&) = delete;
};

// "$TMPDIR/dotsweep_plot_XXXXXX" (/tmp without TMPDIR), for mkstemp.
std::string log_template() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/dotsweep_plot_XXXXXX";
  return path.size() < sizeof g_log_path ? path : "/tmp/dotsweep_plot_XXXXXX";
}

// Runs argv (searched on PATH) with stdout discarded and stderr captured,
// waiting at most `timeout_s`, in a process group of its own that a signal
// ending dotsweep ends too.
Outcome run_quietly(const std::vector<std::string>& argv, int timeout_s) {
  Outcome outcome;
  std::string log_path = log_template();
  const ChildSignalGuard guard;
  hold_ending_signals(true);  // until the child and its log are where the handler finds them
  const int log_fd = ::mkstemp(log_path.data());
  if (log_fd < 0) {
    hold_ending_signals(false);
    return outcome;
  }
  ::close(log_fd);
  std::memcpy(g_log_path, log_path.c_str(), log_path.size() + 1);
  g_signalled = 0;

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_path.c_str(), O_WRONLY | O_TRUNC, 0600);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);  // the child starts with nothing held
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attributes, 0);  // its own group: the group is what a signal ends
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned == 0) g_child = pid;
  hold_ending_signals(false);

  if (spawned == 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    int wstatus = 0;
    for (;;) {
      hold_ending_signals(true);  // reaped and forgotten together: the handler is not to kill a reused pid
      const pid_t done = g_child > 0 ? ::waitpid(pid, &wstatus, WNOHANG) : -1;
      if (done != 0) g_child = 0;
      hold_ending_signals(false);
      if (done == pid && WIFEXITED(wstatus)) outcome.status = WEXITSTATUS(wstatus);
      if (done != 0) break;
      if (std::chrono::steady_clock::now() >= deadline) {
        hold_ending_signals(true);
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &wstatus, 0);
        g_child = 0;
        hold_ending_signals(false);
        outcome.last_error = "timed out after " + std::to_string(timeout_s) + " s";
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  std::ifstream log(log_path);
  for (std::string line; std::getline(log, line);)
    if (!line.empty()) outcome.last_error = line;
  hold_ending_signals(true);
  g_log_path[0] = '\0';
  std::remove(log_path.c_str());
  hold_ending_signals(false);
  outcome.stopped = g_signalled != 0;
  if (outcome.stopped) outcome.last_error = "stopped by a signal";
  return outcome;
}

std::size_t count_pngs(const std::string& dir) {
  std::size_t count = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".png") ++count;
  return count;
}

// report_dir is where the PNGs go; shown is the folder the messages name
// (report and merge draw into a temporary folder renamed to OUT afterwards).
void try_plots(const std::string& report_dir, const std::string& shown) {
  const std::string root = source_root();
  const std::string script = root + "/tools/plot.py";
  std::error_code ec;
  if (root.empty() || !std::filesystem::is_regular_file(script, ec)) {
    std::fprintf(stderr,
                 "plots: not written (tools/plot.py not found%s); to get them: set DOTSWEEP_SOURCE_ROOT to the "
                 "dotsweep source folder, or run python3 tools/plot.py report %s there (needs matplotlib)\n",
                 root.empty() ? "" : (" under " + root).c_str(), shown.c_str());
    return;
  }
  const auto stopped = [&shown](const Outcome& outcome) {
    if (outcome.stopped)
      std::fprintf(stderr, "plots: stopped by a signal; %s is complete without them\n", shown.c_str());
    return outcome.stopped;
  };
  // tools/setup.sh installs matplotlib into the source folder's .venv.
  std::string python = root + "/.venv/bin/python";
  Outcome probe;  // status -1: not run
  if (::access(python.c_str(), X_OK) == 0) probe = run_quietly({python, "-c", "import matplotlib"}, 60);
  if (stopped(probe)) return;
  if (probe.status != 0) {
    python = "python3";
    probe = run_quietly({python, "-c", "import matplotlib"}, 60);
    if (stopped(probe)) return;
  }
  if (probe.status != 0) {
    std::fprintf(stderr,
                 "plots: not written (no Python with matplotlib); to get them: %s/.venv/bin/pip install matplotlib "
                 "(tools/setup.sh does), then %s/.venv/bin/python %s report %s\n",
                 root.c_str(), root.c_str(), script.c_str(), shown.c_str());
    return;
  }
  const Outcome plot = run_quietly({python, script, "report", report_dir}, kPlotTimeoutSeconds);
  if (stopped(plot)) return;
  if (plot.status != 0) {
    std::fprintf(stderr, "plots: %s report failed (%s%s); the report is complete without them\n", script.c_str(),
                 plot.status >= 0 ? ("exit " + std::to_string(plot.status)).c_str() : "did not finish",
                 plot.last_error.empty() ? "" : (": " + plot.last_error).c_str());
    return;
  }
  std::fprintf(stderr, "plots: %zu PNGs in %s (tools/plot.py report)\n", count_pngs(report_dir), shown.c_str());
}

}  // namespace

void write_report_plots(const std::string& report_dir, const std::string& shown_as) {
  if (const char* off = std::getenv("DOTSWEEP_NO_PLOTS"); off && *off && std::string(off) != "0") return;
  try {
    try_plots(report_dir, shown_as.empty() ? report_dir : shown_as);
  } catch (...) {
    std::fprintf(stderr, "plots: not written (unexpected error); the report is complete without them\n");
  }
}

}  // namespace dotsweep
