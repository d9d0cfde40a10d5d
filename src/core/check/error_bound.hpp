// A priori error bounds for a floating-point dot product, so a variant's result
// can be judged against a float64 reference.
#pragma once

#include <cstdint>
#include <optional>

#include "core/space/element_type.hpp"

namespace dotsweep {

// gamma_h = h u / (1 - h u) for unit roundoff u (Higham, Accuracy and Stability, 3.1).
double gamma_bound(double h, double unit_roundoff);

// The longest chain of roundings any product passes through on its way to the
// result: one for the product, then the per-thread sequential adds, the block
// tree, and the finish (a chain over all block partials for atomic or a
// single-thread second pass).
struct SummationShape {
  std::int64_t per_thread_terms = 1;  // adds one thread does sequentially
  int block = 256;                    // threads whose partials the block tree combines
  std::int64_t partials = 1;          // block partials the finish combines
  bool finish_is_sequential = true;   // atomic: a chain; tree second pass: log depth
  int finish_block = 1024;            // threads of a tree second pass
  // The accumulator's unit roundoff (2^-24 f32, 2^-53 f64): an f64 or f32
  // accumulator over f16 inputs gets the bound of what it sums in.
  double unit_roundoff = 0x1p-24;
  // Kahan-compensated per-thread sums: that chain contributes 2u + h^2 u^2
  // instead of h u (Higham 4.3), so a long chain no longer widens the bound.
  bool compensated = false;
  // Set when the result is rounded to a narrower type before it reaches the
  // result slot (cublasDotEx returns f16 or bf16): the checks then expect the
  // exact sums rounded to it, and the bound adds one rounding of the result.
  std::optional<ElementType> rounded_output;
};
double summation_depth(const SummationShape& shape);

// |result - reference| may not exceed this: margin x gamma_h x sum |a_i b_i|,
// h = summation_depth(shape), u = shape.unit_roundoff (the accumulator's).
double dot_error_bound(const SummationShape& shape, double sum_abs_products, double margin = 2.0);

}  // namespace dotsweep
