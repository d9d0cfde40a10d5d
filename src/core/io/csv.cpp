// RFC 4180 reading and writing. Reports carry free text (failure reasons, GPU
// names), so quoting is done properly rather than assumed unnecessary.
#include "core/io/csv.hpp"

#include <charconv>
#include <iterator>
#include <unordered_set>

#include "core/input_error.hpp"

namespace dotsweep {

std::string csv_number(double v) {
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string csv_field(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string out = "\"";
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += csv_field(fields[i]);
  }
  return out + '\n';
}

int CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

CsvTable read_csv(std::istream& in, const std::string& origin) {
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::size_t pos = 0;
  // Spreadsheets often save a UTF-8 byte order mark; it is not part of the first name.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) pos = 3;
  int line = 1;
  const auto where = [&](int at) { return origin + ":" + std::to_string(at) + ": "; };

  CsvTable table;
  bool have_header = false;
  // One record per iteration; stopping at end of text after a line end is
  // what skips the final empty line.
  while (pos < text.size()) {
    const int record_line = line;
    std::vector<std::string> fields;
    bool end_of_record = false;
    bool line_end = false;  // the record ended with "\n" or "\r\n", not with the text
    while (!end_of_record) {
      std::string field;
      if (pos < text.size() && text[pos] == '"') {
        const int quote_line = line;
        ++pos;
        for (;;) {
          if (pos >= text.size()) throw InputError(where(quote_line) + "unterminated quoted field");
          const char c = text[pos++];
          if (c == '"') {
            if (pos < text.size() && text[pos] == '"') {
              field += '"';
              ++pos;
            } else {
              break;
            }
          } else {
            if (c == '\n') ++line;
            field += c;
          }
        }
        const bool crlf = text.compare(pos, 2, "\r\n") == 0;
        if (pos < text.size() && text[pos] != ',' && text[pos] != '\n' && !crlf)
          throw InputError(where(line) + "unexpected character after a closing quote");
      } else {
        while (pos < text.size() && text[pos] != ',' && text[pos] != '\n' &&
               !(text[pos] == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n')) {
          // RFC 4180 allows a quote only in a quoted field; a stray one means
          // the row was quoted by hand and would split differently elsewhere.
          if (text[pos] == '"')
            throw InputError(where(line) + "a quote inside an unquoted field (quote the whole field and double the quote)");
          field += text[pos++];
        }
      }
      fields.push_back(std::move(field));
      if (pos >= text.size()) {
        end_of_record = true;
      } else if (text[pos] == ',') {
        ++pos;
      } else {  // "\n" or "\r\n"
        pos += text[pos] == '\r' ? 2 : 1;
        ++line;
        end_of_record = true;
        line_end = true;
      }
    }
    if (!have_header) {
      // A name given twice would make column() pick one of them silently
      // (unnamed columns, as spreadsheets add, are never looked up).
      std::unordered_set<std::string> names;
      for (const auto& name : fields)
        if (!name.empty() && !names.insert(name).second)
          throw InputError(where(record_line) + "column '" + name + "' appears twice in the header");
      table.header = std::move(fields);
      have_header = true;
    } else {
      if (fields.size() != table.header.size())
        throw InputError(where(record_line) + "row has " + std::to_string(fields.size()) +
                         " fields, header has " + std::to_string(table.header.size()));
      table.rows.push_back(std::move(fields));
    }
    // Every line our writers make ends with a line end, so one missing means
    // the text stops inside the last record: a cut inside its last field
    // leaves the field count whole ("2026" cut to "20" still reads as a seed).
    if (!line_end)
      throw InputError(where(record_line) +
                       "the last line has no line end, so the file may be cut short inside it "
                       "(every line of a report ends with one)");
  }
  return table;
}

}  // namespace dotsweep
