#include "core/input_data.hpp"

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

float small_integer(std::uint64_t h) {
  static constexpr float values[4] = {-2.0f, -1.0f, 1.0f, 2.0f};
  return values[h >> 62];
}

// 23 random bits k give (2k + 1) / 2^24: an odd numerator below 2^24, exact in float32.
float positive_uniform(std::uint64_t h) {
  const std::uint64_t k = h >> 41;
  return static_cast<float>((2.0 * static_cast<double>(k) + 1.0) / 16777216.0);
}
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
  return {positive_uniform(hash(seed, kPositiveA, i)), positive_uniform(hash(seed, kPositiveB, i))};
}

InputPairValue input_pair_value(InputKind kind, std::uint64_t seed, std::uint64_t i) {
  switch (kind) {
    case InputKind::random_integers: return random_integer_pair_value(seed, i);
    case InputKind::periodic_integers: return periodic_pair_value(seed, i);
    case InputKind::positive_uniform: return positive_uniform_pair_value(seed, i);
  }
  return {};
}

void fill_input_pair(std::vector<float>& a, std::vector<float>& b, InputKind kind, std::uint64_t seed,
                     unsigned threads) {
  const std::size_t count = std::min(a.size(), b.size());
  parallel_chunks(count, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const InputPairValue v = input_pair_value(kind, seed, i);
      a[i] = v.a;
      b[i] = v.b;
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

}  // namespace dotsweep
