// RFC 4180 CSV: fields with comma, quote, CR or LF are quoted, quotes doubled.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace dotsweep {

std::string csv_field(const std::string& value);
std::string csv_line(const std::vector<std::string>& fields);  // fields joined by commas, ends with "\n"

// Reads every record; quoted fields may hold commas, quotes and newlines; CRLF
// and LF line ends both accepted. Throws InputError (naming `origin` and the
// line) on an unterminated quote, a quote inside an unquoted field, text after
// a closing quote, a header naming a column twice, or a row whose field count
// differs from the header (a truncated row).
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  int column(const std::string& name) const;  // -1 when absent
};
CsvTable read_csv(std::istream& in, const std::string& origin);

}  // namespace dotsweep
