#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/space/size_list.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
using Sizes = std::vector<std::int64_t>;
constexpr std::int64_t p2(int k) { return std::int64_t{1} << k; }

std::string size_error_of(const std::string& text) {
  return input_error_of([&] { parse_sizes(text); });
}
}  // namespace

TEST_CASE("single sizes") {
  CHECK(parse_sizes("4096") == Sizes{4096});
  CHECK(parse_sizes("1") == Sizes{1});
  CHECK(parse_sizes("1000003") == Sizes{1000003});
  CHECK(parse_sizes("2^20") == Sizes{p2(20)});
  CHECK(parse_sizes("2^0") == Sizes{1});
  CHECK(parse_sizes("2^20+3") == Sizes{p2(20) + 3});
  CHECK(parse_sizes("2^20-1") == Sizes{p2(20) - 1});
  CHECK(parse_sizes("2^29") == Sizes{p2(29)});  // the largest size allowed: kMaxCheckedN
  CHECK(parse_sizes("536870912") == Sizes{p2(29)});
  CHECK(parse_sizes("2^29-1") == Sizes{p2(29) - 1});
  CHECK(kMaxCheckedN == p2(29));
}

TEST_CASE("sizes past 2^29 are refused: the exact checks would not be exact in float32") {
  // Each message names the size, the limit and the reason.
  for (const std::string item : {"2^34", "2^30", "2^29+1", "536870913", "2^28..2^30", "2^40", "1234567890123"}) {
    CAPTURE(item);
    const std::string message = size_error_of(item);
    CHECK(contains(message, "'" + item + "'"));
    CHECK(contains(message, "2^29"));
    CHECK(contains(message, "536870912"));
    CHECK(contains(message, "exact"));
    CHECK(contains(message, "float32"));
  }
  // Among valid sizes the refused one is named, not its neighbours.
  const std::string mixed = size_error_of("4096, 2^30, 2^20");
  CHECK(contains(mixed, "'2^30'"));
  CHECK_FALSE(contains(mixed, "'4096'"));
  // A range ending at the limit is fine; one step past it is not.
  CHECK(parse_sizes("2^27..2^29") == Sizes{p2(27), p2(28), p2(29)});
  CHECK(contains(size_error_of("2^27..2^30"), "'2^27..2^30'"));
}

TEST_CASE("ranges of powers of two") {
  CHECK(parse_sizes("2^12..2^16") == Sizes{p2(12), p2(13), p2(14), p2(15), p2(16)});
  CHECK(parse_sizes("2^12..2^28:2") ==
        Sizes{p2(12), p2(14), p2(16), p2(18), p2(20), p2(22), p2(24), p2(26), p2(28)});
  CHECK(parse_sizes("2^12..2^12") == Sizes{p2(12)});
  // The step need not land on the upper end.
  CHECK(parse_sizes("2^10..2^15:3") == Sizes{p2(10), p2(13)});
}

TEST_CASE("comma lists with spaces are sorted and de-duplicated") {
  CHECK(parse_sizes(" 4096 , 2^10 ,4096,  1000003") == Sizes{1024, 4096, 1000003});
  CHECK(parse_sizes("2^16, 2^12..2^16, 2^14") == Sizes{p2(12), p2(13), p2(14), p2(15), p2(16)});
  CHECK(parse_sizes("2^20+3,1000003,2^20") == Sizes{1000003, p2(20), p2(20) + 3});
  CHECK(parse_sizes("8192,4096") == Sizes{4096, 8192});
}

TEST_CASE("bad sizes throw InputError naming the item") {
  // Each message quotes the offending item, not a neighbour.
  const std::string empty = size_error_of("4096,,8192");
  CHECK(contains(empty, "''"));
  CHECK(contains(empty, "empty"));
  CHECK(contains(size_error_of("4096, "), "empty"));

  const std::string abc = size_error_of("4096, abc");
  CHECK(contains(abc, "'abc'"));
  CHECK_FALSE(contains(abc, "'4096'"));

  const std::string huge_exponent = size_error_of("2^99");
  CHECK(contains(huge_exponent, "'2^99'"));
  CHECK(contains(huge_exponent, "2^29"));

  CHECK(contains(size_error_of("2^16..2^12"), "'2^16..2^12'"));
  CHECK(contains(size_error_of("2^12+1..2^14"), "'2^12+1..2^14'"));
  CHECK(contains(size_error_of("2^12..2^14-1"), "'2^12..2^14-1'"));
  CHECK(contains(size_error_of("4096..8192"), "'4096..8192'"));  // plain numbers are no range

  const std::string step0 = size_error_of("2^12..2^28:0");
  CHECK(contains(step0, "'2^12..2^28:0'"));
  CHECK(contains(step0, "step"));

  CHECK(contains(size_error_of("2^34+1"), "'2^34+1'"));
  CHECK(contains(size_error_of("17179869185"), "'17179869185'"));  // 2^34 + 1
  CHECK(contains(size_error_of("2^35"), "'2^35'"));
  CHECK(contains(size_error_of("2^30..2^35"), "'2^30..2^35'"));
  CHECK(contains(size_error_of("4096,0"), "'0'"));
  CHECK(contains(size_error_of("4096,0"), "not a positive size"));
  CHECK(contains(size_error_of("2^10-1024"), "'2^10-1024'"));  // zero
  CHECK(contains(size_error_of("-5"), "'-5'"));

  // No items at all still is an InputError with a message.
  CHECK_FALSE(size_error_of("").empty());
}

