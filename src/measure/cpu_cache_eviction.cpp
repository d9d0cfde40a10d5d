#include "measure/cpu_cache_eviction.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace dotsweep {

namespace {
constexpr std::size_t kLine = 64;  // the smallest cache line of the CPUs CUDA runs beside
}  // namespace

void evict_from_cpu_caches(const void* data, std::size_t bytes, std::size_t cap) {
  if (!data || bytes == 0) return;
  const std::size_t evicted = std::min(bytes, cap);
  const auto* first = static_cast<const char*>(data) + (bytes - evicted);
  const auto* end = static_cast<const char*>(data) + bytes;
  const auto* line = reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(first) & ~(kLine - 1));
#if defined(__x86_64__) || defined(__i386__)
  for (; line < end; line += kLine) _mm_clflush(line);
  _mm_mfence();
#elif defined(__aarch64__)
  for (; line < end; line += kLine) asm volatile("dc civac, %0" : : "r"(line) : "memory");
  asm volatile("dsb ish" : : : "memory");
#else
#error "evict_from_cpu_caches: no cache-line eviction for this CPU"
#endif
}

std::size_t llc_bytes() {
  const long llc = ::sysconf(_SC_LEVEL3_CACHE_SIZE);
  return llc > 0 ? static_cast<std::size_t>(llc) : std::size_t{256} << 20;
}

}  // namespace dotsweep
