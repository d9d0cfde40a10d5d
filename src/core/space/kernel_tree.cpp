#include "core/space/kernel_tree.hpp"

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "core/input_error.hpp"
#include "core/io/file_bytes.hpp"

namespace dotsweep {

namespace fs = std::filesystem;

namespace {

const std::regex& quoted_include() {
  static const std::regex re(R"re(^\s*#\s*include\s+"([^"]+)"\s*$)re");
  return re;
}
const std::regex& pragma_once() {
  static const std::regex re(R"(^\s*#\s*pragma\s+once\s*$)");
  return re;
}

std::string line_directive(std::size_t line, const std::string& name) {
  return "#line " + std::to_string(line) + " \"" + name + "\"\n";
}

void inline_into(const fs::path& path, std::set<fs::path>& seen, std::string& out) {
  // The one bounded reader: a FIFO or device is refused unread, a file over 1 MiB too.
  std::istringstream in(read_file_bytes(path.string(), kKernelKind));
  const std::string name = path.filename().string();
  out += line_directive(1, name);
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    const bool ended = !in.eof();  // the last line may lack its newline; keep it that way
    std::smatch match;
    if (std::regex_match(line, match, quoted_include())) {
      const fs::path target = path.parent_path() / match[1].str();
      std::error_code ec;
      if (!fs::exists(target, ec))
        throw InputError(path.string() + ":" + std::to_string(number) + ": includes \"" + match[1].str() +
                         "\", which is not beside it");
      if (seen.insert(fs::canonical(target)).second) inline_into(target, seen, out);
      out += line_directive(number + 1, name);
    } else if (std::regex_match(line, pragma_once())) {
      out += "\n";  // inlined once already; NVRTC warns about it in a main file
    } else {
      out += line;
      if (ended) out += "\n";
    }
    if (out.size() > kMaxKernelTreeBytes)
      throw InputError("its text passes " + std::to_string(kMaxKernelTreeBytes) + " bytes (" +
                       byte_limit_text(kMaxKernelTreeBytes) + ") at " + path.string() + ":" + std::to_string(number) +
                       "; the limit for a kernel tree's text, its includes inlined");
  }
}

}  // namespace

std::string inline_quoted_includes(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw InputError("cannot read '" + path + "'");
  std::set<fs::path> seen{fs::canonical(path)};
  std::string out;
  inline_into(path, seen, out);
  return out;
}

std::string read_kernel_tree(const std::string& dir, const std::string& option) {
  std::error_code ec;
  const std::string where = option + " '" + dir + "'";
  if (!fs::is_directory(dir, ec)) throw InputError(where + ": no such folder");
  const fs::path main_file = fs::path(dir) / kKernelMainFile;
  if (!fs::exists(main_file, ec))  // one that is there but no regular file is the reader's to refuse
    throw InputError(where + ": not a kernel tree (it has no " + kKernelMainFile + ")");
  try {
    return inline_quoted_includes(main_file.string());
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

}  // namespace dotsweep
