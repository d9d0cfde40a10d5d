// Host-side inputs and references: seeded random data (never zeros), small
// integers whose every partial sum is exact in float32, and the float64 /
// int64 references each variant is checked against.
#pragma once

#include <cstdint>
#include <vector>

namespace dotsweep {

// Uniform in (-1, 1), never zero; element i depends only on (seed, stream, i),
// so any slice can be regenerated and threads can fill in parallel.
float uniform_value(std::uint64_t seed, std::uint64_t stream, std::uint64_t i);
// One of -2, -1, 1, 2: products are +-1, +-2, +-4 and a random-sign sum of
// 2^28 of them stays far below 2^24, so every summation order is exact in float32.
float small_integer_value(std::uint64_t seed, std::uint64_t stream, std::uint64_t i);

enum class InputKind { uniform, small_integers };
// Fills `values` (already sized) using `threads` host threads.
void fill_inputs(std::vector<float>& values, InputKind kind, std::uint64_t seed, std::uint64_t stream, unsigned threads);

struct DotReference {
  double value = 0;     // sum a_i b_i in float64
  double sum_abs = 0;   // sum |a_i b_i|, the scale of the error bound
};
// Float64 reference, summed in fixed chunks so the result does not depend on `threads`.
DotReference reference_dot(const std::vector<float>& a, const std::vector<float>& b, unsigned threads);
// Exact integer dot product of small-integer inputs.
std::int64_t exact_integer_dot(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace dotsweep
