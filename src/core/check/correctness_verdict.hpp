// Judges an operation's results at one size against the references, in this
// order: NaN (never written), the random-integer check and the periodic check
// (both bit for bit against the exact int64 value), the float64 check on
// positive inputs within the a priori bound, then determinism (two runs, same
// bits) where the operation promises it. After timing, the result the last
// timed launch left must agree with the checked one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/check/error_bound.hpp"
#include "core/check/input_data.hpp"

namespace dotsweep {

// Results as read back from the result slot, widened to double (exactly: the
// slot is a float, or a double for f64).
struct ObservedResults {
  double random_integers = 0;    // result on random_integers inputs
  double periodic_integers = 0;  // result on periodic_integers inputs
  double float_first = 0;        // positive_uniform, first run
  double float_second = 0;       // same inputs, second run
};

struct ExpectedResults {
  ElementType type = ElementType::f32;                      // of the inputs: fixes the result slot's type
  std::int64_t random_integers = 0, periodic_integers = 0;  // exact
  DotReference floats;                                      // float64 reference of positive_uniform
};

struct CorrectnessVerdict {
  bool correct = false;
  std::string reason;       // empty when correct
  double rel_err = 0;       // |r - ref| / sum|a_i b_i|, the worse of the two float runs
  double err_bound = 0;     // the bound on the same scale
  bool deterministic = false;  // the two float runs gave the same bits (recorded either way)
};

// The bound uses the shape's accumulator (SummationShape::unit_roundoff, compensated).
// promises_determinism: the operation's finish sums in a fixed order (two-pass),
// so two runs differing in bits make it incorrect; atomic finishes only record it.
// The exact integer as the result slot of `type` holds it (a float, or a
// double for f64): what a correct operation returns on the exact sets.
double exact_in_result_slot(ElementType type, std::int64_t exact);
// The same for an operation whose result is first rounded to `rounded_output`
// (SummationShape::rounded_output), then widened into the slot.
double exact_in_result_slot(ElementType type, std::int64_t exact, const std::optional<ElementType>& rounded_output);

CorrectnessVerdict judge_results(const ObservedResults& observed, const ExpectedResults& expected,
                                 const SummationShape& shape, bool promises_determinism);

// After timing: the result left by the last timed launch (on the positive_uniform
// inputs) must equal the checked one: the same bits when the operation promises
// determinism, else within the float64 bound. Returns the reason when it does not.
std::optional<std::string> timed_result_mismatch(double timed_result, const ObservedResults& checked,
                                                 const CorrectnessVerdict& verdict, const ExpectedResults& expected,
                                                 bool promises_determinism);

// The same judgement over every timed launch whose result was read (cold:
// each sample; hot: each slot of each replay): a finish whose summation order
// depends on which block finishes last may agree on two checked launches and
// differ on the tenth. Returns "K of N timed launches ..." with the first
// differing launch's reason; an empty list is itself a mismatch (nothing
// timed was seen to compute anything).
std::optional<std::string> timed_results_mismatch(const std::vector<double>& timed_results,
                                                  const ObservedResults& checked, const CorrectnessVerdict& verdict,
                                                  const ExpectedResults& expected, bool promises_determinism);

}  // namespace dotsweep
