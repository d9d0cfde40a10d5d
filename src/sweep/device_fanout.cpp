#include "sweep/device_fanout.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "core/gate/fleet.hpp"
#include "core/gate/fleet_markdown.hpp"
#include "core/input_error.hpp"
#include "core/report/device_index.hpp"
#include "core/report/report_naming.hpp"
#include "core/report/report_writer.hpp"
#include "core/io/text_file.hpp"
#include "gpu/device_info.hpp"
#include "sweep/interrupt.hpp"
#include "sweep/resume_options.hpp"
#include "sweep/worker_supervisor.hpp"

extern char** environ;

namespace dotsweep {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(200);

// The user's arguments without the options the fan-out sets per GPU.
std::vector<std::string> shared_arguments(const std::vector<std::string>& argv) {
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--devices" || a == "--out") {
      ++i;  // and its value
      continue;
    }
    if (a.rfind("--devices=", 0) == 0 || a.rfind("--out=", 0) == 0 || a == "--no-progress") continue;
    kept.push_back(a);
  }
  return kept;
}

// Starts `argv` in a process group of its own (a Ctrl-C at the terminal
// reaches only us; we pass it on once), stdout and stderr appended to `log`.
pid_t spawn_logged(const std::string& program, const std::vector<std::string>& argv, const std::string& log) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&files, STDOUT_FILENO, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int error = ::posix_spawn(&pid, program.c_str(), &files, &attributes, args.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&files);
  if (error != 0) throw std::runtime_error("cannot start the sweep of a GPU ('" + program + "'): " + std::strerror(error));
  return pid;
}

int exit_status_of(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  return 128 + (WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0);
}

void write_index(const std::string& dir, const std::vector<DeviceRun>& runs, const std::string& fleet_verdict,
                 const std::string& resume_command) {
  write_text_file(dir + "/" + kDeviceIndexFile, device_index_csv(runs));
  write_text_file(dir + "/" + kDeviceIndexMarkdown, device_index_markdown(runs, fleet_verdict, resume_command));
}

// The fleet of the GPUs whose sweeps finished: fleet.md and its verdict line.
std::string write_fleet(const std::string& dir, const std::vector<DeviceRun>& runs) {
  std::vector<GateReport> reports;
  std::vector<int> devices;  // of each report
  for (const DeviceRun& r : runs)
    if (r.exit_status == 0) {
      reports.push_back(read_gate_report(dir + "/" + r.folder + "/sweep.csv"));
      devices.push_back(r.device);
    }
  if (reports.size() < 2)
    return "No fleet: it needs the finished reports of two or more GPUs (" + std::to_string(reports.size()) +
           " here).";
  try {
    const FleetResult fleet = run_fleet(reports, GateRule{}, parse_gate_scope("best,baselines"));
    write_text_file(dir + "/fleet.md", fleet_markdown(fleet));
    if (fleet.all_passed()) return "`fleet.md`: PASS, every GPU within the others' noise.";
    std::string slower;
    for (std::size_t g : fleet.slower) slower += (slower.empty() ? "" : ", ") + std::to_string(devices[g]);
    return "`fleet.md`: FAIL, " + (slower.empty() ? std::string("no one GPU alone slower than the rest")
                                                  : "slower than the others: GPU " + slower) + ".";
  } catch (const InputError& e) {
    return std::string("No fleet: ") + e.what() + ".";
  }
}

// Runs each GPU's command at once and waits for all; `runs[i]` gets its exit
// status and wall time.
void run_all(const std::string& dir, std::vector<DeviceRun>& runs,
             const std::vector<std::vector<std::string>>& commands) {
  const std::string program = own_executable();
  const InterruptGuard interrupt_guard;  // the first Ctrl-C is passed on; a second ends us at once
  std::vector<pid_t> pids(runs.size(), 0);
  std::vector<Clock::time_point> started(runs.size());
  std::size_t running = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (commands[i].empty()) continue;
    const std::string log = dir + "/" + runs[i].folder + ".log";
    std::fprintf(stderr, "dotsweep: GPU %d (%s, %s): report %s/%s, log %s\n", runs[i].device, runs[i].gpu.c_str(),
                 runs[i].gpu_uuid.c_str(), dir.c_str(), runs[i].folder.c_str(), log.c_str());
    started[i] = Clock::now();
    pids[i] = spawn_logged(program, commands[i], log);
    runs[i].exit_status.reset();
    ++running;
  }
  bool passed_on = false;
  while (running > 0) {
    if (!passed_on && interrupt_requested()) {
      for (std::size_t i = 0; i < runs.size(); ++i)
        if (pids[i] > 0) ::kill(pids[i], SIGINT);
      passed_on = true;
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
      if (pids[i] <= 0) continue;
      int status = 0;
      const pid_t ended = ::waitpid(pids[i], &status, WNOHANG);
      if (ended == 0 || (ended < 0 && errno == EINTR)) continue;
      runs[i].exit_status = ended < 0 ? 5 : exit_status_of(status);
      runs[i].seconds += std::chrono::duration<double>(Clock::now() - started[i]).count();
      pids[i] = 0;
      --running;
      std::fprintf(stderr, "dotsweep: GPU %d: exit %d after %.0f s\n", runs[i].device, *runs[i].exit_status,
                   runs[i].seconds);
    }
    if (running > 0) std::this_thread::sleep_for(kPoll);
  }
}

