// Deliberately wrong dot products (test-only, never in the sweep's space): the
// GPU tests run them through the real measuring path to show that its checks
// catch each kind of wrong kernel at every size, and a correct "control" built
// from the same code to show that the checks do not flag everything.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gpu/dot_operation.hpp"

namespace dotsweep::test {

// In this order: "control", "drops-last-block", "drops-tail",
// "counts-block-twice", "reads-past-end", "racy-tree".
std::vector<std::pair<std::string, std::unique_ptr<DotOperation>>> make_mutants();

}  // namespace dotsweep::test
