// Host-side inputs and references. Every size is checked on three input sets,
// each chosen so that some class of wrong kernel cannot pass:
//
//  - random_integers: a, b in {-2, -1, 1, 2}, products +-1, +-2, +-4 with
//    random signs. Any single element or a mismatched pairing of a[i] with
//    b[j] changes the exact result (almost surely).
//  - periodic_integers: every aligned period of 32 elements sums to exactly 1,
//    so dropping or double-counting a block, a tile, a vector lane or a tail
//    element always changes the exact result (see periodic_pair_value).
//  - positive_uniform: a, b uniform in (0, 1), never zero. The dot product
//    then equals sum |a_i b_i|, so the float64 check's bound is tight relative
//    to the result: a result of 0, or of half the elements, fails it at every
//    size. These are also the data the timings run on.
//
// Element values depend only on (seed, kind, index), never on n or on the
// number of host threads: any slice can be regenerated, and the host fills
// them on all cores.
#pragma once

#include <cstdint>
#include <vector>

#include "core/check/element_array.hpp"
#include "core/space/element_type.hpp"
#include "core/space/size_list.hpp"

namespace dotsweep {

enum class InputKind { random_integers, periodic_integers, positive_uniform };

// Elements per period of periodic_integers.
inline constexpr std::int64_t kPeriodicPeriod = 32;

// kMaxCheckedN (core/space/size_list.hpp), the largest size a sweep measures,
// is the largest n whose exact checks are exact in float32. Every aligned period
// of periodic_integers sums to 1, so a sum over whole periods is at most
// n / 32 = 2^24 at n = 2^29: an integer every float32 holds exactly, in any
// order of adding whole tiles. Past 2^29 such sums reach odd integers above
// 2^24, which float32 rounds, and a correct kernel could fail the exact check.
// (The random_integers sums are random walks: about 2.5 sqrt(n) = 6e4 at 2^29,
// hundreds of standard deviations below 2^24.)
//
// The same cap serves every element type, because the limit is the
// accumulator's, not the element's: f16 and bf16 accumulate in f32 or wider,
// and f64 accumulates in f64 (exact to 2^53, far past any n memory allows).
// The elements themselves only need to hold the set's values, all integers of
// magnitude <= 30 (and the canary 64): exact in bf16 (2^8), f16 (2^11) and wider.
std::int64_t max_checked_n(ElementType type);

// The device buffers are padded past n and the padding filled with this value
// in both a and b (src/gpu/size_buffers.cpp), so a kernel that reads past the
// end adds 64 x 64 = 4096 per element read and fails the exact checks. 4096
// keeps every sum an integer well inside float32's exact range.
inline constexpr float kPaddingCanary = 64.0f;

// Doubles, so one value type serves every element type; every value the
// generators return is exact in the type it was generated for.
struct InputPairValue {
  double a = 0, b = 0;
};

// a, b in {-2, -1, 1, 2}, independently at random.
InputPairValue random_integer_pair_value(std::uint64_t seed, std::uint64_t i);

// Element i of period q = i / 32. The period holds the product +1 at 31
// positions and -30 at one position p(q) chosen by a hash of (seed, q), so it
// sums to exactly 1. +1 is (1, 1) or (-1, -1); -30 is one of (2, -15), (-2, 15),
// (1, -30), (-1, 30) or the same with a and b swapped; signs and factors are
// chosen by the hash, so every value of a and of b appears with both signs.
//
// The guarantee: a sum over any set of whole aligned periods equals the number
// of periods in it, so any set of whole aligned power-of-two tiles of >= 32
// elements (the tiles and blocks kernels use) sums to a positive number, and
// dropping or doubling one always changes the total; dropping or doubling a
// single element changes it by a nonzero product. Every partial sum a kernel
// forms over whole periods is an integer of at most n / 32, exact in float32
// up to kMaxCheckedN; a partial sum over any other set (one thread's strided
// elements) is at most its element count, exact while no thread alone sums
// more than 2^24 elements.
//
// The limit: the last n % 32 elements form a partial period whose sum is
// r = n % 32 (when p(q) >= r) or r - 31 (when -30 falls among them). A partial
// tile holding k whole periods and that remainder sums to k + r - 31, which is
// 0 when k = 31 - r: dropping such a last tile would go unseen by this check
// (the random_integers check still catches it almost surely). A set of
// elements that is not whole periods (thirty +1s and the -30 of one period, a
// vector lane across many periods) can also sum to 0, though for a lane over
// many periods only with negligible probability. And just under the limit,
// totals with a remainder can exceed 2^24 by at most 30 (2^24 - 1 whole
// periods plus a remainder of up to 31 +1s), where odd sums would round.
InputPairValue periodic_pair_value(std::uint64_t seed, std::uint64_t i);
// The position 0..31 of the -30 product within period q.
int periodic_negative_position(std::uint64_t seed, std::uint64_t q);

// (2k + 1) / 2^24 for 23 random bits k: odd numerators, so in (0, 1), never
// zero, and exact in float32.
InputPairValue positive_uniform_pair_value(std::uint64_t seed, std::uint64_t i);

// The same for `type`: (2k + 1) / 2^p for p - 1 random bits k, where p is the
// type's significand digits (24 f32, 53 f64, 11 f16, 8 bf16): exact in the
// type, in (0, 1), never zero, and never subnormal (the smallest is 2^-p).
InputPairValue positive_uniform_pair_value(ElementType type, std::uint64_t seed, std::uint64_t i);

// Element i of the given kind (f32 values).
InputPairValue input_pair_value(InputKind kind, std::uint64_t seed, std::uint64_t i);
// Element i of the given kind, exact in `type`. The integer kinds are the
// same values in every type; positive_uniform uses the type's digits.
InputPairValue input_pair_value(InputKind kind, ElementType type, std::uint64_t seed, std::uint64_t i);

// Fills a and b (both already sized to n) with elements 0..n-1 of `kind`,
// using `threads` host threads (0 counts as 1); the values do not depend on `threads`.
void fill_input_pair(std::vector<float>& a, std::vector<float>& b, InputKind kind, std::uint64_t seed,
                     unsigned threads);

// Typed: fills a and b (same type, both sized to n) with elements 0..n-1 of
// `kind` for their type.
void fill_input_pair(ElementArray& a, ElementArray& b, InputKind kind, std::uint64_t seed, unsigned threads);

struct DotReference {
  double value = 0;     // sum a_i b_i in float64
  double sum_abs = 0;   // sum |a_i b_i|, the scale of the error bound
};
// Float64 reference, summed in fixed chunks so the result does not depend on `threads`.
DotReference reference_dot(const std::vector<float>& a, const std::vector<float>& b, unsigned threads);
// Exact dot product of integer-valued inputs (either integer kind), in int64,
// using `threads` host threads (integer sums do not depend on the order).
std::int64_t exact_integer_dot(const std::vector<float>& a, const std::vector<float>& b, unsigned threads = 1);

// Typed: from the values as stored. The reference sums each product exactly
// (a product of two f64 is not exact in f64: it is split by an FMA into a sum
// of two doubles) with a compensated sum, so it stays far more accurate than
// any f64 kernel it judges, not just than f32 ones.
DotReference reference_dot(const ElementArray& a, const ElementArray& b, unsigned threads);
std::int64_t exact_integer_dot(const ElementArray& a, const ElementArray& b, unsigned threads = 1);

}  // namespace dotsweep
