#include "gpu/baseline_table.hpp"

namespace dotsweep {

std::vector<BaselineEntry> baseline_table(const std::vector<ElementType>& types) {
  std::vector<BaselineEntry> table;
  for (const ElementType type : types) {
    table.push_back({"cublas", type});
    table.push_back({"cub", type});
    table.push_back({"thrust", type, false, true});
    table.push_back({kFloorName, type, true, false});
    // The seed article's kernel is float32 only.
    if (type == ElementType::f32) {
      table.push_back({"seed-as-written", type});
      table.push_back({"seed-two-pass", type});
    }
  }
  return table;
}

std::vector<ElementType> baseline_types(const std::vector<VariantConfig>& variants) {
  std::vector<ElementType> types;
  for (const ElementType type : all_element_types())
    for (const VariantConfig& v : variants)
      if (v.type == type) {
        types.push_back(type);
        break;
      }
  if (types.empty()) types.push_back(ElementType::f32);
  return types;
}

}  // namespace dotsweep
