// A short digest of a text: what names a cubin in the cache and a kernel
// tree in context.json. FNV-1a, 64 bits, as 16 hex digits: it tells texts
// apart, and is no defence against a text made to collide.
#pragma once

#include <string>

namespace dotsweep {

std::string fnv1a_hex(const std::string& text);

}  // namespace dotsweep
