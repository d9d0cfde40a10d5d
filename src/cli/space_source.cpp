#include "cli/space_source.hpp"

#include "default_space.hpp"

namespace dotsweep {

SearchSpace load_space_or_default(const std::string& path) {
  return path.empty() ? parse_space_text(kDefaultSpaceToml, kEmbeddedSpaceName) : load_space_file(path);
}

}  // namespace dotsweep
