// The files and folders one command reads and writes, each named by the option
// that names it, checked together before anything is read or written. An
// output that names an input would destroy it (`gate --baseline B.csv --junit
// B.csv` once turned the baseline into JUnit XML and exited 0), and two outputs
// naming one file would leave only the last one written. Every subcommand that
// writes a file declares its paths here (src/cli/*_command.cpp, main.cpp).
#pragma once

#include <string>
#include <vector>

namespace dotsweep {

class CommandPaths {
 public:
  // A file or folder the command reads: no output may name it.
  void input(const std::string& option, const std::string& path);
  // A folder whose every file may be read (a kernel tree): no output may name
  // it or a file inside it (a new file or folder inside it is fine).
  void input_tree(const std::string& option, const std::string& path);
  // A file the command creates or replaces.
  void output_file(const std::string& option, const std::string& path);
  // A folder the command writes `files` (names inside it) into: neither the
  // folder nor any of those files may be an input or another output.
  void output_folder(const std::string& option, const std::string& path, const std::vector<std::string>& files);

  // Throws InputError, one line naming both options and both paths, when an
  // output is an input (or a file of an input tree), or two outputs name one
  // file or folder. An output that exists and is neither a file nor a folder
  // (/dev/null, a terminal, a pipe) destroys nothing and is not compared.
  void require_apart() const;

 private:
  enum class Role { input, tree, output };
  struct Entry {
    Role role;
    std::string option;  // "--junit", "report"
    std::string path;    // as given
    std::string via;     // for a file an output folder writes: the folder as given; else empty
    bool folder = false;
  };
  std::vector<Entry> entries_;
};

// Whether `a` and `b` name one file or folder: the same device and inode when
// both exist, else the same std::filesystem::weakly_canonical path.
bool same_path(const std::string& a, const std::string& b);
// Whether `inner` is `outer` or lies inside it (symbolic links resolved).
bool path_within(const std::string& inner, const std::string& outer);

}  // namespace dotsweep
