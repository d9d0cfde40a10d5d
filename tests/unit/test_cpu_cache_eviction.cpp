// measure/cpu_cache_eviction.hpp walks cache lines by address: it must stay
// inside the array it was given (a line past either end may be unmapped).
#include <doctest/doctest.h>
#include <sys/mman.h>
#include <unistd.h>

#include "measure/cpu_cache_eviction.hpp"

using namespace dotsweep;

TEST_CASE("evict_from_cpu_caches touches only the array's lines, at any alignment and cap") {
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  // guard | data | guard: a line outside the data page faults.
  auto* base = static_cast<char*>(::mmap(nullptr, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  REQUIRE(base != MAP_FAILED);
  REQUIRE(::mprotect(base, page, PROT_NONE) == 0);
  REQUIRE(::mprotect(base + 2 * page, page, PROT_NONE) == 0);
  char* data = base + page;
  for (std::size_t i = 0; i < page; ++i) data[i] = static_cast<char>(i);
  evict_from_cpu_caches(data, page, page);          // all of it
  evict_from_cpu_caches(data, page, 1 << 30);       // a cap larger than the array
  evict_from_cpu_caches(data + 1, page - 1, page);  // unaligned start: its first line is the page's
  evict_from_cpu_caches(data, page - 3, 100);       // the tail only, unaligned end
  evict_from_cpu_caches(data + page - 1, 1, 64);    // the last byte alone
  evict_from_cpu_caches(nullptr, 100, 64);          // no array
  evict_from_cpu_caches(data, 0, 64);               // nothing
  CHECK(data[5] == 5);  // evicted lines are written back, never lost
  CHECK(data[page - 1] == static_cast<char>(page - 1));
  ::munmap(base, 3 * page);
  CHECK(llc_bytes() > 0);
}
