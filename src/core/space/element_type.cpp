#include "core/space/element_type.hpp"

#include <algorithm>

namespace dotsweep {

namespace {

struct ElementTraits {
  ElementType type;
  const char* name;
  int bytes;
  int result_bytes;
  double exact_integer_limit;
};

// Switch-free on purpose: adding a type means adding one row here.
constexpr ElementTraits kTraits[] = {
    {ElementType::f32, "f32", 4, 4, 16777216.0},            // 2^24
    {ElementType::f64, "f64", 8, 8, 9007199254740992.0},    // 2^53
    {ElementType::f16, "f16", 2, 4, 2048.0},                // 2^11
    {ElementType::bf16, "bf16", 2, 4, 256.0},               // 2^8
};

const ElementTraits& traits(ElementType type) {
  for (const ElementTraits& t : kTraits)
    if (t.type == type) return t;
  return kTraits[0];  // unreachable: every enumerator has a row (tested)
}

}  // namespace

const std::vector<ElementType>& all_element_types() {
  static const std::vector<ElementType> all = [] {
    std::vector<ElementType> out;
    for (const ElementTraits& t : kTraits) out.push_back(t.type);
    return out;
  }();
  return all;
}

std::string to_string(ElementType type) { return traits(type).name; }

int report_order(const std::string& type_name) {
  const auto type = element_type_from_string(type_name);
  const auto& order = all_element_types();
  return type ? static_cast<int>(std::find(order.begin(), order.end(), *type) - order.begin())
              : static_cast<int>(order.size());
}

std::optional<ElementType> element_type_from_string(const std::string& name) {
  for (const ElementTraits& t : kTraits)
    if (name == t.name) return t.type;
  return std::nullopt;
}

int element_bytes(ElementType type) { return traits(type).bytes; }
int result_bytes(ElementType type) { return traits(type).result_bytes; }
double exact_integer_limit(ElementType type) { return traits(type).exact_integer_limit; }

}  // namespace dotsweep
