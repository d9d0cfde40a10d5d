// The space a command works on: a file the user named, or the default space
// embedded in the binary (variants/default.toml at build time).
#pragma once

#include <string>

#include "core/space/space_file.hpp"

namespace dotsweep {

inline constexpr const char* kEmbeddedSpaceName = "<embedded variants/default.toml>";

// `path` empty selects the embedded default. Throws InputError on bad input,
// and on a space that would expand past max_configs (core/space/space_file.hpp).
SearchSpace load_space_or_default(const std::string& path, std::size_t max_configs = kDefaultMaxConfigs);

}  // namespace dotsweep
