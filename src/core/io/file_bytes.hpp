// The one way a file is read (gzip: core/io/bounded_file.hpp): every reader
// (reports, context.json, samples, space files, kernel trees) goes through
// here, so none can block or grow without bound. A FIFO would block the open and the read forever, /dev/zero
// or a sparse 50 GB file would be read until memory ran out, and a small gzip
// can inflate to gigabytes: anything but a regular file is refused before it
// is read, and a limit per kind of file holds on its size, while reading (it
// may grow) and while inflating.
//
// Header-only, no zlib: tools/embed_source.cpp builds core/space/kernel_tree.cpp
// alone at build time, and reads the kernel tree through this too.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/input_error.hpp"

namespace dotsweep {

inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

// What is read, for the messages, and the most bytes it may hold (the file,
// and its text once inflated).
struct FileKind {
  const char* what;        // "space file": "space file 'x.toml' is a folder"
  const char* give;        // what to give instead: "a .toml file"
  std::uint64_t max_bytes;
};

// The limits, each far above what dotsweep itself writes:
// - a report CSV (sweep.csv, best.csv, counters.csv, a .csv.gz once
//   inflated): 1 GiB, about two million rows; the H200 default sweep's
//   sweep.csv is 15 MB;
// - samples.csv.gz once inflated: 2 GiB, about 400,000 rows at the default
//   300 samples (some 5 KB a row; the H200 default sweep has 28,464 rows);
// - a context.json (and the --devices index): 64 MiB; a sweep's is about 30 KB,
//   the space file's text included;
// - a space file: 1 MiB (variants/default.toml is 23 KB);
// - each file of a kernel tree: 1 MiB (kernels/ holds 62 KB in all), and the
//   tree's inlined text 8 MiB.
inline constexpr FileKind kReportKind{"report", "a sweep.csv, best.csv or .csv.gz file", kGiB};
inline constexpr FileKind kSamplesKind{"samples file", "a report's samples.csv.gz", 2 * kGiB};
inline constexpr FileKind kContextKind{"context file", "a report's context.json", 64 * kMiB};
inline constexpr FileKind kSpaceKind{"space file", "a .toml file", kMiB};
inline constexpr FileKind kKernelKind{"kernel tree file", "a source file", kMiB};
inline constexpr std::uint64_t kMaxKernelTreeBytes = 8 * kMiB;

// "1 MiB", "4 GiB", else the bytes.
inline std::string byte_limit_text(std::uint64_t bytes) {
  if (bytes % kGiB == 0) return std::to_string(bytes / kGiB) + " GiB";
  if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

namespace file_bytes_detail {
inline std::string where(const FileKind& kind, const std::string& path) {
  return std::string(kind.what) + " '" + path + "'";
}
inline std::string limit_of(const FileKind& kind) {
  return "the limit for a " + std::string(kind.what) + " is " + std::to_string(kind.max_bytes) + " bytes (" +
         byte_limit_text(kind.max_bytes) + ")";
}
// A folder, anything but a regular file, or one over the limit, refused in one line.
inline void require_regular(const struct stat& info, const FileKind& kind, const std::string& path) {
  if (S_ISDIR(info.st_mode)) throw InputError(where(kind, path) + " is a folder; give " + kind.give);
  if (!S_ISREG(info.st_mode))
    throw InputError(where(kind, path) + " is not a regular file (a device, pipe or socket); give " + kind.give);
  if (static_cast<std::uint64_t>(info.st_size) > kind.max_bytes)
    throw InputError(where(kind, path) + " is " + std::to_string(info.st_size) + " bytes; " + limit_of(kind));
}
}  // namespace file_bytes_detail

// The bytes of `path` as stored. Throws InputError, one line naming the kind
// and the path: "cannot read" (missing, no permission), a folder, anything
// but a regular file (a device, FIFO or socket; opened without blocking, so
// the refusal cannot hang), a file over kind.max_bytes by its size or while
// read.
inline std::string read_file_bytes(const std::string& path, const FileKind& kind) {
  using namespace file_bytes_detail;
  // stat first, so a device or FIFO is never opened; then the descriptor's own
  // fstat, non-blocking, should the path have changed in between.
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    throw InputError("cannot read " + where(kind, path) + ": " + std::strerror(errno));
  require_regular(info, kind, path);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw InputError("cannot read " + where(kind, path) + ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  if (::fstat(fd, &info) != 0) throw InputError("cannot read " + where(kind, path) + ": " + std::strerror(errno));
  require_regular(info, kind, path);
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError("cannot read " + where(kind, path) + ": " + std::strerror(errno));
    if (got == 0) break;
    // The limit holds while reading too: the file may grow after the stat.
    if (bytes.size() + static_cast<std::size_t>(got) > kind.max_bytes)
      throw InputError(where(kind, path) + " grew past " + std::to_string(kind.max_bytes) + " bytes while read; " +
                       limit_of(kind));
    bytes.append(chunk, static_cast<std::size_t>(got));
  }
  return bytes;
}

}  // namespace dotsweep

