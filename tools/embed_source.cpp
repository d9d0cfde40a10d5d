// Embeds a source file in a C++ header as a raw string literal, so the
// dotsweep binary carries its kernels and NVRTC needs no file at run time.
// Usage: embed_source SOURCE HEADER SYMBOL
//
// C/CUDA sources get their quoted includes inlined (core/space/kernel_tree.hpp:
// the same code reads a kernel tree at run time); data (a space file) is
// embedded verbatim.
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "core/space/kernel_tree.hpp"

namespace {

bool ends_with(const std::string& text, const std::string& tail) {
  return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::string verbatim(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: embed_source SOURCE HEADER SYMBOL\n");
    return 2;
  }
  const std::string source = argv[1], header = argv[2], symbol = argv[3];
  try {
    const bool code = ends_with(source, ".cuh") || ends_with(source, ".cu") || ends_with(source, ".h") ||
                      ends_with(source, ".hpp");
    const std::string text = code ? dotsweep::inline_quoted_includes(source) : verbatim(source);
    const std::string delimiter = "dotsweep_src";
    if (text.find(")" + delimiter + "\"") != std::string::npos) {
      std::fprintf(stderr, "%s contains the raw-string delimiter %s\n", source.c_str(), delimiter.c_str());
      return 1;
    }
    std::ofstream out(header, std::ios::binary);
    out << "// Generated from " << source << " by tools/embed_source.cpp; do not edit.\n#pragma once\n"
        << "namespace dotsweep {\n"
        << "inline constexpr const char " << symbol << "[] = R\"" << delimiter << "(" << text << ")" << delimiter
        << "\";\n"
        << "}  // namespace dotsweep\n";
    if (!out) {
      std::fprintf(stderr, "cannot write '%s'\n", header.c_str());
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
