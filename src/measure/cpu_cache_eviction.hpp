// Makes host memory cold for the next read: the lines of an array are
// written back and dropped from every CPU cache level (x86 clflush, Arm
// dc civac), so a copy or a CPU dot that follows reads DRAM, while the
// driver's and the program's own data stay cached, as in a program whose
// inputs were produced a while ago.
#pragma once

#include <cstddef>

namespace dotsweep {

// Evicts the last min(bytes, cap) bytes of [data, data + bytes): a sequential
// reader leaves at most the cache's size of its tail behind, so cap = the
// last-level cache (llc_bytes()) evicts all of it without walking gigabytes.
void evict_from_cpu_caches(const void* data, std::size_t bytes, std::size_t cap);

// The last-level cache's size as the C library reports it; 256 MiB when it
// cannot say (more than any CPU's today, so nothing cached is missed).
std::size_t llc_bytes();

}  // namespace dotsweep
