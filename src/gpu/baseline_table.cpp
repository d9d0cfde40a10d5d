#include "gpu/baseline_table.hpp"

#include "core/stats/ranking.hpp"
#include "core/space/shard.hpp"

namespace dotsweep {

std::vector<BaselineEntry> baseline_table(const std::vector<ElementType>& types) {
  std::vector<BaselineEntry> table;
  for (const ElementType type : types) {
    std::vector<BaselineEntry> of_type{{kCublasName, type}, {kCubName, type}, {kThrustName, type},
                                       {kFloorName, type, true}};
    // The seed article's kernel is float32 only.
    if (type == ElementType::f32) {
      of_type.push_back({"seed-as-written", type});
      of_type.push_back({"seed-two-pass", type});
    }
    for (BaselineEntry& entry : of_type) {
      entry.host_synchronous = host_timed_baseline(entry.name);
      table.push_back(entry);
    }
  }
  return table;
}

std::vector<ElementType> baseline_types(const std::vector<VariantConfig>& variants) {
  return measured_types(variants);  // the same types a shard's slice is dealt from
}

}  // namespace dotsweep
