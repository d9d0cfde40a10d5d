// Inputs the fuzzers (fuzz/, tools/fuzz.sh) found crashing or reaching
// undefined behaviour, each kept as a regression test: bad input must end in
// InputError, nothing else. Their raw reproducers are in fuzz/corpus/ too.
// Some only misbehaved in a build without NDEBUG or under UBSan, so
// tools/sanitize.sh (this suite under ASan/UBSan) is where they bite.
#include <doctest/doctest.h>

#include <string>

#include "core/space/size_list.hpp"
#include "core/space/space_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
std::string space_error(const std::string& text) {
  return input_error_of([&] { parse_space_text(text, "fuzz.toml"); });
}
}  // namespace

// size_list_fuzzer: "1,2^09..2^28:02147483647,8". The range's step wrapped the
// int exponent (signed overflow, then shifts by negative amounts).
TEST_CASE("fuzz finding: a range step that overflows the exponent") {
  const std::string error = input_error_of([] { parse_sizes("1,2^09..2^28:02147483647,8"); });
  CHECK(contains(error, "2^09..2^28:02147483647"));
  CHECK(contains(input_error_of([] { parse_sizes("2^0..2^29:2147483647"); }), "2^0..2^29:2147483647"));
}

// space_file_fuzzer: a table header whose key starts with something that can
// start no key. toml++ asserts on it (marzer/tomlplusplus#301) and aborted a
// build without NDEBUG; it must be a syntax error naming the line.
TEST_CASE("fuzz finding: malformed [[table]] headers") {
  for (const char* text : {"[[ = x]]\n", "[[[1]]]\n", "[[[a]]]\n", "[[[]]\n", "[axes]\nblock = [64]\n\n[[ = exclude]]\nvec = 1\n"}) {
    CAPTURE(text);
    CHECK(contains(space_error(text), "TOML syntax error"));
  }
}

// space_file_fuzzer: non-ASCII characters where toml++ asks whether they are
// whitespace (outside strings, while guessing a value's type, after a
// backslash in a """string""") reached __builtin_unreachable for most of
// U+00A1..U+0499 and U+2EEE..U+32E7 (marzer/tomlplusplus#295, #190).
TEST_CASE("fuzz finding: non-ASCII characters outside strings") {
  // The fuzzer's two reproducers, cut down: a bare value, a value type guess
  // running into a string.
  CHECK(contains(space_error("name = \xC3\xA9\n"), "fuzz.toml:1:8: TOML syntax error"));
  CHECK(contains(space_error("nsame = 1979-.0:033\"descpent:64\xC3\xA2=\r\n,"), "TOML syntax error"));
  // Each range, in a key, a table header and after a value.
  for (const char* ch : {"\xC2\xA7", "\xC3\x97", "\xCE\xBC", "\xD0\x96", "\xE3\x81\x82", "\xEF\xB9\xB0"}) {
    CAPTURE(ch);
    const std::string c = ch;
    CHECK(contains(space_error(c + " = 1\n"), "TOML syntax error"));
    // The message shows the character as written.
    CHECK(contains(space_error("[" + c + "]\n"), "saw '" + c + "'"));
    CHECK(contains(space_error("[axes]\nblock = [64]" + c + "\n"), "fuzz.toml:2:"));
    CHECK(contains(space_error("description = \"\"\"\\ " + c + "\"\"\"\n"), "TOML syntax error"));
  }
  // Malformed UTF-8 around such a character stays toml++'s to report.
  CHECK(contains(space_error("[axes]\nS\xC5\x8C\x9C+ = 1\n"), "invalid utf-8"));
}

TEST_CASE("fuzz finding: non-ASCII text in strings and comments still reads") {
  // A line-ending backslash followed by such a character is valid TOML.
  const std::string text =
      "# bloc \xC3\x97 items \xE3\x81\x82\n"
      "name = \"caf\xC3\xA9 \xC2\xB5s \xF0\x9F\x9A\x80\"\n"
      "description = \"\"\"\\\n  \xC2\xA7 \xCE\xBC\"\"\"\n"
      "[axes]\nblock = [64, 128] # \xD0\x96\n";
  const SearchSpace space = parse_space_text(text, "fuzz.toml");
  CHECK(space.name == "caf\xC3\xA9 \xC2\xB5s \xF0\x9F\x9A\x80");
  CHECK(space.source_text == text);
  CHECK(space.configs.size() == 2);
  // A string value in an error message reads as written too.
  CHECK(contains(space_error("[axes]\nreduce = [\"tr\xC3\xA9\xC3\xA9\"]\n"), "\"tr\xC3\xA9\xC3\xA9\""));
}
