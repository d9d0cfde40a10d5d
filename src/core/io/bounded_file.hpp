// Text files, plain or gzipped, read through the one bounded reader
// (core/io/file_bytes.hpp): a small gzip that inflates to gigabytes is refused
// while it inflates, at its kind's limit.
#pragma once

#include <string>

#include "core/io/file_bytes.hpp"

namespace dotsweep {

// The text of the gzip members in `data`, one after another, at most
// kind.max_bytes of it (InputError past that, while inflating). `torn`:
// where the data ends inside a member, set true and that member's text is
// dropped; nullptr makes it an InputError. Damage is an InputError naming
// `path` and the byte.
std::string inflate_gzip(const std::string& data, const std::string& path, const FileKind& kind, bool* torn);

// read_file_bytes, inflated when the name ends in .gz (a cut-short one is an
// InputError).
std::string read_file_text(const std::string& path, const FileKind& kind);

}  // namespace dotsweep
