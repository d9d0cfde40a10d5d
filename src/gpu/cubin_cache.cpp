#include "gpu/cubin_cache.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

namespace dotsweep {

namespace fs = std::filesystem;

namespace {
fs::path cubin_path(const std::string& dir, const std::string& key) { return fs::path(dir) / (key + ".cubin"); }
fs::path names_path(const std::string& dir, const std::string& key) { return fs::path(dir) / (key + ".names"); }

bool write_atomically(const fs::path& path, const char* data, std::size_t size) {
  std::ostringstream suffix;
  suffix << ".tmp." << ::getpid() << "." << std::this_thread::get_id();
  const fs::path temp = path.string() + suffix.str();
  {
    std::ofstream out(temp, std::ios::binary);
    if (!out.write(data, static_cast<std::streamsize>(size))) return false;
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) fs::remove(temp, ec);
  return !ec;
}
}  // namespace

std::optional<CubinEntry> read_cubin_entry(const std::string& dir, const std::string& key) {
  if (dir.empty()) return std::nullopt;
  std::ifstream cubin(cubin_path(dir, key), std::ios::binary);
  std::ifstream names(names_path(dir, key));
  if (!cubin || !names) return std::nullopt;
  CubinEntry entry;
  entry.cubin.assign(std::istreambuf_iterator<char>(cubin), std::istreambuf_iterator<char>());
  for (std::string line; std::getline(names, line);) entry.lowered_names.push_back(line);
  if (entry.cubin.empty() || entry.lowered_names.empty()) return std::nullopt;
  return entry;
}

bool write_cubin_entry(const std::string& dir, const std::string& key, const CubinEntry& entry) {
  if (dir.empty()) return false;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return false;
  std::string names;
  for (const auto& name : entry.lowered_names) names += name + "\n";
  // The names file is written last: an entry counts only once both exist.
  return write_atomically(cubin_path(dir, key), entry.cubin.data(), entry.cubin.size()) &&
         write_atomically(names_path(dir, key), names.data(), names.size());
}

std::string cache_dir_problem(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return "cannot create it: " + ec.message();
  if (!fs::is_directory(dir, ec)) return "it is not a folder";
  const fs::path probe = fs::path(dir) / (".write-test." + std::to_string(::getpid()));
  std::FILE* f = std::fopen(probe.c_str(), "wb");
  if (!f) return std::string("cannot write in it: ") + std::strerror(errno);
  const bool written = std::fputs("x", f) >= 0;
  const bool closed = std::fclose(f) == 0;
  fs::remove(probe, ec);
  if (!written || !closed) return "cannot write in it";
  return {};
}

}  // namespace dotsweep
