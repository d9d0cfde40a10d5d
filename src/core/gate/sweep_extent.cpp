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

bool swept_by_other_processes(const SweepExtent& baseline, const SweepExtent& current) {
  return baseline.processes && current.processes && *baseline.processes != *current.processes;
}

std::string different_processes_note(const SweepExtent& baseline, const SweepExtent& current) {
  if (!swept_by_other_processes(baseline, current)) return "";
  const auto count = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " process" : " processes"); };
  return "The baseline was swept by " + count(*baseline.processes) + " and the current by " +
         count(*current.processes) +
         " (shards merged, or a sweep resumed): a launch-bound row can read a few percent apart by that alone "
         "(docs/scaling.md).";
}

std::string different_sweeps_note(const std::string& who) {
  return who + " swept different spaces, sizes or modes: a row both hold can read a few percent apart by that alone "
               "(docs/measuring.md, \"What the process swept before\").";
}

}  // namespace dotsweep
