#include <doctest/doctest.h>

#include <sstream>

#include "core/io/csv.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;

namespace {
CsvTable parse(const std::string& text) {
  std::istringstream in(text);
  return read_csv(in, "t.csv");
}
std::string error_of(const std::string& text) {
  return input_error_of([&] { parse(text); });
}
}  // namespace

TEST_CASE("csv_field quotes only when needed") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("") == "");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
}

TEST_CASE("csv_line joins with commas and ends with a newline") {
  CHECK(csv_line({"a", "b,c", ""}) == "a,\"b,c\",\n");
  CHECK(csv_line({}) == "\n");
}

TEST_CASE("read_csv with LF and empty fields") {
  const auto t = parse("x,y\n1,2\n3,\n,4\n");
  CHECK(t.header == std::vector<std::string>{"x", "y"});
  REQUIRE(t.rows.size() == 3);
  CHECK(t.rows[0] == std::vector<std::string>{"1", "2"});
  CHECK(t.rows[1] == std::vector<std::string>{"3", ""});
  CHECK(t.rows[2] == std::vector<std::string>{"", "4"});
  CHECK(t.column("y") == 1);
  CHECK(t.column("z") == -1);
}

TEST_CASE("read_csv with CRLF") {
  const auto t = parse("x,y\r\n1,\"q\"\r\n2,3\r\n");
  CHECK(t.header == std::vector<std::string>{"x", "y"});
  REQUIRE(t.rows.size() == 2);
  CHECK(t.rows[0] == std::vector<std::string>{"1", "q"});
  CHECK(t.rows[1] == std::vector<std::string>{"2", "3"});
}

TEST_CASE("quoted fields hold commas, quotes and newlines") {
  const auto t = parse("x,y\n\"a\nb\",\"c\"\"d,e\"\n\"crlf\r\ninside\",1\n");
  REQUIRE(t.rows.size() == 2);
  CHECK(t.rows[0][0] == "a\nb");
  CHECK(t.rows[0][1] == "c\"d,e");
  CHECK(t.rows[1][0] == "crlf\r\ninside");
}

TEST_CASE("a UTF-8 byte order mark is not part of the first column name") {
  CHECK(parse("\xEF\xBB\xBFx,y\n").header[0] == "x");
}

TEST_CASE("writing then reading gives the same fields") {
  const std::vector<std::string> tricky = {"", "a,b", "\"", "x\ny", "\r\n", " sp ", "\"\","};
  const auto t = parse(csv_line({"1", "2", "3", "4", "5", "6", "7"}) + csv_line(tricky));
  REQUIRE(t.rows.size() == 1);
  CHECK(t.rows[0] == tricky);
}

TEST_CASE("read_csv errors name the origin and line") {
  CHECK(error_of("x,y\n1,\"abc\n") == "t.csv:2: unterminated quoted field");
  CHECK(error_of("x,y\n1,2\n3\n") == "t.csv:3: row has 1 fields, header has 2");
  // A quoted newline counts as a line, so the line number matches an editor's.
  CHECK(error_of("x,y\n\"a\nb\",1\n3,4,5\n") == "t.csv:4: row has 3 fields, header has 2");
  CHECK(error_of("x\n\"a\"b\n") == "t.csv:2: unexpected character after a closing quote");
}

TEST_CASE("empty input has no header and no rows") {
  const auto t = parse("");
  CHECK(t.header.empty());
  CHECK(t.rows.empty());
}

TEST_CASE("bad quoting and truncated rows are errors naming the line, never fields read differently") {
  CHECK(error_of("x,y\n1,ab\"c\n") == "t.csv:2: a quote inside an unquoted field (quote the whole field and double the quote)");
  CHECK(error_of("x,y\n1,2\n3,4\"\n") == "t.csv:3: a quote inside an unquoted field (quote the whole field and double the quote)");
  CHECK(error_of("x,y\n\"1\"2,3\n") == "t.csv:2: unexpected character after a closing quote");
  CHECK(error_of("x,y\n1,\"2\n") == "t.csv:2: unterminated quoted field");
  // A file cut mid-row: the last row is short.
  CHECK(error_of("x,y,z\n1,2,3\n4,5") == "t.csv:3: row has 2 fields, header has 3");
  CHECK(error_of("x,y\n1,\"ab") == "t.csv:2: unterminated quoted field");
  // A row with a field too many (an unquoted comma in free text).
  CHECK(error_of("x,y\n1,2,3\n") == "t.csv:2: row has 3 fields, header has 2");
}

TEST_CASE("a header naming a column twice is an error; unnamed columns may repeat") {
  CHECK(error_of("n,mode,n\n1,cold,2\n") == "t.csv:1: column 'n' appears twice in the header");
  const auto t = parse("x,,\n1,,\n");
  CHECK(t.header.size() == 3);
  CHECK(t.column("x") == 0);
}

TEST_CASE("a last line without a line end is refused: the file may be cut inside its last field") {
  const std::string cut = "t.csv:3: the last line has no line end, so the file may be cut short inside it "
                          "(every line of a report ends with one)";
  // "2026" cut to "20": every field is there, the last one shorter.
  CHECK(error_of("x,seed\n1,2026\n2,20") == cut);
  // Cut right after a comma: the last field is empty but present.
  CHECK(error_of("x,seed\n1,2026\n2,") == cut);
  // A closed quote does not prove the line whole either (the file may stop before its line end).
  CHECK(error_of("x,y\n1,2\n3,\"q\"") == cut);
  CHECK(error_of("x,y\r\n1,2\r\n3,4\r") == cut);  // a CR alone is no line end
  // The header alone without its line end.
  CHECK(error_of("x,y") == "t.csv:1: the last line has no line end, so the file may be cut short inside it "
                           "(every line of a report ends with one)");
  // The same texts with the line end read.
  CHECK(parse("x,seed\n1,2026\n2,20\n").rows.size() == 2);
  CHECK(parse("x,seed\n1,2026\n2,\r\n").rows.size() == 2);
  CHECK(parse("x,y\n1,2\n3,\"q\"\n").rows.size() == 2);
  CHECK(parse("x,y\n").rows.empty());
}