TEST_CASE("default sizes") {
  Sizes expected = {1, 1000003, p2(20) + 3};
  for (int k = 12; k <= 28; k += 2) expected.push_back(p2(k));
  std::sort(expected.begin(), expected.end());
  const Sizes got = default_sizes();
  CHECK(got == expected);
  CHECK(got.size() == 12);
  CHECK(got.front() == 1);
  CHECK(got.back() == p2(28));
}

TEST_CASE("size labels") {
  CHECK(size_label(p2(20)) == "2^20");
  CHECK(size_label(p2(20) + 3) == "2^20+3");
  CHECK(size_label(1000003) == "1000003");
  CHECK(size_label(p2(12)) == "2^12");
  CHECK(size_label(p2(28)) == "2^28");
  CHECK(size_label(1) == "1");
  CHECK(size_label(3) == "3");
  CHECK(size_label(p2(20) - 1) == "1048575");  // no "2^20-1" form
}

TEST_CASE("range steps and ends that once overflowed are refused, not wrapped") {
  // 2^34..2^34:2147483647 once yielded 35 sizes (k += step wrapped), and
  // :4294967297 became step 1 (the cast to int dropped the high bits).
  for (const std::string item : {"2^34..2^34:2147483647", "2^12..2^28:4294967297", "2^12..2^28:30",
                                 "2^12..2^28:99999999999999999999", "2^12..2^28:0", "2^12..2^28:-1",
                                 "2^12..2^28:x", "2^12..2^28:"}) {
    CAPTURE(item);
    const std::string message = size_error_of(item);
    CHECK(contains(message, "'" + item + "'"));
    CHECK(contains(message, "step"));
  }
  CHECK(contains(size_error_of("2^12..2^28:4294967297"), "1..29"));
  // Ends past 2^29 are refused by the size limit whatever the step.
  CHECK(contains(size_error_of("2^28..2^34:1"), "2^29"));
  CHECK(contains(size_error_of("2^40..2^40"), "2^29"));
  // The largest step is accepted and lands on the lower end only.
  CHECK(parse_sizes("2^0..2^29:29") == Sizes{1, p2(29)});
  CHECK(parse_sizes("2^12..2^28:29") == Sizes{p2(12)});
  // A step with a leading zero is refused, as every number is.
  CHECK(contains(size_error_of("2^12..2^16:02"), "'2^12..2^16:02' has step 02, which has a leading zero; write 2"));
}

TEST_CASE("only an item's ends are trimmed: whitespace inside and leading zeros are refused, named") {
  CHECK(parse_sizes("\t4096\n, 8192 ") == Sizes{4096, 8192});
  CHECK(size_error_of("4096\n8192") == "--sizes: '4096\\n8192' has whitespace inside; separate sizes with commas (write "
                                  "e.g. 4096, 2^20, 2^20+3 or 2^12..2^28:2)");  // one line: the line end spelled \\n
  for (const std::string item : {"4096 8192", "2^2 0", "2^12 ..2^14", "2^20 +3"}) {
    CAPTURE(item);
    CHECK(size_error_of(item) == "--sizes: '" + item + "' has whitespace inside; separate sizes with commas (write e.g. "
                            "4096, 2^20, 2^20+3 or 2^12..2^28:2)");
  }
  CHECK(contains(size_error_of("010"), "'010' has a leading zero; write 10"));
  CHECK(contains(size_error_of("0000000000004096"), "'0000000000004096' has a leading zero; write 4096"));
  CHECK(contains(size_error_of("2^012"), "'2^012' has a leading zero; write 12"));
  CHECK(contains(size_error_of("2^20+03"), "'2^20+03' has a leading zero; write 3"));
  CHECK(contains(size_error_of("00"), "'00' has a leading zero; write 0"));
  CHECK(contains(size_error_of("0"), "not a positive size"));  // a lone 0 is a number, just not a size
  CHECK(parse_sizes("10") == Sizes{10});
  CHECK(contains(size_error_of("99999999999999999999"), "above 2^29"));  // past 2^64: too large, not "not a size"
  CHECK(contains(size_error_of("9223372036854775808"), "above 2^29"));   // 2^63: past int64
}

TEST_CASE("host memory: the largest size's inputs must fit") {
  CHECK(host_bytes_for_size(1) == 8);
  CHECK(host_bytes_for_size(p2(29), 8) == std::uint64_t{1} << 33);  // f64 inputs
  CHECK_NOTHROW(require_host_memory({p2(29)}, std::uint64_t{1} << 32, 4));
  CHECK(input_error_of([] { require_host_memory({p2(29)}, std::uint64_t{1} << 32, 8); }).find("x 8 bytes") !=
        std::string::npos);
  CHECK(host_bytes_for_size(p2(29)) == std::uint64_t{1} << 32);
  CHECK_NOTHROW(require_host_memory({4096, p2(29)}, std::uint64_t{1} << 33));
  CHECK_NOTHROW(require_host_memory({p2(29)}, std::uint64_t{1} << 32));  // exactly enough
  CHECK_NOTHROW(require_host_memory({p2(29)}, 0));                        // unknown: not refused
  CHECK_NOTHROW(require_host_memory({}, 1));
  const std::string message = input_error_of([] { require_host_memory({4096, p2(29), p2(20)}, std::uint64_t{2} << 30); });
  CHECK(contains(message, "n = 2^29"));
  CHECK(contains(message, "4.29 GB (4294967296 bytes)"));
  CHECK(contains(message, "2 x 536870912 x 4 bytes"));
  CHECK(contains(message, "2.15 GB (2147483648 bytes)"));
  CHECK(contains(message, "--sizes"));
}
