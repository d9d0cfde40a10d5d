#include "core/io/whole_number.hpp"

#include <limits>

namespace dotsweep {

namespace {
constexpr const char* kWhitespace = " \t\n\r\f\v";
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(kWhitespace);
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(kWhitespace) - first + 1);
}

std::string read_whole_number(const std::string& text, WholeNumber& number, bool sign_allowed) {
  const std::string item = trimmed(text);
  if (item.empty()) return "is empty";
  if (item.find_first_of(kWhitespace) != std::string::npos) return "has whitespace inside";
  number.negative = sign_allowed && item[0] == '-';
  const std::string digits = number.negative ? item.substr(1) : item;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    return "is not a whole decimal number";
  if (digits.size() > 1 && digits[0] == '0')
    return "has a leading zero; write " + std::string(number.negative ? "-" : "") +
           digits.substr(std::min(digits.find_first_not_of('0'), digits.size() - 1));
  constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
  number.magnitude = 0;
  for (const char c : digits) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (number.magnitude > (kMost - d) / 10) return "is past " + std::to_string(kMost);
    number.magnitude = number.magnitude * 10 + d;
  }
  return "";
}

}  // namespace dotsweep
