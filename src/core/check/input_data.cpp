#include "core/check/input_data.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

namespace dotsweep {

namespace {
// SplitMix64 finalizer: a fast, well-mixed hash of a 64-bit counter.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
std::uint64_t hash(std::uint64_t seed, std::uint64_t stream, std::uint64_t i) {
  return mix(mix(seed ^ (stream * 0xd1b54a32d192ed03ull)) ^ i);
}

// One hash stream per use, so the kinds and the two inputs are independent.
enum Stream : std::uint64_t {
  kRandomA = 1,
  kRandomB = 2,
  kPeriodicSign = 3,
  kPeriodicPosition = 4,
  kPositiveA = 5,
  kPositiveB = 6,
};

constexpr std::size_t kChunk = 1 << 16;  // summation and fill granule

// Runs body(chunk, begin, end) over [0, count) split in chunk-aligned ranges across threads.
template <typename Body>
void parallel_chunks(std::size_t count, unsigned threads, Body body) {
  const std::size_t chunks = (count + kChunk - 1) / kChunk;
  threads = static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(1, chunks)));
  if (threads == 1) {
    for (std::size_t c = 0; c < chunks; ++c) body(c, c * kChunk, std::min(count, (c + 1) * kChunk));
    return;
  }
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::size_t c = t; c < chunks; c += threads) body(c, c * kChunk, std::min(count, (c + 1) * kChunk));
    });
  for (auto& worker : pool) worker.join();
}

double small_integer(std::uint64_t h) {
  static constexpr double values[4] = {-2.0, -1.0, 1.0, 2.0};
  return values[h >> 62];
}

// digits - 1 random bits k give (2k + 1) / 2^digits: an odd numerator below
// 2^digits, exact in a type of `digits` significand digits.
double positive_uniform(std::uint64_t h, int digits) {
  const std::uint64_t k = h >> (64 - (digits - 1));
  return std::ldexp(2.0 * static_cast<double>(k) + 1.0, -digits);
}

int significand_digits(ElementType type) {
  switch (type) {
    case ElementType::f32: return 24;
    case ElementType::f64: return 53;
    case ElementType::f16: return 11;
    case ElementType::bf16: return 8;
  }
  return 24;
}

// Error-free transformations (Knuth's TwoSum; the FMA split of a product).
struct TwoDoubles {
  double hi = 0, lo = 0;
};
TwoDoubles two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
TwoDoubles two_product(double a, double b) {
  const double p = a * b;
  return {p, std::fma(a, b, -p)};
}

// A running sum kept as hi + lo with every rounding error of hi collected in lo.
struct CompensatedSum {
  double hi = 0, lo = 0;
  void add(double x) {
    const TwoDoubles s = two_sum(hi, x);
    hi = s.hi;
    lo += s.lo;
  }
  double value() const { return hi + lo; }
};
}  // namespace

InputPairValue random_integer_pair_value(std::uint64_t seed, std::uint64_t i) {
  return {small_integer(hash(seed, kRandomA, i)), small_integer(hash(seed, kRandomB, i))};
}

int periodic_negative_position(std::uint64_t seed, std::uint64_t q) {
  return static_cast<int>(hash(seed, kPeriodicPosition, q) % kPeriodicPeriod);
}

InputPairValue periodic_pair_value(std::uint64_t seed, std::uint64_t i) {
  const std::uint64_t q = i / kPeriodicPeriod;
  const std::uint64_t h = hash(seed, kPeriodicPosition, q);
  if (static_cast<std::int64_t>(i % kPeriodicPeriod) == static_cast<std::int64_t>(h % kPeriodicPeriod)) {
    // The one product -30 of the period: factors and signs from the period's hash.
    static constexpr InputPairValue factors[4] = {{2.0f, -15.0f}, {-2.0f, 15.0f}, {1.0f, -30.0f}, {-1.0f, 30.0f}};
    const InputPairValue f = factors[(h >> 5) & 3];
    return (h >> 7) & 1 ? InputPairValue{f.b, f.a} : f;
  }
  // A product +1 with a random sign on both factors.
  const float s = hash(seed, kPeriodicSign, i) >> 63 ? -1.0f : 1.0f;
  return {s, s};
}

InputPairValue positive_uniform_pair_value(std::uint64_t seed, std::uint64_t i) {
  return positive_uniform_pair_value(ElementType::f32, seed, i);
}

