#include "core/io/command_paths.hpp"

#include <sys/stat.h>

#include <filesystem>

#include "core/input_error.hpp"

namespace dotsweep {

namespace fs = std::filesystem;

namespace {

// The absolute path with every symbolic link of its existing part resolved
// and no trailing separator; lexical when the file system cannot say.
fs::path canonical_of(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) p = fs::absolute(path, ec).lexically_normal();
  if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
  return p;
}

// Writing into it destroys nothing kept: a device (/dev/null, a terminal), a pipe, a socket.
bool nothing_kept(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

}  // namespace

bool same_path(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  const bool a_exists = ::stat(a.c_str(), &sa) == 0, b_exists = ::stat(b.c_str(), &sb) == 0;
  if (a_exists && b_exists) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (a_exists != b_exists) return false;
  return canonical_of(a) == canonical_of(b);
}

bool path_within(const std::string& inner, const std::string& outer) {
  if (same_path(inner, outer)) return true;
  const fs::path in = canonical_of(inner), out = canonical_of(outer);
  auto i = in.begin();
  for (auto o = out.begin(); o != out.end(); ++o, ++i)
    if (i == in.end() || *i != *o) return false;
  return true;
}

void CommandPaths::input(const std::string& option, const std::string& path) {
  if (!path.empty()) entries_.push_back({Role::input, option, path, "", false});
}

void CommandPaths::input_tree(const std::string& option, const std::string& path) {
  if (!path.empty()) entries_.push_back({Role::tree, option, path, "", true});
}

void CommandPaths::output_file(const std::string& option, const std::string& path) {
  if (!path.empty()) entries_.push_back({Role::output, option, path, "", false});
}

void CommandPaths::output_folder(const std::string& option, const std::string& path,
                                 const std::vector<std::string>& files) {
  if (path.empty()) return;
  entries_.push_back({Role::output, option, path, "", true});
  for (const std::string& file : files)
    entries_.push_back({Role::output, option, (fs::path(path) / file).string(), path, false});
}

void CommandPaths::require_apart() const {
  // "--junit 'x.xml'", or for a file an output folder writes "--out 'D' would write D/ab.md, which".
  const auto named = [](const Entry& e) {
    return e.via.empty() ? e.option + " '" + e.path + "'"
                         : e.option + " '" + e.via + "' would write " + e.path + ", which";
  };
  // What the user renames: a folder's files have fixed names.
  const auto another = [](const Entry& e) { return std::string(e.folder || !e.via.empty() ? "folder" : "file"); };
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& out = entries_[i];
    if (out.role != Role::output || nothing_kept(out.path)) continue;
    for (const Entry& in : entries_) {
      if (in.role == Role::input && same_path(out.path, in.path))
        throw InputError(named(out) + " is " + in.option + " '" + in.path +
                         "': writing it would destroy that input; name another " + another(out));
      if (in.role != Role::tree) continue;
      if (same_path(out.path, in.path))
        throw InputError(named(out) + " is " + in.option + " '" + in.path +
                         "': writing it would destroy that input; name another " + another(out));
      // Every file of the tree may be read (an include); a new file or folder inside it destroys nothing.
      std::error_code ec;
      if (fs::is_regular_file(out.path, ec) && path_within(out.path, in.path))
        throw InputError(named(out) + " is a file inside " + in.option + " '" + in.path +
                         "', a folder that is read: writing it would destroy that input; name another " + another(out));
    }
    for (std::size_t j = 0; j < i; ++j) {
      const Entry& earlier = entries_[j];
      if (earlier.role != Role::output || !same_path(out.path, earlier.path)) continue;
      if (out.via.empty() && earlier.via.empty())
        throw InputError(named(earlier) + " and " + named(out) + " name the same " + another(out) +
                         ": give each output its own");
      const Entry& folder_file = out.via.empty() ? earlier : out;
      const Entry& other = out.via.empty() ? out : earlier;
      throw InputError(named(folder_file) + " " + other.option + " '" + other.path +
                       "' names too: give each output its own " + (other.via.empty() ? another(other) : "folder"));
    }
  }
}

}  // namespace dotsweep
