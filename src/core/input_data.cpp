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

constexpr std::size_t kChunk = 1 << 16;  // reference summation granule

// Runs body(begin, end) over [0, count) split in chunk-aligned ranges across threads.
template <typename Body>
void parallel_chunks(std::size_t count, unsigned threads, Body body) {
  threads = std::max(1u, threads);
  const std::size_t chunks = (count + kChunk - 1) / kChunk;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::size_t c = t; c < chunks; c += threads) body(c, c * kChunk, std::min(count, (c + 1) * kChunk));
    });
  for (auto& worker : pool) worker.join();
}
}  // namespace

float uniform_value(std::uint64_t seed, std::uint64_t stream, std::uint64_t i) {
  // 24 random bits k give (2k + 1) / 2^24 - 1: odd numerators, so never 0.
  const std::uint64_t k = hash(seed, stream, i) >> 40;
  return static_cast<float>((2.0 * static_cast<double>(k) + 1.0) / 16777216.0 - 1.0);
}

float small_integer_value(std::uint64_t seed, std::uint64_t stream, std::uint64_t i) {
  static constexpr float values[4] = {-2.0f, -1.0f, 1.0f, 2.0f};
  return values[hash(seed, stream, i) >> 62];
}

void fill_inputs(std::vector<float>& values, InputKind kind, std::uint64_t seed, std::uint64_t stream, unsigned threads) {
  parallel_chunks(values.size(), threads, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      values[i] = kind == InputKind::uniform ? uniform_value(seed, stream, i) : small_integer_value(seed, stream, i);
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

std::int64_t exact_integer_dot(const std::vector<float>& a, const std::vector<float>& b) {
  std::int64_t sum = 0;
  const std::size_t count = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < count; ++i) sum += static_cast<std::int64_t>(a[i]) * static_cast<std::int64_t>(b[i]);
  return sum;
}

}  // namespace dotsweep
