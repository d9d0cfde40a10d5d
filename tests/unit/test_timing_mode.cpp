#include <doctest/doctest.h>

#include "core/input_error.hpp"
#include "core/space/timing_mode.hpp"

using namespace dotsweep;

TEST_CASE("timing modes parse in the order given and print back") {
  CHECK(parse_timing_modes("cold") == std::vector<TimingMode>{TimingMode::cold});
  CHECK(parse_timing_modes("hot,cold") == std::vector<TimingMode>{TimingMode::hot, TimingMode::cold});
  CHECK(to_string(TimingMode::cold) == "cold");
  CHECK(to_string(TimingMode::hot) == "hot");
}

TEST_CASE("an unknown or empty mode list is bad input naming it") {
  CHECK_THROWS_WITH_AS(parse_timing_modes("warm"), doctest::Contains("'warm'"), InputError);
  CHECK_THROWS_AS(parse_timing_modes(""), InputError);
  CHECK_THROWS_AS(parse_timing_modes(","), InputError);
}

TEST_CASE("a mode given twice or an empty item is bad input, not quietly dropped") {
  CHECK_THROWS_WITH_AS(parse_timing_modes("cold,cold"), doctest::Contains("names cold twice"), InputError);
  CHECK_THROWS_WITH_AS(parse_timing_modes("hot,cold,hot"), doctest::Contains("names hot twice"), InputError);
  CHECK_THROWS_WITH_AS(parse_timing_modes("cold,,hot"), doctest::Contains("empty item"), InputError);
  CHECK_THROWS_WITH_AS(parse_timing_modes("cold,"), doctest::Contains("empty item"), InputError);
  CHECK_THROWS_WITH_AS(parse_timing_modes(",hot"), doctest::Contains("empty item"), InputError);
}
