// RFC 4180 CSV: fields with comma, quote, CR or LF are quoted, quotes doubled.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace dotsweep {

std::string csv_field(const std::string& value);
std::string csv_line(const std::vector<std::string>& fields);  // fields joined by commas, ends with "\n"
// A number as the reports write it: the shortest text that reads back equal.
std::string csv_number(double v);

// Reads every record; quoted fields may hold commas, quotes and newlines; CRLF
// and LF line ends both accepted. Throws InputError (naming `origin` and the
// line) on an unterminated quote, a quote inside an unquoted field, text after
// a closing quote, a header naming a column twice, a row whose field count
// differs from the header, or a last record without a line end.
//
// Truncated means any of the last three: text that stops before the end of a
// record. A file cut inside its last field keeps every field (the last one
// shorter: a seed 2026 cut to 20 still parses), so no check of the fields can
// tell it from a whole one; the missing line end can. csv_line ends every
// record with one; a file made by hand or by another tool without it is
// refused with that reason, and reads once the line end is added.
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  int column(const std::string& name) const;  // -1 when absent
};
CsvTable read_csv(std::istream& in, const std::string& origin);

}  // namespace dotsweep
