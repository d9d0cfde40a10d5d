// Text helpers shared by the Markdown writers (summary.md, compare, gate), so
// a number and a table cell read the same in every report.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dotsweep {

// `v` with `decimals` places: "6.620". Also the spelling of times in the
// export header and the ab rule's reasons.
std::string fixed_number(double v, int decimals);
// `v` with `decimals` places and a suffix; "—" when there is no finite value.
std::string fixed_or_dash(const std::optional<double>& v, int decimals, const char* suffix = "");
// `v` in at most 4 significant digits, no trailing zeros: "2", "0.5", "2.58".
std::string general_number(double v);
// Free text made safe for one table cell: '|' escaped, line breaks folded.
std::string markdown_cell(const std::string& text);

// Every report's Markdown tables are built here, so they read alike: a title
// row, the alignment rule, then one line per row ("| a | b |").
enum class Align { none, left, right };  // "---", ":---", "---:"

struct MarkdownColumn {
  std::string title;
  Align align = Align::none;
};

class MarkdownTable {
 public:
  explicit MarkdownTable(std::vector<MarkdownColumn> columns);
  // Cells are Markdown already (markdown_cell for free text); a row has one
  // cell per column (std::logic_error otherwise: a printer's bug).
  void add_row(const std::vector<std::string>& cells);
  std::size_t rows() const { return rows_; }
  std::string text() const;

 private:
  std::size_t columns_;
  std::size_t rows_ = 0;
  std::string text_;
};

}  // namespace dotsweep
