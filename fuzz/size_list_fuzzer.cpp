// libFuzzer target: parse_sizes (the --sizes option). Accepted lists must be
// ascending, de-duplicated and within 1..kMaxCheckedN, as size_list.hpp promises.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/check/input_data.hpp"
#include "core/space/size_list.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  dotsweep::fuzz::expect_input_error_only([&] {
    const auto sizes = dotsweep::parse_sizes(text);
    FUZZ_CHECK(!sizes.empty());
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      FUZZ_CHECK(sizes[i] >= 1 && sizes[i] <= dotsweep::kMaxCheckedN);
      FUZZ_CHECK(i == 0 || sizes[i - 1] < sizes[i]);
      FUZZ_CHECK(!dotsweep::size_label(sizes[i]).empty());
    }
  });
  return 0;
}
