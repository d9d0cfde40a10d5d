// libFuzzer target: parse_space_text (variants/*.toml). An accepted space
// keeps its source text and has unique variant ids.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>

#include "core/space/space_file.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  dotsweep::fuzz::expect_input_error_only([&] {
    const auto space = dotsweep::parse_space_text(text, "fuzz.toml");
    FUZZ_CHECK(space.source_text == text);
    std::unordered_set<std::string> ids;
    for (const auto& config : space.configs) FUZZ_CHECK(ids.insert(config.id()).second);
  });
  return 0;
}
