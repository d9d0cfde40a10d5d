// The text `dotsweep fleet` prints (core/gate/fleet.hpp): the matrix of gates
// between the GPUs' reports, then the verdict.
#pragma once

#include <string>

#include "core/gate/fleet.hpp"

namespace dotsweep {

std::string fleet_markdown(const FleetResult& result);

}  // namespace dotsweep
