#include "core/correctness_verdict.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

namespace dotsweep {

namespace {
constexpr double kFloatUnitRoundoff = 5.9604644775390625e-8;  // 2^-24

bool same_bits(float x, float y) {
  std::uint32_t bx, by;
  std::memcpy(&bx, &x, sizeof bx);
  std::memcpy(&by, &y, sizeof by);
  return bx == by;
}

std::string number(double value) {
  std::ostringstream out;
  out.precision(9);
  out << value;
  return out.str();
}
}  // namespace

CorrectnessVerdict judge_results(const ObservedResults& observed, std::int64_t exact_integer,
                                 const DotReference& reference, const SummationShape& shape) {
  CorrectnessVerdict verdict;
  verdict.deterministic = same_bits(observed.random_first, observed.random_second);
  const double scale = reference.sum_abs > 0 ? reference.sum_abs : 1.0;
  verdict.err_bound = dot_error_bound(shape, kFloatUnitRoundoff, scale) / scale;
  verdict.rel_err = std::fabs(static_cast<double>(observed.random_first) - reference.value) / scale;

  const float exact_as_float = static_cast<float>(exact_integer);
  if (std::isnan(observed.random_first) || std::isnan(observed.integer_result)) {
    verdict.reason = "result is NaN: the output was never written";
  } else if (!same_bits(observed.integer_result, exact_as_float)) {
    verdict.reason = "small-integer check: got " + number(observed.integer_result) + ", exact " +
                     std::to_string(exact_integer);
  } else if (!std::isfinite(observed.random_first) || !(verdict.rel_err <= verdict.err_bound)) {
    verdict.reason = "error " + number(verdict.rel_err) + " exceeds bound " + number(verdict.err_bound) +
                     " (result " + number(observed.random_first) + ", float64 reference " + number(reference.value) + ")";
  } else {
    verdict.correct = true;
  }
  return verdict;
}

}  // namespace dotsweep
