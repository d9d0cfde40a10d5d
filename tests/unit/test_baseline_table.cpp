// The device-free baseline table (gpu/baseline_table.hpp): what a sweep and
// dotsweep-gbench both read before any device is opened.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gpu/baseline_table.hpp"

using namespace dotsweep;

namespace {

std::vector<std::string> names_of(const std::vector<BaselineEntry>& table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.push_back(entry.name + "." + to_string(entry.type));
  return names;
}

VariantConfig config_of(ElementType type) {
  VariantConfig config;
  config.type = type;
  return config;
}

}  // namespace

TEST_CASE("baseline table: per type cublas, cub, thrust, floor; the seed kernel for f32 only") {
  CHECK(names_of(baseline_table({ElementType::f32})) ==
        std::vector<std::string>{"cublas.f32", "cub.f32", "thrust.f32", "floor.f32", "seed-as-written.f32",
                                 "seed-two-pass.f32"});
  CHECK(names_of(baseline_table({ElementType::f64, ElementType::bf16})) ==
        std::vector<std::string>{"cublas.f64", "cub.f64", "thrust.f64", "floor.f64", "cublas.bf16", "cub.bf16",
                                 "thrust.bf16", "floor.bf16"});
  CHECK(baseline_table({}).empty());
}

TEST_CASE("baseline table: the floor alone is timed only, thrust alone host-synchronous") {
  for (const auto& entry : baseline_table(all_element_types())) {
    CAPTURE(entry.name);
    CHECK(entry.timed_only == (entry.name == kFloorName));
    CHECK(entry.host_synchronous == (entry.name == "thrust"));
  }
}

TEST_CASE("baseline types: those the variants hold, in report order; f32 for none") {
  CHECK(baseline_types({}) == std::vector<ElementType>{ElementType::f32});
  CHECK(baseline_types({config_of(ElementType::f64)}) == std::vector<ElementType>{ElementType::f64});
  CHECK(baseline_types({config_of(ElementType::bf16), config_of(ElementType::f32), config_of(ElementType::bf16),
                        config_of(ElementType::f64)}) ==
        std::vector<ElementType>{ElementType::f32, ElementType::f64, ElementType::bf16});
}
