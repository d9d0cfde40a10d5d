// Which (type, n, mode) groups of a sweep's report the sweep stopped inside.
//
// A sweep measures one set of candidates at every size (exhaustive: every
// valid configuration; random: its budget; halving: its survivors, whose
// screening rows go to screen.csv), and a candidate that fails to build or
// run still gets its row at each size, incorrect with the reason. So when a
// sweep finishes, every (type, n, mode) group holds one row per planned
// candidate of its type. A group holding fewer is one the sweep stopped
// inside (Ctrl-C, a deadline, a crash): its ranking covers only the
// candidates measured before the stop, so best.csv and summary.md must not
// call its fastest row a winner (or a baseline's win), and `--resume`
// measures it again whole.
//
// Only the sweep knows what it planned: a report read back (or a filtered
// copy of one) has no way to tell, which is why best.csv records the verdict
// `partial` for `dotsweep compare` to read.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/rows/record.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

// Planned candidates per element type ("f32" -> 300): the operations the
// sweep measures at every size.
using CandidateCounts = std::map<std::string, std::size_t>;

struct GroupCoverage {
  std::size_t measured = 0;  // candidate rows in the group
  std::size_t planned = 0;   // candidates planned for its type
};

// The groups of `records` holding fewer candidate rows than `planned` gives
// their type, with their coverage. Types `planned` does not name are not
// judged (empty `planned`: no group is partial).
std::map<GroupKey, GroupCoverage> partial_groups(const std::vector<MeasurementRecord>& records,
                                                 const CandidateCounts& planned);

}  // namespace dotsweep
