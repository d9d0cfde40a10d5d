// Search-space files (variants/*.toml): axis values plus include/exclude
// tables, in the manner of a CI matrix, so nobody writes an expression evaluator.
#pragma once

#include <string>
#include <vector>

#include "core/variant_config.hpp"

namespace dotsweep {

// One axis value set per parameter, plus the matrix edits, as written in the file.
struct SearchSpace {
  std::string name;                    // "name" key, or the file stem
  std::string source_text;             // the file as read, for context.json
  std::vector<VariantConfig> configs;  // the expanded, de-duplicated space, in file order
};

// Parses TOML text. `origin` names the input in error messages (a path or "<embedded>").
// Throws InputError naming the origin, the key and what is expected.
SearchSpace parse_space_text(const std::string& text, const std::string& origin);
SearchSpace load_space_file(const std::string& path);

}  // namespace dotsweep
