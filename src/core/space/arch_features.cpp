#include "core/space/arch_features.hpp"

namespace dotsweep {

const std::vector<ArchRequirement>& arch_requirements() {
  static const std::vector<ArchRequirement> table = {
      // ptxas: "Modifier '.L2::256B' requires .target sm_80 or higher".
      {"hint l2_prefetch", 80, "the ld.global.L2::256B prefetch-size qualifier",
       [](const VariantConfig& c) { return c.hint == LoadHint::l2_prefetch; }},
      {"finish cluster", 90, "thread-block clusters and distributed shared memory",
       [](const VariantConfig& c) { return c.finish == GridFinish::cluster; }},
      {"hint bulk", 90, "the bulk copy engine (cp.async.bulk) and mbarrier transaction counts",
       [](const VariantConfig& c) { return c.hint == LoadHint::bulk; }},
      {"hint pdl", 90, "programmatic dependent launch (griddepcontrol)",
       [](const VariantConfig& c) { return c.hint == LoadHint::pdl; }},
      {"hint pdl_l2", 90, "programmatic dependent launch (griddepcontrol)",
       [](const VariantConfig& c) { return c.hint == LoadHint::pdl_l2; }},
  };
  return table;
}

std::optional<std::string> arch_rejection(const VariantConfig& config, int arch) {
  if (arch <= 0) return std::nullopt;
  for (const ArchRequirement& r : arch_requirements())
    if (arch < r.min_arch && r.used_by(config))
      return r.value + " needs " + r.needs + " (sm_" + std::to_string(r.min_arch) + " or newer); this is sm_" +
             std::to_string(arch);
  return std::nullopt;
}

std::optional<int> shared_optin_bytes_of_arch(int arch) {
  switch (arch) {
    case 75: return 64 * 1024;
    case 80: case 87: return 163 * 1024;
    case 86: case 89: case 120: return 99 * 1024;
    case 90: case 100: return 227 * 1024;
    default: return std::nullopt;
  }
}

}  // namespace dotsweep
