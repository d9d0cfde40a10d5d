#include "core/space/space_source.hpp"

#include "default_space.hpp"

namespace dotsweep {

SearchSpace load_space_or_default(const std::string& path, std::size_t max_configs) {
  return path.empty() ? parse_space_text(kDefaultSpaceToml, kEmbeddedSpaceName, max_configs)
                      : load_space_file(path, max_configs);
}

}  // namespace dotsweep
