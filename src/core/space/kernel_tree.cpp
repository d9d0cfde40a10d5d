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

// What one line is to the inliner. A line that opens a quoted include names
// a file NVRTC would look for beside it or on its include path, so it is
// inlined or refused, never passed on.
enum class IncludeLine { other, quoted, unreadable };

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// `#include "NAME"` (blanks allowed around '#'), then only blanks and
// comments that end on the line (`// why`, `/* why */`), as a compiler reads
// it: quoted, with NAME in `name`. Read by hand, in one pass: a regex of the
// comments would recurse once per character of a long line.
IncludeLine read_include_line(const std::string& line, std::string& name) {
  std::size_t at = 0;
  const auto skip_blanks = [&] {
    while (at < line.size() && blank(line[at])) ++at;
  };
  skip_blanks();
  if (at == line.size() || line[at] != '#') return IncludeLine::other;
  ++at;
  skip_blanks();
  if (line.compare(at, 7, "include") != 0) return IncludeLine::other;
  at += 7;
  skip_blanks();
  if (at == line.size() || line[at] != '"') return IncludeLine::other;  // <cuda_fp16.h>, a macro, #include_next
  const std::size_t close = line.find('"', at + 1);
  if (close == std::string::npos || close == at + 1) return IncludeLine::unreadable;
  name = line.substr(at + 1, close - at - 1);
  at = close + 1;
  for (;;) {
    skip_blanks();
    if (at == line.size() || line.compare(at, 2, "//") == 0) return IncludeLine::quoted;
    if (line.compare(at, 2, "/*") != 0) return IncludeLine::unreadable;
    const std::size_t comment_end = line.find("*/", at + 2);
    if (comment_end == std::string::npos) return IncludeLine::unreadable;  // a comment going on below
    at = comment_end + 2;
  }
}

std::string quoted_for_message(const std::string& line) {
  constexpr std::size_t kMost = 120;  // one readable line, whatever the file holds
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  std::string text = line.substr(start);
  while (!text.empty() && blank(text.back())) text.pop_back();
  return text.size() <= kMost ? text : text.substr(0, kMost) + "...";
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
    std::string included;
    const IncludeLine kind = read_include_line(line, included);
    if (kind == IncludeLine::unreadable)
      throw InputError(path.string() + ":" + std::to_string(number) + ": cannot read the include '" +
                       quoted_for_message(line) + "'; accepted: #include \"FILE\" alone on its line, or followed "
                       "by a // comment or a /* */ comment that ends on that line");
    if (kind == IncludeLine::quoted) {
      const fs::path target = path.parent_path() / included;
      std::error_code ec;
      if (!fs::exists(target, ec))
        throw InputError(path.string() + ":" + std::to_string(number) + ": includes \"" + included +
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
