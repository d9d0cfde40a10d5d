#include "core/markdown_text.hpp"

#include <cmath>
#include <cstdio>

namespace dotsweep {

std::string fixed_or_dash(const std::optional<double>& v, int decimals, const char* suffix) {
  if (!v || !std::isfinite(*v)) return "—";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f%s", decimals, *v, suffix);
  return buf;
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

}  // namespace dotsweep
