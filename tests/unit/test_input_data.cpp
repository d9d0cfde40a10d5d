#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/check/input_data.hpp"

using namespace dotsweep;

namespace {
bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

constexpr InputKind kAllKinds[] = {InputKind::random_integers, InputKind::periodic_integers,
                                   InputKind::positive_uniform};

struct Inputs {
  std::vector<float> a, b;
};
Inputs make_inputs(InputKind kind, std::size_t n, std::uint64_t seed, unsigned threads = 2) {
  Inputs in{std::vector<float>(n, 0.0f), std::vector<float>(n, 0.0f)};
  fill_input_pair(in.a, in.b, kind, seed, threads);
  return in;
}

// Exact int64 products of integer-valued inputs.
std::vector<std::int64_t> products(const Inputs& in) {
  std::vector<std::int64_t> p(in.a.size());
  for (std::size_t i = 0; i < p.size(); ++i)
    p[i] = static_cast<std::int64_t>(in.a[i]) * static_cast<std::int64_t>(in.b[i]);
  return p;
}

// The periodic total from the rule alone, without generating the elements:
// every whole period sums to 1; the partial period of r = n % 32 elements sums
// to r, less 31 when its -30 falls among them.
std::int64_t periodic_total_by_rule(std::uint64_t seed, std::int64_t n) {
  const std::int64_t periods = n / kPeriodicPeriod, r = n % kPeriodicPeriod;
  std::int64_t total = periods;
  if (r > 0) total += periodic_negative_position(seed, periods) < r ? r - 31 : r;
  return total;
}
}  // namespace

TEST_CASE("random integers are -2, -1, 1 or 2, all four appearing in a and in b, a and b independent") {
  std::map<float, int> counts_a, counts_b;
  std::map<std::int64_t, int> product_counts;
  const int n = 8000;
  const Inputs in = make_inputs(InputKind::random_integers, n, 9);
  for (int i = 0; i < n; ++i) {
    ++counts_a[in.a[i]];
    ++counts_b[in.b[i]];
    ++product_counts[static_cast<std::int64_t>(in.a[i] * in.b[i])];
  }
  for (const auto* counts : {&counts_a, &counts_b}) {
    REQUIRE(counts->size() == 4);
    for (const float v : {-2.0f, -1.0f, 1.0f, 2.0f}) {
      CAPTURE(v);
      REQUIRE(counts->count(v) == 1);
      CHECK(counts->at(v) > n / 8);
      CHECK(counts->at(v) < n * 3 / 8);
    }
  }
  // a and b drawn independently: all six products with both signs, +-2 the most common.
  CHECK(product_counts.size() == 6);
  for (const std::int64_t p : {-4, -2, -1, 1, 2, 4}) CHECK(product_counts[p] > n / 16);
  CHECK(product_counts[2] > product_counts[4]);
  CHECK(product_counts[-2] > product_counts[-1]);
}

TEST_CASE("element values depend on the seed and the index, and on nothing else") {
  for (const InputKind kind : kAllKinds) {
    CAPTURE(static_cast<int>(kind));
    // Element i is the same whether generated alone, as part of a short
    // vector or of a long one (no hidden state, no dependence on n).
    const Inputs short_run = make_inputs(kind, 1000, 11, 1);
    const Inputs long_run = make_inputs(kind, 70001, 11, 3);
    CHECK(std::equal(short_run.a.begin(), short_run.a.end(), long_run.a.begin()));
    CHECK(std::equal(short_run.b.begin(), short_run.b.end(), long_run.b.begin()));
    bool alone_matches = true;
    for (std::uint64_t i : {0ull, 1ull, 31ull, 32ull, 999ull, 65535ull, 65536ull, 70000ull}) {
      const InputPairValue v = input_pair_value(kind, 11, i);
      alone_matches = alone_matches && v.a == long_run.a[i] && v.b == long_run.b[i];
    }
    CHECK(alone_matches);

    // Another seed gives other values; the element at the next index is another value.
    const Inputs other_seed = make_inputs(kind, 1000, 12, 1);
    int same_seed = 0, same_neighbour = 0;
    for (std::size_t i = 0; i + 1 < 1000; ++i) {
      same_seed += short_run.a[i] == other_seed.a[i] && short_run.b[i] == other_seed.b[i];
      same_neighbour += short_run.a[i] == short_run.a[i + 1] && short_run.b[i] == short_run.b[i + 1];
    }
    // Random integers and periodic +1s repeat by chance (1/16 and 1/2 of pairs); uniform values never.
    const int limit = kind == InputKind::positive_uniform ? 2 : kind == InputKind::random_integers ? 120 : 600;
    CHECK(same_seed < limit);
    CHECK(same_neighbour < limit);
  }
}

