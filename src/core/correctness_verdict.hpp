// Judges a variant's results against the references: the exact small-integer
// check (bit for bit), the float64 check within the a priori bound, and
// determinism (two runs, same bits).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/error_bound.hpp"
#include "core/input_data.hpp"

namespace dotsweep {

struct ObservedResults {
  float integer_result = 0;   // on small-integer inputs
  float random_first = 0;     // on uniform inputs, first run
  float random_second = 0;    // same inputs, second run
};

struct CorrectnessVerdict {
  bool correct = false;
  std::string reason;               // empty when correct
  double rel_err = 0;               // |r - ref| / sum|a_i b_i|
  double err_bound = 0;             // the bound on the same scale
  bool deterministic = false;
};

CorrectnessVerdict judge_results(const ObservedResults& observed, std::int64_t exact_integer,
                                 const DotReference& reference, const SummationShape& shape);

}  // namespace dotsweep
