// Shared by the libFuzzer targets: what counts as a finding.
//
// Bad input must end in InputError (the CLI turns it into one line and exit 2).
// Anything else is a finding: a crash or sanitizer report (libFuzzer and
// ASan/UBSan stop on their own), another exception type escaping, or a
// target's own invariant failing (FUZZ_CHECK).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "core/input_error.hpp"

namespace dotsweep::fuzz {

[[noreturn]] inline void finding(const std::string& what) {
  std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
  std::abort();  // libFuzzer saves the input as crash-<sha1>
}

// Runs `fn`; InputError is the expected outcome for bad input.
template <class Fn>
void expect_input_error_only(Fn&& fn) {
  try {
    fn();
  } catch (const InputError&) {
  } catch (const std::exception& e) {
    finding(std::string("exception other than InputError escaped: ") + e.what());
  } catch (...) {
    finding("non-std exception escaped");
  }
}

}  // namespace dotsweep::fuzz

#define FUZZ_CHECK(cond)                                                              \
  do {                                                                                \
    if (!(cond)) ::dotsweep::fuzz::finding(std::string(__FILE__) + ":" +              \
                                           std::to_string(__LINE__) + ": " #cond);    \
  } while (0)