TEST_CASE("positive uniform values are in (0, 1), never zero or negative, odd multiples of 2^-24") {
  const std::size_t n = 1 << 20;
  const Inputs in = make_inputs(InputKind::positive_uniform, n, 42);
  for (const auto* values : {&in.a, &in.b}) {
    double sum = 0;
    float lo = 1, hi = 0;
    std::size_t bad = 0, not_odd = 0;
    for (const float v : *values) {
      bad += !(v > 0.0f && v < 1.0f);
      const double scaled = static_cast<double>(v) * 16777216.0;  // exact
      not_odd += std::fmod(scaled, 2.0) != 1.0;
      sum += v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    CHECK(bad == 0);
    CHECK(not_odd == 0);
    // Spread over the whole interval, centred on 1/2.
    CHECK(lo < 0.001f);
    CHECK(hi > 0.999f);
    CHECK(std::fabs(sum / n - 0.5) < 0.01);
  }
  // The dot product is sum |a_i b_i|: the float64 check's scale is the result itself.
  const DotReference r = reference_dot(in.a, in.b, 2);
  CHECK(r.value == r.sum_abs);
  CHECK(r.value == doctest::Approx(n / 4.0).epsilon(0.01));
}

TEST_CASE("periodic integers: each aligned period of 32 holds +1 at 31 positions and -30 at one") {
  const std::size_t periods = 4096, n = periods * kPeriodicPeriod;
  const Inputs in = make_inputs(InputKind::periodic_integers, n, 5);
  const std::vector<std::int64_t> p = products(in);
  std::size_t bad_period = 0, wrong_position = 0, non_integer = 0;
  std::map<int, int> position_counts;
  std::set<std::pair<float, float>> negative_forms;
  int plus_plus = 0, minus_minus = 0;
  for (std::size_t q = 0; q < periods; ++q) {
    int plus_ones = 0, minus_thirties = 0, position = -1;
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < kPeriodicPeriod; ++k) {
      const std::size_t i = q * kPeriodicPeriod + k;
      non_integer += in.a[i] != std::trunc(in.a[i]) || in.b[i] != std::trunc(in.b[i]);
      sum += p[i];
      if (p[i] == 1) {
        ++plus_ones;
        (in.a[i] > 0 ? plus_plus : minus_minus) += 1;
      } else if (p[i] == -30) {
        ++minus_thirties;
        position = static_cast<int>(k);
        negative_forms.insert({in.a[i], in.b[i]});
      }
    }
    bad_period += !(plus_ones == 31 && minus_thirties == 1 && sum == 1);
    wrong_position += position != periodic_negative_position(5, q);
    ++position_counts[position];
  }
  CHECK(bad_period == 0);
  CHECK(non_integer == 0);
  CHECK(wrong_position == 0);
  // The -30 moves around: every position is used, none much more than 1/32 of the time.
  CHECK(position_counts.size() == 32);
  for (const auto& [position, count] : position_counts) {
    CAPTURE(position);
    CHECK(count > static_cast<int>(periods) / 64);
    CHECK(count < static_cast<int>(periods) * 3 / 64);
  }
  // +1 is (1, 1) or (-1, -1), about half each; -30 takes all eight factor forms.
  CHECK(plus_plus > 0.45 * periods * 31);
  CHECK(minus_minus > 0.45 * periods * 31);
  CHECK(negative_forms == std::set<std::pair<float, float>>{{2, -15}, {-2, 15}, {1, -30}, {-1, 30},
                                                            {-15, 2}, {15, -2}, {-30, 1}, {30, -1}});
}

