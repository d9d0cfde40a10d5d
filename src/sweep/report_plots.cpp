// Plots are a convenience on top of a finished report, so everything here is
// best effort: a missing Python, a failing script or a hung one (killed after
// kPlotTimeoutSeconds) costs one line on stderr, never the sweep.
#include "sweep/report_plots.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
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
};

// Runs argv (searched on PATH) with stdout discarded and stderr captured,
// waiting at most `timeout_s`.
Outcome run_quietly(const std::vector<std::string>& argv, int timeout_s) {
  Outcome outcome;
  char log_path[] = "/tmp/dotsweep_plot_XXXXXX";
  const int log_fd = ::mkstemp(log_path);
  if (log_fd < 0) return outcome;
  ::close(log_fd);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_path, O_WRONLY | O_TRUNC, 0600);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);

  if (spawned == 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    int wstatus = 0;
    pid_t done = 0;
    while ((done = ::waitpid(pid, &wstatus, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (done == 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &wstatus, 0);
      outcome.last_error = "timed out after " + std::to_string(timeout_s) + " s";
    } else if (done == pid && WIFEXITED(wstatus)) {
      outcome.status = WEXITSTATUS(wstatus);
    }
  }
  std::ifstream log(log_path);
  for (std::string line; std::getline(log, line);)
    if (!line.empty()) outcome.last_error = line;
  std::remove(log_path);
  return outcome;
}

std::size_t count_pngs(const std::string& dir) {
  std::size_t count = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".png") ++count;
  return count;
}

void try_plots(const std::string& report_dir) {
  const std::string root = source_root();
  const std::string script = root + "/tools/plot.py";
  std::error_code ec;
  if (root.empty() || !std::filesystem::is_regular_file(script, ec)) {
    std::fprintf(stderr,
                 "plots: not written (tools/plot.py not found%s); to get them: set DOTSWEEP_SOURCE_ROOT to the "
                 "dotsweep source folder, or run python3 tools/plot.py report %s there (needs matplotlib)\n",
                 root.empty() ? "" : (" under " + root).c_str(), report_dir.c_str());
    return;
  }
  // tools/setup.sh installs matplotlib into the source folder's .venv.
  std::string python = root + "/.venv/bin/python";
  if (::access(python.c_str(), X_OK) != 0 || run_quietly({python, "-c", "import matplotlib"}, 60).status != 0)
    python = "python3";
  if (python == "python3" && run_quietly({python, "-c", "import matplotlib"}, 60).status != 0) {
    std::fprintf(stderr,
                 "plots: not written (no Python with matplotlib); to get them: %s/.venv/bin/pip install matplotlib "
                 "(tools/setup.sh does), then %s/.venv/bin/python %s report %s\n",
                 root.c_str(), root.c_str(), script.c_str(), report_dir.c_str());
    return;
  }
  const Outcome plot = run_quietly({python, script, "report", report_dir}, kPlotTimeoutSeconds);
  if (plot.status != 0) {
    std::fprintf(stderr, "plots: %s report failed (%s%s); the report is complete without them\n", script.c_str(),
                 plot.status >= 0 ? ("exit " + std::to_string(plot.status)).c_str() : "did not finish",
                 plot.last_error.empty() ? "" : (": " + plot.last_error).c_str());
    return;
  }
  std::fprintf(stderr, "plots: %zu PNGs in %s (tools/plot.py report)\n", count_pngs(report_dir), report_dir.c_str());
}

}  // namespace

void write_report_plots(const std::string& report_dir) {
  if (const char* off = std::getenv("DOTSWEEP_NO_PLOTS"); off && *off && std::string(off) != "0") return;
  try {
    try_plots(report_dir);
  } catch (...) {
    std::fprintf(stderr, "plots: not written (unexpected error); the report is complete without them\n");
  }
}

}  // namespace dotsweep
