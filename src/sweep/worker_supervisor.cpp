#include "sweep/worker_supervisor.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <chrono>
#include <cmath>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace dotsweep {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kInterruptPollMs = 200;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Closes a descriptor on every path.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() { reset(); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

pid_t spawn(const std::string& program, const std::vector<std::string>& argv, int message_fd) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // Our environment plus the pipe's descriptor (any inherited value replaced).
  const std::string fd_setting = std::string(kWorkerFdVariable) + "=" + std::to_string(message_fd);
  std::vector<char*> env;
  const std::string prefix = std::string(kWorkerFdVariable) + "=";
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, prefix.c_str(), prefix.size()) != 0) env.push_back(*e);
  env.push_back(const_cast<char*>(fd_setting.c_str()));
  env.push_back(nullptr);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);  // its own group: the terminal's Ctrl-C is ours to pass on
  pid_t pid = 0;
  const int error = ::posix_spawn(&pid, program.c_str(), nullptr, &attributes, args.data(), env.data());
  posix_spawnattr_destroy(&attributes);
  if (error != 0)
    throw std::runtime_error("cannot start the measuring worker '" + program + "': " + std::strerror(error));
  return pid;
}

WorkerEnd reap(pid_t pid, WorkerEnd end) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (end.how == WorkerEnd::How::hung) return end;
  if (WIFSIGNALED(status)) {
    end.how = WorkerEnd::How::signaled;
    end.signal = WTERMSIG(status);
  } else {
    end.how = WorkerEnd::How::exited;
    end.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  }
  return end;
}

}  // namespace

std::string own_executable() {
  char path[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) throw std::runtime_error("cannot find this program's path (/proc/self/exe) to start a worker");
  return std::string(path, static_cast<std::size_t>(n));
}

WorkerEnd run_worker(const std::vector<std::string>& argv, const std::function<void(const WorkerMessage&)>& on_message,
                     const std::function<bool()>& interrupted, const std::string& program) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error(std::string("cannot make the worker's pipe: ") + std::strerror(errno));
  Fd read_end(fds[0]), write_end(fds[1]);
  ::fcntl(read_end.get(), F_SETFD, FD_CLOEXEC);  // the worker inherits only the write end
  const auto spawned_at = Clock::now();
  const pid_t pid = spawn(program.empty() ? argv.at(0) : program, argv, write_end.get());
  write_end.reset();  // EOF on the read end once the worker (and only it) has gone

  WorkerEnd end;
  Clock::time_point started_at;  // of the operation in flight
  std::string pending;
  char buffer[65536];
  bool passed_on = false;
  for (;;) {
    if (!passed_on && interrupted && interrupted()) {
      ::kill(pid, SIGINT);
      passed_on = true;
    }
    // Wake at least every kInterruptPollMs: a Ctrl-C that lands between the
    // check above and poll() would otherwise wait for the worker's next
    // message, which during setup (compiling) can be a minute away.
    int timeout_ms = kInterruptPollMs;
    bool until_deadline = false;
    if (end.in_flight) {
      const double left = end.in_flight->seconds - seconds_since(started_at);
      const int deadline_ms = left <= 0 ? 0 : static_cast<int>(std::ceil(left * 1000));
      until_deadline = deadline_ms <= timeout_ms;
      if (until_deadline) timeout_ms = deadline_ms;
    }
    pollfd watched{read_end.get(), POLLIN, 0};
    const int ready = ::poll(&watched, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;  // Ctrl-C: passed on at the top of the loop
    if (ready == 0 && !until_deadline) continue;
    if (ready == 0) {                           // the watchdog
      end.how = WorkerEnd::How::hung;
      end.signal = SIGKILL;
      end.hung_seconds = seconds_since(started_at);
      ::kill(pid, SIGKILL);
      return reap(pid, end);
    }
    const ssize_t got = ::read(read_end.get(), buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return reap(pid, end);  // EOF: the worker has ended
    pending.append(buffer, static_cast<std::size_t>(got));
    for (std::size_t newline; (newline = pending.find('\n')) != std::string::npos;) {
      const std::string line = pending.substr(0, newline);
      pending.erase(0, newline + 1);
      WorkerMessage message;
      try {
        message = parse_worker_line(line);
      } catch (const std::exception& e) {
        ::kill(pid, SIGKILL);
        reap(pid, end);
        throw std::runtime_error(std::string("the measuring worker broke its protocol: ") + e.what());
      }
      if (message.kind == WorkerMessage::Kind::ready) end.ready_seconds = seconds_since(spawned_at);
      if (message.kind == WorkerMessage::Kind::start) {
        end.in_flight = message;
        started_at = Clock::now();
      }
      if (message.kind == WorkerMessage::Kind::done) end.in_flight.reset();
      if (message.kind == WorkerMessage::Kind::failed) end.worker_reason = message.reason;
      on_message(message);
    }
  }
}

std::string failure_reason(const WorkerEnd& end) {
  if (!end.worker_reason.empty()) return end.worker_reason;
  char seconds[32];
  switch (end.how) {
    case WorkerEnd::How::hung:
      std::snprintf(seconds, sizeof seconds, "%.1f", end.hung_seconds);
      return std::string("hung: no progress after ") + seconds + " s (watchdog deadline), worker killed";
    case WorkerEnd::How::signaled:
      return std::string("the measuring worker died: ") + ::strsignal(end.signal);
    case WorkerEnd::How::exited:
      break;
  }
  return "the measuring worker exited with status " + std::to_string(end.exit_status);
}

}  // namespace dotsweep