TEST_CASE("periodic totals are n/32 plus the remainder period's own sum, exactly") {
  const std::uint64_t seed = 77;
  int with_negative = 0, without_negative = 0;  // remainder cases met
  // Remainders 0, 1, 3, 31 and ragged sizes across chunk boundaries.
  for (const std::int64_t n : {1LL, 3LL, 31LL, 32LL, 33LL, 4097LL, 65537LL, 1000003LL, (1LL << 20) + 3,
                               (1LL << 20) + 31, 1LL << 20}) {
    CAPTURE(n);
    const Inputs in = make_inputs(InputKind::periodic_integers, static_cast<std::size_t>(n), seed, 3);
    const std::int64_t expected = periodic_total_by_rule(seed, n);
    CHECK(exact_integer_dot(in.a, in.b, 1) == expected);
    CHECK(exact_integer_dot(in.a, in.b, 4) == expected);
    CHECK(reference_dot(in.a, in.b, 2).value == static_cast<double>(expected));
    // n/32 within the remainder's reach.
    CHECK(expected >= n / kPeriodicPeriod - 30);
    CHECK(expected <= n / kPeriodicPeriod + 31);
    if (n % kPeriodicPeriod != 0) (expected < n / kPeriodicPeriod + n % kPeriodicPeriod ? with_negative : without_negative) += 1;
  }
  // Both cases of the remainder rule occur among the sizes tried (else half the rule is untested).
  CHECK(with_negative > 0);
  CHECK(without_negative > 0);
}

TEST_CASE("periodic: dropping or doubling any aligned tile, lane or single element changes the total") {
  const std::int64_t n = (1LL << 20) + 3;  // a remainder of 3: a float4 tail exists
  const Inputs in = make_inputs(InputKind::periodic_integers, static_cast<std::size_t>(n), 3);
  const std::vector<std::int64_t> p = products(in);
  std::vector<std::int64_t> prefix(p.size() + 1, 0);
  for (std::size_t i = 0; i < p.size(); ++i) prefix[i + 1] = prefix[i] + p[i];
  const std::int64_t total = prefix.back();
  REQUIRE(total == exact_integer_dot(in.a, in.b, 2));

  // A dropped tile changes the total by -sum, a doubled one by +sum: both need sum != 0.
  for (std::int64_t tile = 32; tile <= 4096; tile *= 2) {
    CAPTURE(tile);
    std::size_t zero_tiles = 0, wrong_whole_tiles = 0;
    for (std::int64_t begin = 0; begin < n; begin += tile) {
      const std::int64_t end = std::min(n, begin + tile);
      const std::int64_t sum = prefix[end] - prefix[begin];
      zero_tiles += sum == 0;
      if (end - begin == tile) wrong_whole_tiles += sum != tile / kPeriodicPeriod;  // whole tiles: one per period
    }
    CHECK(zero_tiles == 0);
    CHECK(wrong_whole_tiles == 0);
  }
  // Every single element: no product is zero.
  CHECK(std::count(p.begin(), p.end(), 0) == 0);
  // Each lane of float4 (and float2) loads, over the whole vectors; and the scalar tail.
  for (const std::int64_t vec : {2LL, 4LL}) {
    const std::int64_t vectors = n / vec;
    for (std::int64_t lane = 0; lane < vec; ++lane) {
      std::int64_t lane_sum = 0;
      for (std::int64_t v = 0; v < vectors; ++v) lane_sum += p[v * vec + lane];
      CAPTURE(vec);
      CAPTURE(lane);
      CHECK(lane_sum != 0);
    }
    const std::int64_t tail_sum = prefix[n] - prefix[vectors * vec];
    CHECK(tail_sum != 0);
  }
}

TEST_CASE("the largest checked size keeps the periodic sums exact in float32") {
  // Sums over whole periods are at most n/32: 2^24 at the limit, which float32 holds.
  const std::int64_t max_whole_period_sum = kMaxCheckedN / kPeriodicPeriod;
  CHECK(max_whole_period_sum == (1LL << 24));
  CHECK(static_cast<std::int64_t>(static_cast<float>(max_whole_period_sum)) == max_whole_period_sum);
  // One size up (2^30) would reach 2^25, where odd integers are not floats.
  const std::int64_t beyond = 2 * kMaxCheckedN / kPeriodicPeriod + 1;
  CHECK(static_cast<std::int64_t>(static_cast<float>(beyond)) != beyond);
  // A read past the end adds kPaddingCanary^2 = 4096 per element, exactly.
  CHECK(kPaddingCanary * kPaddingCanary == 4096.0f);
  CHECK(static_cast<float>(max_whole_period_sum) + kPaddingCanary * kPaddingCanary ==
        static_cast<float>(max_whole_period_sum + 4096));
}

