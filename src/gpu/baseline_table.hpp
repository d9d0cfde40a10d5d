// Which baselines a sweep measures beside its candidates, decided without a
// device: the one table make_baselines (gpu/baselines.cpp) builds from and
// dotsweep-gbench registers from, so the two cannot drift apart. No CUDA
// here: reading it needs neither a GPU nor the toolkit's headers.
#pragma once

#include <string>
#include <vector>

#include "core/space/element_type.hpp"
#include "core/space/variant_config.hpp"

namespace dotsweep {

// The name of the launch-floor row, and its kind in the records.
inline constexpr const char* kFloorName = "floor";

struct BaselineEntry {
  std::string name;  // "cublas", "cub", "thrust", "floor", "seed-as-written", "seed-two-pass"
  ElementType type = ElementType::f32;
  // The launch floor: an empty kernel, timed as a reference, never checked.
  bool timed_only = false;
  // Its enqueue waits for the result on the host (thrust::inner_product):
  // timed by host wall time, never behind the cold timer's blocker.
  bool host_synchronous = false;
};

// Every baseline of every type in `types`, each type's in this order:
// cublas, cub, thrust, floor, then (f32 only) seed-as-written, seed-two-pass.
std::vector<BaselineEntry> baseline_table(const std::vector<ElementType>& types);

// The types a sweep of `variants` measures baselines for: those the variants
// hold, in report order; f32 alone when there are none.
std::vector<ElementType> baseline_types(const std::vector<VariantConfig>& variants);

}  // namespace dotsweep
