// core/io/whole_number.hpp: the one reader of whole numbers as typed.
#include <doctest/doctest.h>

#include "core/io/whole_number.hpp"

using namespace dotsweep;

namespace {
std::string problem_of(const std::string& text, bool sign_allowed = false) {
  WholeNumber number;
  return read_whole_number(text, number, sign_allowed);
}
std::uint64_t value_of(const std::string& text) {
  WholeNumber number;
  REQUIRE(read_whole_number(text, number) == "");
  return number.magnitude;
}
}  // namespace

TEST_CASE("whole numbers: the ends are trimmed, nothing inside is") {
  CHECK(value_of("4096") == 4096);
  CHECK(value_of(" 4096\t\n") == 4096);
  CHECK(value_of("0") == 0);
  CHECK(trimmed(" \t a b \n") == "a b");
  CHECK(trimmed("  ") == "");
  CHECK(problem_of("40 96") == "has whitespace inside");
  CHECK(problem_of("40\n96") == "has whitespace inside");
  CHECK(problem_of("") == "is empty");
  CHECK(problem_of(" \t") == "is empty");
}

TEST_CASE("whole numbers: a leading zero, a sign, another base or a fraction are refused") {
  CHECK(problem_of("010") == "has a leading zero; write 10");
  CHECK(problem_of("0000000000004096") == "has a leading zero; write 4096");
  CHECK(problem_of("00") == "has a leading zero; write 0");
  CHECK(problem_of("-010", true) == "has a leading zero; write -10");
  CHECK(problem_of("0x10") == "is not a whole decimal number");
  CHECK(problem_of("1.5") == "is not a whole decimal number");
  CHECK(problem_of("+1") == "is not a whole decimal number");
  CHECK(problem_of("-1") == "is not a whole decimal number");
  CHECK(problem_of("-") == "is not a whole decimal number");
  WholeNumber number;
  CHECK(read_whole_number("-7", number, true) == "");
  CHECK(number.negative);
  CHECK(number.magnitude == 7);
  CHECK(read_whole_number("-0", number, true) == "");
  CHECK(number.magnitude == 0);
}

TEST_CASE("whole numbers: 2^64-1 is read, one more is past it") {
  CHECK(value_of("18446744073709551615") == 18446744073709551615ull);
  CHECK(problem_of("18446744073709551616") == "is past 18446744073709551615");
  CHECK(problem_of("99999999999999999999") == "is past 18446744073709551615");
}