TEST_CASE("fill_input_pair does not depend on the thread count") {
  const std::size_t n = 200003;  // several chunks and a ragged tail
  for (const InputKind kind : kAllKinds) {
    CAPTURE(static_cast<int>(kind));
    const Inputs one = make_inputs(kind, n, 5, 1);
    const Inputs four = make_inputs(kind, n, 5, 4);
    const Inputs zero = make_inputs(kind, n, 5, 0);  // 0 threads counts as one
    CHECK(one.a == four.a);
    CHECK(one.b == four.b);
    CHECK(one.a == zero.a);
    CHECK(one.b == zero.b);
    // Every element is the per-index value, tail included: no element left unwritten.
    bool all_match = true;
    for (std::size_t i = 0; i < n && all_match; ++i) {
      const InputPairValue v = input_pair_value(kind, 5, i);
      all_match = four.a[i] == v.a && four.b[i] == v.b;
    }
    CHECK(all_match);
    CHECK(std::count(four.a.begin(), four.a.end(), 0.0f) == 0);
    CHECK(std::count(four.b.begin(), four.b.end(), 0.0f) == 0);
  }
}

TEST_CASE("reference dot on a small vector") {
  const std::vector<float> a = {1.0f, 2.0f, -3.0f, 0.5f};
  const std::vector<float> b = {4.0f, -1.0f, 2.0f, 10.0f};
  const DotReference r = reference_dot(a, b, 1);
  CHECK(r.value == 1.0);      // 4 - 2 - 6 + 5
  CHECK(r.sum_abs == 17.0);   // 4 + 2 + 6 + 5

  // Products are taken in float64: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is not a float.
  const float x = 1.0f + std::ldexp(1.0f, -12);
  const DotReference sq = reference_dot({x}, {x}, 1);
  CHECK(sq.value == 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -24));
  CHECK(sq.sum_abs == sq.value);

  const DotReference neg = reference_dot({-1.5f, -2.0f}, {2.0f, 3.0f}, 2);
  CHECK(neg.value == -9.0);
  CHECK(neg.sum_abs == 9.0);

  const DotReference empty = reference_dot(std::vector<float>{}, std::vector<float>{}, 3);
  CHECK(empty.value == 0.0);
  CHECK(empty.sum_abs == 0.0);
}

TEST_CASE("reference dot is bitwise independent of the thread count") {
  const std::size_t n = 300007;
  const Inputs in = make_inputs(InputKind::positive_uniform, n, 4);
  const DotReference r1 = reference_dot(in.a, in.b, 1);
  const DotReference r3 = reference_dot(in.a, in.b, 3);
  const DotReference r2 = reference_dot(in.a, in.b, 2);
  CHECK(same_bits(r1.value, r3.value));
  CHECK(same_bits(r1.sum_abs, r3.sum_abs));
  CHECK(same_bits(r1.value, r2.value));
  CHECK(same_bits(r1.sum_abs, r2.sum_abs));

  // The data are sensitive to the order: a plain sequential sum differs in
  // the last bits, so the equalities above are not automatic.
  double value = 0;
  for (std::size_t i = 0; i < n; ++i) value += static_cast<double>(in.a[i]) * in.b[i];
  CHECK_FALSE(same_bits(value, r1.value));
  // And it is the dot product.
  CHECK(r1.value == doctest::Approx(value).epsilon(1e-12));
  CHECK(r1.sum_abs == r1.value);  // positive data
}

TEST_CASE("exact integer dot") {
  CHECK(exact_integer_dot({1.0f, -2.0f, 2.0f}, {2.0f, 2.0f, -1.0f}, 1) == -4);
  CHECK(exact_integer_dot({2.0f, 2.0f}, {2.0f, 2.0f}, 2) == 8);
  CHECK(exact_integer_dot({-1.0f}, {2.0f}, 1) == -2);
  CHECK(exact_integer_dot({-30.0f, 15.0f}, {1.0f, -2.0f}, 1) == -60);
  CHECK(exact_integer_dot(std::vector<float>{}, std::vector<float>{}, 3) == 0);

  // On generated integers it agrees with the (exact) float64 reference, whatever the thread count.
  const std::size_t n = 300001;
  for (const InputKind kind : {InputKind::random_integers, InputKind::periodic_integers}) {
    const Inputs in = make_inputs(kind, n, 3);
    const std::int64_t one = exact_integer_dot(in.a, in.b, 1);
    CHECK(exact_integer_dot(in.a, in.b, 3) == one);
    CHECK(exact_integer_dot(in.a, in.b, 8) == one);
    CHECK(static_cast<double>(one) == reference_dot(in.a, in.b, 2).value);
    CHECK(one != 0);
  }
}
