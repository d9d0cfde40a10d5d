#include "core/gate/sweep_extent.hpp"

namespace dotsweep {

void SweepExtent::add(const std::vector<MeasurementRecord>& rows, bool best_rows_only) {
  if (best_rows_only) variants_known = false;
  for (const MeasurementRecord& r : rows) {
    groups.insert(group_key_of(r));
    variants.insert(r.variant);
  }
}

bool swept_alike(const SweepExtent& a, const SweepExtent& b) {
  return a.groups == b.groups && (!a.variants_known || !b.variants_known || a.variants == b.variants);
}

std::string different_sweeps_note(const std::string& who) {
  return who + " swept different spaces, sizes or modes: a row both hold can read a few percent apart by that alone "
               "(docs/measuring.md, \"What the process swept before\").";
}

}  // namespace dotsweep
