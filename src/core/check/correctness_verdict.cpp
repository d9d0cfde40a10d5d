#include "core/check/correctness_verdict.hpp"

#include <algorithm>

#include "core/check/element_array.hpp"
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

namespace dotsweep {

namespace {
bool same_bits(double x, double y) {
  std::uint64_t bx, by;
  std::memcpy(&bx, &x, sizeof bx);
  std::memcpy(&by, &y, sizeof by);
  return bx == by;
}

// Enough digits to tell values of the result's type apart: 9 for a value a
// float holds exactly (f32 slots), 17 for any other double.
std::string number(double value) {
  std::ostringstream out;
  out.precision(static_cast<double>(static_cast<float>(value)) == value ? 9 : 17);
  out << value;
  return out.str();
}

double scale_of(const DotReference& reference) { return reference.sum_abs > 0 ? reference.sum_abs : 1.0; }

double relative_error(double result, const DotReference& reference) {
  if (!std::isfinite(result)) return std::numeric_limits<double>::infinity();
  return std::fabs(result - reference.value) / scale_of(reference);
}

std::string float_check_failure(const char* run, double result, double rel_err, double bound,
                                const DotReference& reference) {
  return std::string("float64 check (") + run + "): error " + number(rel_err) + " exceeds bound " + number(bound) +
         " (result " + number(result) + ", float64 reference " + number(reference.value) + ")";
}
}  // namespace

double exact_in_result_slot(ElementType type, std::int64_t exact) {
  const double value = static_cast<double>(exact);
  return result_bytes(type) == 8 ? value : static_cast<double>(static_cast<float>(value));
}

double exact_in_result_slot(ElementType type, std::int64_t exact, const std::optional<ElementType>& rounded_output) {
  const double in_slot = exact_in_result_slot(type, exact);
  return rounded_output ? round_to_element(*rounded_output, in_slot) : in_slot;
}

CorrectnessVerdict judge_results(const ObservedResults& observed, const ExpectedResults& expected,
                                 const SummationShape& shape, bool promises_determinism) {
  CorrectnessVerdict verdict;
  verdict.deterministic = same_bits(observed.float_first, observed.float_second);
  const double scale = scale_of(expected.floats);
  verdict.err_bound = dot_error_bound(shape, scale) / scale;
  // A result rounded to a narrow type errs by up to u_out |r| more; |r| <= sum |a b|
  // (plus the summation error), so u_out (1 + bound) on the sum|a b| scale.
  if (shape.rounded_output) verdict.err_bound += unit_roundoff(*shape.rounded_output) * (1 + verdict.err_bound);
  const double first_err = relative_error(observed.float_first, expected.floats);
  const double second_err = relative_error(observed.float_second, expected.floats);
  verdict.rel_err = std::max(first_err, second_err);

  const double random_exact = exact_in_result_slot(expected.type, expected.random_integers, shape.rounded_output);
  const double periodic_exact = exact_in_result_slot(expected.type, expected.periodic_integers, shape.rounded_output);
  if (std::isnan(observed.random_integers) || std::isnan(observed.periodic_integers) ||
      std::isnan(observed.float_first) || std::isnan(observed.float_second)) {
    verdict.reason = "result is NaN: the output was never written";
  } else if (!std::isfinite(random_exact) || !std::isfinite(periodic_exact)) {
    // An exact sum past the range the result is returned in: no answer is right.
    verdict.reason = "exact sum " +
                     std::to_string(!std::isfinite(random_exact) ? expected.random_integers : expected.periodic_integers) +
                     " overflows " + to_string(*shape.rounded_output) + ", the type the result is returned in";
  } else if (!same_bits(observed.random_integers, random_exact)) {
    verdict.reason = "random-integer check: got " + number(observed.random_integers) + ", exact " +
                     std::to_string(expected.random_integers);
  } else if (!same_bits(observed.periodic_integers, periodic_exact)) {
    const double difference = observed.periodic_integers - static_cast<double>(expected.periodic_integers);
    verdict.reason = "periodic check: got " + number(observed.periodic_integers) + ", exact " +
                     std::to_string(expected.periodic_integers) + ", difference " + number(difference) +
                     " (each aligned 32-element period sums to 1: " +
                     (difference < 0 ? "about " + number(-difference) + " periods, or part of one, lost)"
                                     : "about " + number(difference) +
                                           " periods, or part of one, counted twice, or 4096 per element read past the end)");
  } else if (!(first_err <= verdict.err_bound)) {
    verdict.reason = float_check_failure("first run", observed.float_first, first_err, verdict.err_bound, expected.floats);
  } else if (!(second_err <= verdict.err_bound)) {
    verdict.reason =
        float_check_failure("second run", observed.float_second, second_err, verdict.err_bound, expected.floats);
  } else if (promises_determinism && !verdict.deterministic) {
    verdict.reason = "not deterministic: two runs gave " + number(observed.float_first) + " and " +
                     number(observed.float_second) + ", though this finish promises the same bits";
  } else {
    verdict.correct = true;
  }
  return verdict;
}

std::optional<std::string> timed_result_mismatch(double timed_result, const ObservedResults& checked,
                                                 const CorrectnessVerdict& verdict, const ExpectedResults& expected,
                                                 bool promises_determinism) {
  if (std::isnan(timed_result)) return std::string("timed result is NaN: the last timed launch never wrote the output");
  if (promises_determinism) {
    if (same_bits(timed_result, checked.float_first)) return std::nullopt;
    return "timed result " + number(timed_result) + " differs from the checked result " +
           number(checked.float_first) + ", though this finish promises the same bits";
  }
  const double rel_err = relative_error(timed_result, expected.floats);
  if (rel_err <= verdict.err_bound) return std::nullopt;
  return "timed result " + number(timed_result) + " (checked " + number(checked.float_first) + "): error " +
         number(rel_err) + " exceeds bound " + number(verdict.err_bound) + " against the float64 reference " +
         number(expected.floats.value);
}

std::optional<std::string> timed_results_mismatch(const std::vector<double>& timed_results,
                                                  const ObservedResults& checked, const CorrectnessVerdict& verdict,
                                                  const ExpectedResults& expected, bool promises_determinism) {
  if (timed_results.empty()) return std::string("no timed launch's result was read");
  std::size_t differing = 0, first = 0;
  std::optional<std::string> first_reason;
  for (std::size_t i = 0; i < timed_results.size(); ++i) {
    auto reason = timed_result_mismatch(timed_results[i], checked, verdict, expected, promises_determinism);
    if (!reason) continue;
    if (!first_reason) {
      first_reason = std::move(reason);
      first = i;
    }
    ++differing;
  }
  if (!first_reason) return std::nullopt;
  return std::to_string(differing) + " of " + std::to_string(timed_results.size()) +
         " timed launches differ; launch " + std::to_string(first + 1) + ": " + *first_reason;
}

}  // namespace dotsweep
