#include "core/io/markdown_text.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace dotsweep {

std::string fixed_number(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string fixed_or_dash(const std::optional<double>& v, int decimals, const char* suffix) {
  if (!v || !std::isfinite(*v)) return "—";
  return fixed_number(*v, decimals) + suffix;
}

std::string general_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", v);
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

namespace {

std::string table_line(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) line += " " + cell + " |";
  return line + "\n";
}

}  // namespace

MarkdownTable::MarkdownTable(std::vector<MarkdownColumn> columns) : columns_(columns.size()) {
  std::vector<std::string> titles;
  std::string rule = "|";
  for (const auto& column : columns) {
    titles.push_back(column.title);
    rule += column.align == Align::left ? ":---|" : column.align == Align::right ? "---:|" : "---|";
  }
  text_ = table_line(titles) + rule + "\n";
}

void MarkdownTable::add_row(const std::vector<std::string>& cells) {
  if (cells.size() != columns_)
    throw std::logic_error("a Markdown row of " + std::to_string(cells.size()) + " cells in a table of " +
                           std::to_string(columns_) + " columns");
  text_ += table_line(cells);
  ++rows_;
}

std::string MarkdownTable::text() const { return text_; }

}  // namespace dotsweep
