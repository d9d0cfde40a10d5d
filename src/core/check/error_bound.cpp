// Worst-case rounding error of a dot product as the kernel actually sums it:
// the bound grows with the longest chain of roundings, not with n, which is
// why the variant's shape (and not just n) goes in.
#include "core/check/error_bound.hpp"

#include <algorithm>
#include <limits>

namespace dotsweep {

namespace {

// Levels of a binary tree over `count` leaves; exact in integers (no log2 rounding).
std::int64_t ceil_log2(std::int64_t count) {
  std::int64_t levels = 0;
  for (std::int64_t span = 1; span < count; span *= 2) ++levels;
  return levels;
}

std::int64_t bound_ceil_div(std::int64_t a, std::int64_t b) { return b <= 0 ? a : (a + b - 1) / b; }

}  // namespace

double gamma_bound(double h, double unit_roundoff) {
  const double hu = h * unit_roundoff;
  // The a priori bound only holds while h u < 1; past that nothing is promised.
  if (hu >= 1.0) return std::numeric_limits<double>::infinity();
  return hu / (1.0 - hu);
}

double summation_depth(const SummationShape& s) {
  std::int64_t depth = 1 + ceil_log2(s.block);
  // A compensated chain of h terms errs by at most (2u + O(h u^2)) of its
  // magnitude: 2 roundings' worth, plus h^2 u in units of u. Never more than
  // the plain chain's h, which the sum then falls back to.
  double chain = static_cast<double>(s.per_thread_terms);
  if (s.compensated) {
    const double h = static_cast<double>(s.per_thread_terms);
    chain = std::min(chain, 2.0 + h * h * s.unit_roundoff);
  }
  if (s.finish_is_sequential)
    depth += s.partials;  // atomicAdd or one thread: each partial is one more add in a chain
  else
    depth += bound_ceil_div(s.partials, s.finish_block) + ceil_log2(s.finish_block);
  return static_cast<double>(depth) + chain;
}

double dot_error_bound(const SummationShape& shape, double sum_abs_products, double margin) {
  return margin * gamma_bound(summation_depth(shape), shape.unit_roundoff) * sum_abs_products;
}

}  // namespace dotsweep
