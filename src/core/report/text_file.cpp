#include "core/report/text_file.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/input_error.hpp"

namespace dotsweep {

namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string read_gzip(const std::string& path) {
  errno = 0;
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) throw InputError("cannot read '" + path + "': " + (errno ? std::strerror(errno) : "gzopen failed"));
  std::string text;
  char chunk[1 << 16];
  for (;;) {
    const int got = gzread(file.get(), chunk, sizeof chunk);
    if (got < 0) {
      int code = 0;
      throw InputError("cannot read '" + path + "': not valid gzip (" + gzerror(file.get(), &code) + ")");
    }
    if (got == 0) break;
    text.append(chunk, static_cast<std::size_t>(got));
  }
  // gzread stops quietly at the end of a cut-short stream; gzerror tells.
  int code = Z_OK;
  const char* message = gzerror(file.get(), &code);
  if (code != Z_OK) throw InputError("cannot read '" + path + "': truncated or damaged gzip (" + message + ")");
  return text;
}

}  // namespace

std::string read_text_file(const std::string& path) {
  if (ends_with(path, ".gz")) return read_gzip(path);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "': " + (errno ? std::strerror(errno) : "I/O error"));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace dotsweep
