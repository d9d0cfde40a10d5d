// The blocking kernel's timeout: 20 s by default, DOTSWEEP_BLOCKER_TIMEOUT_S
// whole seconds in 1..86400 otherwise, any other text refused in our words.
#include <doctest/doctest.h>

#include "core/input_error.hpp"
#include "gpu/stream_blocker.hpp"

using namespace dotsweep;

TEST_CASE("blocker timeout: unset or empty is 20 s; whole seconds at both ends of 1..86400 are taken") {
  CHECK(blocker_timeout_seconds(nullptr) == 20);
  CHECK(blocker_timeout_seconds("") == 20);
  CHECK(blocker_timeout_seconds("1") == 1);
  CHECK(blocker_timeout_seconds("600") == 600);
  CHECK(blocker_timeout_seconds("86400") == 86400);
}

TEST_CASE("blocker timeout: zero, too long, signs, fractions, words and overflow are refused, naming the value") {
  for (const char* bad : {"0", "86401", "99999", "999999999999999999999", "-5", "+5", "2.5", "10s", " 10", "ten"}) {
    CAPTURE(bad);
    try {
      blocker_timeout_seconds(bad);
      FAIL("accepted");
    } catch (const InputError& e) {
      const std::string message = e.what();
      CHECK(message.find(std::string("'") + bad + "'") != std::string::npos);
      CHECK(message.find("1..86400") != std::string::npos);
    }
  }
}
