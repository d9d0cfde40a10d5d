#include "sweep/worker_channel.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"

namespace dotsweep {

WorkerChannel WorkerChannel::from_environment() {
  const char* text = std::getenv("DOTSWEEP_WORKER_FD");
  WholeNumber number;  // core/io/whole_number.hpp: the one reader of whole numbers
  const bool read = text && read_whole_number(text, number).empty() && number.magnitude <= 65535;
  const long fd = read ? static_cast<long>(number.magnitude) : -1;
  if (!read || ::fcntl(static_cast<int>(fd), F_GETFD) < 0)
    throw InputError("--worker: this run was not started by a dotsweep supervisor (DOTSWEEP_WORKER_FD unset or not "
                     "open); run the sweep without --worker");
  ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);  // not to the plot script or any other child
  return WorkerChannel(static_cast<int>(fd));
}

void WorkerChannel::send(const std::string& line) const {
  const std::string text = line + "\n";
  std::size_t sent = 0;
  while (sent < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + sent, text.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the supervisor is gone; nothing left to tell
    sent += static_cast<std::size_t>(n);
  }
}

}  // namespace dotsweep
