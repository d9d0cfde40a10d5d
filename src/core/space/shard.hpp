// Sharding a sweep over many GPUs (`--shard i/N`): which (type, n) work units
// shard i of N measures. A unit holds every timing mode of its (type, n), so
// each (type, n, mode) group, whose rows are ranked and tie-grouped together,
// is measured whole on one GPU; the measurer also times all modes of an
// operation from one input load, which a split by mode would repeat.
//
// The assignment depends only on the space's element types and the sizes, so
// `dotsweep list --shard i/N` on a machine without a GPU shows the same slice
// a sweep measures, and a merge (core/report/report_merge.hpp) can check each
// shard's rows against it. The N slices are disjoint and together the whole plan.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/space/element_type.hpp"
#include "core/space/variant_config.hpp"

namespace dotsweep {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;
  bool whole() const { return count == 1; }
  std::string label() const { return std::to_string(index) + "/" + std::to_string(count); }
  bool operator==(const Shard& o) const { return index == o.index && count == o.count; }
};

// "i/N" with 1 <= i <= N, plain decimal; InputError naming `option` otherwise.
Shard parse_shard(const std::string& text, const std::string& option = "--shard");

// The types a sweep of `configs` measures (and measures baselines for): those
// present, in report order; f32 alone when there are none.
std::vector<ElementType> measured_types(const std::vector<VariantConfig>& configs);

struct WorkUnit {
  ElementType type;
  std::int64_t n = 0;
  bool operator<(const WorkUnit& o) const { return std::pair(type, n) < std::pair(o.type, o.n); }
  bool operator==(const WorkUnit& o) const { return type == o.type && n == o.n; }
};

// Every unit of the plan, sizes in sweep order and, within a size, types in
// report order.
std::vector<WorkUnit> plan_units(const std::vector<ElementType>& types, const std::vector<std::int64_t>& sizes);

// The shard (1..count) of each unit, given the units' estimated work
// (`weights`, in plan order): heaviest first (equal weights in plan order),
// each to the shard with the least work so far (the lowest such index), the
// longest-processing-time rule. Shards then differ by less than the heaviest
// unit, which no split into whole units can beat.
std::vector<int> assign_shards(const std::vector<double>& weights, int count);

// The units of the space (`configs`) and `sizes` that `shard` measures.
std::set<WorkUnit> shard_slice(const std::vector<VariantConfig>& configs, const std::vector<std::int64_t>& sizes,
                               const Shard& shard);

// shard_slice, refusing (InputError) a shard that gets no unit: N larger
// than the plan's (type, n) units.
std::set<WorkUnit> require_shard_slice(const std::vector<VariantConfig>& configs,
                                       const std::vector<std::int64_t>& sizes, const Shard& shard);

}  // namespace dotsweep
