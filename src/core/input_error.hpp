// Bad input from the user (a space file, a CSV, an option): the CLI prints the
// message as one line and exits non-zero. Messages name the input and the fix.
#pragma once

#include <stdexcept>
#include <string>

namespace dotsweep {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dotsweep
