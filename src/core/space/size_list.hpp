// Problem sizes on the command line: "4096,2^20+3,1000003,2^12..2^28".
// A range a..b steps by powers of two (doubling) when written 2^i..2^j; an
// optional ":s" multiplies the exponent step (2^12..2^28:2 = every 4x).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dotsweep {

// The largest size a sweep measures: past it the exact checks would not be
// exact in float32 (core/check/input_data.hpp says why).
inline constexpr std::int64_t kMaxCheckedN = std::int64_t{1} << 29;

// Ascending, de-duplicated, each in 1..kMaxCheckedN. Throws InputError naming
// the bad item, and for a size too large the limit and why.
std::vector<std::int64_t> parse_sizes(const std::string& text);
// The default sweep: 2^12, 2^14, ..., 2^28, plus the awkward 1, 1000003 and 2^20+3.
std::vector<std::int64_t> default_sizes();
// How every report prints n: "2^20", "2^20+3" or the plain number.
std::string size_label(std::int64_t n);

// Host memory a size holds while it is measured: both inputs in the widest
// element type of the space, 2 x n x element_bytes (one size at a time).
std::uint64_t host_bytes_for_size(std::int64_t n, int element_bytes = 4);
// Throws InputError naming the largest size and both figures when its inputs
// would not fit in `physical_bytes` of host memory; a 0 (unknown) passes.
void require_host_memory(const std::vector<std::int64_t>& sizes, std::uint64_t physical_bytes,
                         int element_bytes = 4);
// "4.29 GB (4294967296 bytes)", for messages about memory.
std::string byte_figure(std::uint64_t bytes);

}  // namespace dotsweep
