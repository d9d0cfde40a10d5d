// Search-space files (variants/*.toml): axis values plus include/exclude
// tables, in the manner of a CI matrix, so nobody writes an expression evaluator.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/io/file_bytes.hpp"
#include "core/space/variant_config.hpp"

namespace dotsweep {

// One axis value set per parameter, plus the matrix edits, as written in the file.
struct SearchSpace {
  std::string name;                    // "name" key, or the file stem
  std::string source_text;             // the file as read, for context.json
  std::vector<VariantConfig> configs;  // the expanded, de-duplicated space, in file order
};

// The most configurations a space may expand to unless --max-configs raises
// it: every valid one is compiled (about 0.2 s of NVRTC each) and measured at
// every size, so a larger space is more likely a typo than a plan.
inline constexpr std::size_t kDefaultMaxConfigs = 10000;

// The largest space file read (1 MiB; variants/default.toml is 23 KB): a
// larger one, or anything but a regular file (/dev/zero, a FIFO), is refused
// before it is read.
// (core/io/file_bytes.hpp, the one reader every file goes through).
inline constexpr std::size_t kMaxSpaceFileBytes = kSpaceKind.max_bytes;

// Parses TOML text. `origin` names the input in error messages (a path or "<embedded>").
// Throws InputError naming the origin, the key and what is expected, and,
// before building anything, when the expansion (the product of the axis
// sizes, before [[exclude]], plus the [[include]]s) exceeds max_configs, and
// when the text declares no axis value and no [[include]] (an empty file).
SearchSpace parse_space_text(const std::string& text, const std::string& origin,
                             std::size_t max_configs = kDefaultMaxConfigs);
SearchSpace load_space_file(const std::string& path, std::size_t max_configs = kDefaultMaxConfigs);

}  // namespace dotsweep