InputPairValue positive_uniform_pair_value(ElementType type, std::uint64_t seed, std::uint64_t i) {
  const int digits = significand_digits(type);
  return {positive_uniform(hash(seed, kPositiveA, i), digits), positive_uniform(hash(seed, kPositiveB, i), digits)};
}

std::int64_t max_checked_n(ElementType) { return kMaxCheckedN; }

InputPairValue input_pair_value(InputKind kind, std::uint64_t seed, std::uint64_t i) {
  switch (kind) {
    case InputKind::random_integers: return random_integer_pair_value(seed, i);
    case InputKind::periodic_integers: return periodic_pair_value(seed, i);
    case InputKind::positive_uniform: return positive_uniform_pair_value(seed, i);
  }
  return {};
}

InputPairValue input_pair_value(InputKind kind, ElementType type, std::uint64_t seed, std::uint64_t i) {
  if (kind == InputKind::positive_uniform) return positive_uniform_pair_value(type, seed, i);
  return input_pair_value(kind, seed, i);
}

void fill_input_pair(std::vector<float>& a, std::vector<float>& b, InputKind kind, std::uint64_t seed,
                     unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  parallel_chunks(count, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const InputPairValue v = input_pair_value(kind, seed, i);
      a[i] = static_cast<float>(v.a);
      b[i] = static_cast<float>(v.b);
    }
  });
}

void fill_input_pair(ElementArray& a, ElementArray& b, InputKind kind, std::uint64_t seed, unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  const ElementType type = a.type();
  parallel_chunks(count, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const InputPairValue v = input_pair_value(kind, type, seed, i);
      a.set(i, v.a);
      b.set(i, v.b);
    }
  });
}

DotReference reference_dot(const std::vector<float>& a, const std::vector<float>& b, unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  const std::size_t chunks = (count + kChunk - 1) / kChunk;
  std::vector<DotReference> partial(chunks);
  parallel_chunks(count, threads, [&](std::size_t c, std::size_t begin, std::size_t end) {
    DotReference r;
    for (std::size_t i = begin; i < end; ++i) {
      const double p = static_cast<double>(a[i]) * static_cast<double>(b[i]);  // exact in float64
      r.value += p;
      r.sum_abs += std::fabs(p);
    }
    partial[c] = r;
  });
  DotReference total;
  for (const auto& r : partial) {
    total.value += r.value;
    total.sum_abs += r.sum_abs;
  }
  return total;
}

std::int64_t exact_integer_dot(const std::vector<float>& a, const std::vector<float>& b, unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  std::vector<std::int64_t> partial((count + kChunk - 1) / kChunk, 0);
  parallel_chunks(count, threads, [&](std::size_t c, std::size_t begin, std::size_t end) {
    std::int64_t sum = 0;
    for (std::size_t i = begin; i < end; ++i)
      sum += static_cast<std::int64_t>(a[i]) * static_cast<std::int64_t>(b[i]);
    partial[c] = sum;
  });
  std::int64_t total = 0;
  for (const std::int64_t s : partial) total += s;
  return total;
}

DotReference reference_dot(const ElementArray& a, const ElementArray& b, unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  const std::size_t chunks = (count + kChunk - 1) / kChunk;
  std::vector<CompensatedSum> value(chunks), sum_abs(chunks);
  parallel_chunks(count, threads, [&](std::size_t c, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const TwoDoubles p = two_product(a.at(i), b.at(i));  // p.hi + p.lo is the product exactly
      value[c].add(p.hi);
      value[c].add(p.lo);
      sum_abs[c].add(std::fabs(p.hi));  // the scale needs no such care
    }
  });
  CompensatedSum total_value, total_abs;
  for (std::size_t c = 0; c < chunks; ++c) {
    total_value.add(value[c].hi);
    total_value.add(value[c].lo);
    total_abs.add(sum_abs[c].value());
  }
  return {total_value.value(), total_abs.value()};
}

std::int64_t exact_integer_dot(const ElementArray& a, const ElementArray& b, unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  std::vector<std::int64_t> partial((count + kChunk - 1) / kChunk, 0);
  parallel_chunks(count, threads, [&](std::size_t c, std::size_t begin, std::size_t end) {
    std::int64_t sum = 0;
    for (std::size_t i = begin; i < end; ++i)
      sum += static_cast<std::int64_t>(a.at(i)) * static_cast<std::int64_t>(b.at(i));
    partial[c] = sum;
  });
  std::int64_t total = 0;
  for (const std::int64_t s : partial) total += s;
  return total;
}

}  // namespace dotsweep
