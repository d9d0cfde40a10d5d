#include <doctest/doctest.h>

#include "core/space_plan.hpp"

using namespace dotsweep;

TEST_CASE("planning keeps the configs the device can run, in order, and names why the others cannot") {
  SearchSpace space;
  VariantConfig small, big, other;
  small.block = 128;
  big.block = 1024;
  other.block = 256;
  space.configs = {small, big, other};
  DeviceLimits limits;
  limits.max_threads_per_block = 512;
  const SpacePlan plan = plan_space(space, limits);
  REQUIRE(plan.valid.size() == 2);
  CHECK(plan.valid[0].block == 128);
  CHECK(plan.valid[1].block == 256);
  REQUIRE(plan.rejected.size() == 1);
  CHECK(plan.rejected[0].id == big.id());
  CHECK(plan.rejected[0].reason.find("1024") != std::string::npos);
}
