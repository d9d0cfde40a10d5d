#include "core/io/bounded_file.hpp"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

#include "core/input_error.hpp"

namespace dotsweep {

namespace {

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string inflate_gzip(const std::string& data, const std::string& path, const FileKind& kind, bool* torn) {
  if (torn) *torn = false;
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) throw std::runtime_error("zlib: inflateInit2 failed");
  std::string text, member;  // the whole members so far; the one being inflated
  std::size_t fed = 0;       // bytes of `data` handed to zlib (uInt counts at most 4 GiB at a time)
  std::size_t at = 0;        // where the member being inflated starts
  char chunk[1 << 16];
  const auto fail = [&](const std::string& why) {
    inflateEnd(&zs);
    throw InputError("cannot read '" + path + "': " + why);
  };
  while (at < data.size()) {
    if (zs.avail_in == 0 && fed < data.size()) {
      const std::size_t n = std::min<std::size_t>(data.size() - fed, std::size_t{1} << 30);
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + fed));
      zs.avail_in = static_cast<uInt>(n);
      fed += n;
    }
    zs.next_out = reinterpret_cast<Bytef*>(chunk);
    zs.avail_out = sizeof chunk;
    const int status = inflate(&zs, Z_NO_FLUSH);
    const std::size_t out = sizeof chunk - zs.avail_out;
    if (text.size() + member.size() + out > kind.max_bytes) {
      inflateEnd(&zs);
      throw InputError(file_bytes_detail::where(kind, path) + " inflates past " + std::to_string(kind.max_bytes) + " bytes; " +
                       file_bytes_detail::limit_of(kind));
    }
    member.append(chunk, out);
    if (status == Z_STREAM_END) {
      if (text.empty()) text.swap(member);  // one member: no copy of a large text
      else text += member;
      member.clear();
      at = fed - zs.avail_in;
      inflateReset(&zs);
      continue;
    }
    if (status == Z_OK) continue;
    if (status == Z_BUF_ERROR && zs.avail_in == 0) {
      if (fed < data.size()) continue;  // more data to hand over
      if (!torn) fail("truncated gzip (it ends inside a member, at byte " + std::to_string(data.size()) + ")");
      *torn = true;  // the input ended inside a member
      break;
    }
    fail("not valid gzip: damaged member at byte " + std::to_string(at) + " (" +
         (zs.msg ? zs.msg : "zlib error " + std::to_string(status)) + ")");
  }
  inflateEnd(&zs);
  return text;
}

std::string read_file_text(const std::string& path, const FileKind& kind) {
  std::string bytes = read_file_bytes(path, kind);
  if (!ends_with(path, ".gz")) return bytes;
  return inflate_gzip(bytes, path, kind, nullptr);
}

}  // namespace dotsweep
