#include "core/space/size_list.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <limits>
#include <sstream>

#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"

namespace dotsweep {

namespace {
static_assert(kMaxCheckedN == std::int64_t{1} << 29, "the messages below name the limit as 2^29");

// The item as typed, a line end or tab inside it spelled \n or \t: the message stays one line.
std::string size_shown(const std::string& item) {
  std::string text;
  for (const char c : item) text += c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : std::string(1, c);
  return text;
}

[[noreturn]] void bad_size(const std::string& item, const std::string& why) {
  throw InputError("--sizes: '" + size_shown(item) + "' " + why + " (write e.g. 4096, 2^20, 2^20+3 or 2^12..2^28:2)");
}

// Past kMaxCheckedN the exact checks' integer sums pass 2^24, where float32
// rounds them, so a correct kernel could be judged wrong.
[[noreturn]] void too_large(const std::string& item) {
  bad_size(item, "is above 2^29 = " + std::to_string(kMaxCheckedN) +
                     ", the largest size whose exact checks stay exact in float32 (their integer sums would pass 2^24)");
}

// A plain decimal part of an item (core/io/whole_number.hpp): no sign, no
// leading zero; past 2^63 it is too large.
std::int64_t parse_integer(const std::string& text, const std::string& item) {
  WholeNumber number;
  const std::string problem = read_whole_number(text, number);
  if (problem.rfind("has a leading zero", 0) == 0) bad_size(item, problem);
  if (problem.rfind("is past", 0) == 0) too_large(item);
  if (!problem.empty()) bad_size(item, "is not a size");
  if (number.magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) too_large(item);
  return static_cast<std::int64_t>(number.magnitude);
}

// The ":s" of a range multiplies the exponent step; past 29 it could only
// repeat the lower end, and a wide number must not wrap into a small one
// (4294967297 once became step 1).
constexpr int kMaxExponent = 29;
int parse_step(const std::string& text, const std::string& item) {
  WholeNumber number;
  const std::string problem = read_whole_number(text, number);
  if (problem.rfind("has a leading zero", 0) == 0) bad_size(item, "has step " + text + ", which " + problem);
  if (!problem.empty() && problem.rfind("is past", 0) != 0)
    bad_size(item, "has a step that is not a whole number");
  if (!problem.empty() || number.magnitude < 1 || number.magnitude > kMaxExponent)
    bad_size(item, "has step " + text + "; the step of the exponent must be 1.." + std::to_string(kMaxExponent));
  return static_cast<int>(number.magnitude);
}

// "2^k", "2^k+c", "2^k-c" or a plain integer; `exponent` receives k (or -1).
std::int64_t parse_term(const std::string& text, const std::string& item, int& exponent) {
  exponent = -1;
  if (text.rfind("2^", 0) != 0) return parse_integer(text, item);
  const std::size_t sign = text.find_first_of("+-", 2);
  const std::int64_t k = parse_integer(text.substr(2, sign == std::string::npos ? std::string::npos : sign - 2), item);
  if (k > 40) too_large(item);  // checked against kMaxCheckedN once the value is known
  exponent = static_cast<int>(k);
  std::int64_t value = std::int64_t{1} << k;
  if (sign != std::string::npos) {
    const std::int64_t offset = parse_integer(text.substr(sign + 1), item);
    value = text[sign] == '+' ? value + offset : value - offset;
  }
  return value;
}
}  // namespace

std::vector<std::int64_t> parse_sizes(const std::string& text) {
  std::vector<std::int64_t> sizes;
  std::stringstream stream(text);
  for (std::string typed; std::getline(stream, typed, ',');) {
    // Only the ends are trimmed: whitespace inside an item is refused, never
    // deleted ("4096 8192" once read as one size, 40968192).
    const std::string item = trimmed(typed);
    if (item.empty()) bad_size(item, "is empty");
    if (item.find_first_of(" \t\n\r\f\v") != std::string::npos)
      bad_size(item, "has whitespace inside; separate sizes with commas");
    const std::size_t dots = item.find("..");
    if (dots == std::string::npos) {
      int exponent;
      sizes.push_back(parse_term(item, item, exponent));
    } else {
      std::string upper = item.substr(dots + 2);
      int step = 1;
      if (const std::size_t colon = upper.find(':'); colon != std::string::npos) {
        step = parse_step(upper.substr(colon + 1), item);
        upper = upper.substr(0, colon);
      }
      int from, to;
      parse_term(item.substr(0, dots), item, from);
      parse_term(upper, item, to);
      if (from < 0 || to < 0 || from > to || item.find_first_of("+-") != std::string::npos)
        bad_size(item, "is not a range of powers of two 2^i..2^j with i <= j");
      // Both ends are checked before expanding: k then never passes 2 x 29.
      if (to > kMaxExponent) too_large(item);
      for (int k = from; k <= to; k += step) sizes.push_back(std::int64_t{1} << k);
    }
    if (sizes.back() < 1) bad_size(item, "is not a positive size");
    if (sizes.back() > kMaxCheckedN) too_large(item);
  }
  if (sizes.empty()) throw InputError("--sizes: no sizes given");
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::vector<std::int64_t> default_sizes() { return parse_sizes("1,2^12..2^28:2,1000003,2^20+3"); }

std::uint64_t host_bytes_for_size(std::int64_t n, int element_bytes) {
  return 2 * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(element_bytes);
}

void require_host_memory(const std::vector<std::int64_t>& sizes, std::uint64_t physical_bytes, int element_bytes) {
  if (sizes.empty() || physical_bytes == 0) return;
  const std::int64_t n = *std::max_element(sizes.begin(), sizes.end());
  const std::uint64_t needed = host_bytes_for_size(n, element_bytes);
  if (needed > physical_bytes)
    throw InputError("--sizes: n = " + size_label(n) + " needs " + byte_figure(needed) +
                     " of host memory for its inputs (2 x " + std::to_string(n) + " x " + std::to_string(element_bytes) +
                     " bytes), more than this machine's " +
                     byte_figure(physical_bytes) + "; pass smaller --sizes");
}

std::string byte_figure(std::uint64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f GB (%llu bytes)", static_cast<double>(bytes) / 1e9,
                static_cast<unsigned long long>(bytes));
  return buf;
}

std::string size_label(std::int64_t n) {
  for (int k = 1; k < 40; ++k) {
    const std::int64_t p = std::int64_t{1} << k;
    if (n == p) return "2^" + std::to_string(k);
    if (n > p && n - p <= 16 && k >= 10) return "2^" + std::to_string(k) + "+" + std::to_string(n - p);
  }
  return std::to_string(n);
}

}  // namespace dotsweep