int finish(const std::string& dir, const std::vector<DeviceRun>& runs, const std::string& argv0) {
  const std::string fleet_verdict = write_fleet(dir, runs);
  const std::string resume_command = argv0 + " --resume " + dir;
  write_index(dir, runs, fleet_verdict, resume_command);
  std::fputs(read_text_file(dir + "/" + kDeviceIndexMarkdown).c_str(), stdout);
  std::fflush(stdout);
  return device_runs_exit_status(runs);
}

std::string index_folder(const SweepOptions& options, const std::vector<DeviceRun>& runs) {
  if (!options.out_dir.empty()) return options.out_dir;
  return options.results_root + "/" + gpu_slug(runs.front().gpu) + "-x" + std::to_string(runs.size()) + "/" +
         utc_timestamp_compact(std::time(nullptr));
}

// Every GPU's report folder the index lists is there, and each one a resume
// would start again is a report folder, checked before anything is started or
// written: a GPU's resume refused after it started would leave the index
// rewritten with that refusal in it. Throws InputError naming the first.
void require_resumable(const std::string& dir, const std::vector<DeviceRun>& runs) {
  for (const DeviceRun& r : runs) {
    const std::string folder = dir + "/" + r.folder;
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
      throw InputError("--resume '" + dir + "': GPU " + std::to_string(r.device) + "'s report folder " + r.folder +
                       " is missing; put it back, or start a new --devices sweep into a new --out folder");
    if (r.exit_status != 0) read_resume_context(folder);  // names the folder and what it lacks
  }
}

}  // namespace

bool is_device_index(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::exists(std::filesystem::path(dir) / kDeviceIndexFile, ec);
}

int run_on_devices(const SweepOptions& options, const DeviceSelection& selection) {
  const std::vector<DeviceIdentity> host = list_devices();
  std::vector<DeviceRun> runs;
  for (int index : resolve_devices(selection, static_cast<int>(host.size()))) {
    const DeviceIdentity& d = host[static_cast<std::size_t>(index)];
    runs.push_back({d.index, d.name, d.uuid, device_folder_name(d.index), std::nullopt, 0});
  }
  const std::string dir = index_folder(options, runs);
  if (is_device_index(dir))
    throw InputError("--out '" + dir + "' already holds a --devices sweep (" + kDeviceIndexFile +
                     "); pass a new --out folder, or --resume it");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("cannot create the report folder '" + dir + "': " + ec.message() + " (pass --out DIR)");
  std::vector<std::string> argv = shared_arguments(options.command_line);
  if (argv.empty()) argv.push_back("dotsweep");
  std::vector<std::vector<std::string>> commands;
  for (const DeviceRun& r : runs) {
    std::vector<std::string> command = argv;
    for (const std::string& a : {std::string("--device"), std::to_string(r.device), std::string("--out"),
                                 dir + "/" + r.folder, std::string("--no-progress")})
      command.push_back(a);
    commands.push_back(command);
  }
  write_index(dir, runs, "Running.", argv.front() + " --resume " + dir);  // a run killed now still resumes
  run_all(dir, runs, commands);
  return finish(dir, runs, argv.front());
}

int resume_on_devices(const SweepOptions& options) {
  const std::string& dir = options.resume_dir;
  std::vector<DeviceRun> runs = read_device_index(read_text_file(dir + "/" + kDeviceIndexFile), dir + "/" + kDeviceIndexFile);
  const std::string argv0 = options.command_line.empty() ? "dotsweep" : options.command_line.front();
  std::vector<std::vector<std::string>> commands;
  for (const DeviceRun& r : runs) {
    if (r.exit_status == 0) commands.emplace_back();  // finished: kept as it is
    else commands.push_back({argv0, "--resume", dir + "/" + r.folder, "--no-progress"});
  }
  require_resumable(dir, runs);
  run_all(dir, runs, commands);
  return finish(dir, runs, argv0);
}

}  // namespace dotsweep
