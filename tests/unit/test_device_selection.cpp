// --devices all|i,j,...: parsing before any GPU is looked for, and the
// indices it resolves to on a host with a given number of GPUs.
#include <doctest/doctest.h>

#include "core/space/device_selection.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

TEST_CASE("parse_device_selection reads all or distinct indices in the order given") {
  CHECK(parse_device_selection("all").all);
  CHECK(parse_device_selection("all").indices.empty());
  const DeviceSelection some = parse_device_selection("2,0,7");
  CHECK_FALSE(some.all);
  CHECK(some.indices == std::vector<int>{2, 0, 7});
  CHECK(parse_device_selection("0").indices == std::vector<int>{0});
  CHECK(parse_device_selection("1023").indices == std::vector<int>{1023});
}

TEST_CASE("parse_device_selection refuses in one line with the value and what is accepted") {
  const auto refusal = [](const std::string& text) { return input_error_of([&] { parse_device_selection(text); }); };
  CHECK(contains(refusal(""), "--devices '': no GPU named; accepted: all, or distinct GPU indices"));
  CHECK(contains(refusal("0,0"), "GPU 0 is named twice"));
  CHECK(contains(refusal("1,2,1"), "GPU 1 is named twice"));
  CHECK(contains(refusal("0,"), "an empty entry"));
  CHECK(contains(refusal(",0"), "an empty entry"));
  CHECK(contains(refusal("0,all"), "'all' stands alone"));
  CHECK(contains(refusal("ALL"), "'ALL' is not a GPU index"));
  CHECK(contains(refusal("-1"), "'-1' is not a GPU index"));
  CHECK(contains(refusal("+1"), "'+1' is not a GPU index"));
  // Only an item's ends are trimmed; whitespace inside and a leading zero are named.
  CHECK(parse_device_selection(" 1 , 2\t").indices == std::vector<int>{1, 2});
  CHECK(contains(refusal("1 2"), "'1 2' has whitespace inside"));
  CHECK(contains(refusal("0,01"), "'01' has a leading zero; write 1"));
  CHECK(parse_device_selection("1023").indices == std::vector<int>{1023});
  CHECK(contains(refusal("0x1"), "'0x1' is not a GPU index"));
  CHECK(contains(refusal("1024"), "'1024' is not a GPU index"));
  CHECK(contains(refusal("99999999999"), "is not a GPU index"));
}

TEST_CASE("resolve_devices: all is every GPU of the host; an index it lacks is refused") {
  CHECK(resolve_devices(parse_device_selection("all"), 1) == std::vector<int>{0});
  CHECK(resolve_devices(parse_device_selection("all"), 4) == std::vector<int>{0, 1, 2, 3});
  CHECK(resolve_devices(parse_device_selection("3,1"), 4) == std::vector<int>{3, 1});
  const std::string lacks = input_error_of([] { resolve_devices(parse_device_selection("0,4"), 4); });
  CHECK(contains(lacks, "this host has no GPU 4; it has 4 (indices 0..3)"));
  CHECK(contains(input_error_of([] { resolve_devices(parse_device_selection("1"), 1); }), "no GPU 1"));
}
