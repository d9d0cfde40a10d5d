#include "core/size_list.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/input_data.hpp"
#include "core/input_error.hpp"

namespace dotsweep {

namespace {
static_assert(kMaxCheckedN == std::int64_t{1} << 29, "the messages below name the limit as 2^29");

[[noreturn]] void bad_size(const std::string& item, const std::string& why) {
  throw InputError("--sizes: '" + item + "' " + why + " (write e.g. 4096, 2^20, 2^20+3 or 2^12..2^28:2)");
}

// Past kMaxCheckedN the exact checks' integer sums pass 2^24, where float32
// rounds them, so a correct kernel could be judged wrong.
[[noreturn]] void too_large(const std::string& item) {
  bad_size(item, "is above 2^29 = " + std::to_string(kMaxCheckedN) +
                     ", the largest size whose exact checks stay exact in float32 (their integer sums would pass 2^24)");
}

std::int64_t parse_integer(const std::string& text, const std::string& item) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); }))
    bad_size(item, "is not a size");
  if (text.size() > 12) too_large(item);
  return std::stoll(text);
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
  for (std::string item; std::getline(stream, item, ',');) {
    item.erase(std::remove_if(item.begin(), item.end(), [](unsigned char c) { return std::isspace(c); }), item.end());
    if (item.empty()) bad_size(item, "is empty");
    const std::size_t dots = item.find("..");
    if (dots == std::string::npos) {
      int exponent;
      sizes.push_back(parse_term(item, item, exponent));
    } else {
      std::string upper = item.substr(dots + 2);
      int step = 1;
      if (const std::size_t colon = upper.find(':'); colon != std::string::npos) {
        step = static_cast<int>(parse_integer(upper.substr(colon + 1), item));
        upper = upper.substr(0, colon);
        if (step < 1) bad_size(item, "has a step under 1");
      }
      int from, to;
      parse_term(item.substr(0, dots), item, from);
      parse_term(upper, item, to);
      if (from < 0 || to < 0 || from > to || item.find_first_of("+-") != std::string::npos)
        bad_size(item, "is not a range of powers of two 2^i..2^j with i <= j");
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

std::string size_label(std::int64_t n) {
  for (int k = 0; k < 40; ++k) {
    const std::int64_t p = std::int64_t{1} << k;
    if (n == p) return "2^" + std::to_string(k);
    if (n > p && n - p <= 16 && k >= 10) return "2^" + std::to_string(k) + "+" + std::to_string(n - p);
  }
  return std::to_string(n);
}

}  // namespace dotsweep
