#include <doctest/doctest.h>

#include "core/space/space_plan.hpp"

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

#include <set>

#include "core/space/space_file.hpp"
#include "core/space/variant_axes.hpp"

namespace {
template <class E, class Field>
std::set<E> values_in(const std::vector<VariantConfig>& configs, Field field) {
  std::set<E> out;
  for (const auto& c : configs) out.insert(field(c));
  return out;
}
template <class E>
std::size_t axis_size() {
  return AxisTable<E>::values().size();
}
// Every value of every axis is in at least one of the configs.
void check_every_axis_value(const std::vector<VariantConfig>& v) {
  CHECK(values_in<ElementType>(v, [](const VariantConfig& c) { return c.type; }).size() == axis_size<ElementType>());
  CHECK(values_in<SharedLayout>(v, [](const VariantConfig& c) { return c.layout; }).size() == axis_size<SharedLayout>());
  CHECK(values_in<BlockReduce>(v, [](const VariantConfig& c) { return c.reduce; }).size() == axis_size<BlockReduce>());
  CHECK(values_in<GridFinish>(v, [](const VariantConfig& c) { return c.finish; }).size() == axis_size<GridFinish>());
  CHECK(values_in<LoadHint>(v, [](const VariantConfig& c) { return c.hint; }).size() == axis_size<LoadHint>());
  CHECK(values_in<Accumulator>(v, [](const VariantConfig& c) { return c.acc; }).size() == axis_size<Accumulator>());
  CHECK(values_in<GridKind>(v, [](const VariantConfig& c) { return c.grid; }).size() == axis_size<GridKind>());
}
SearchSpace committed_space(const std::string& name) {
  return load_space_file(std::string(DOTSWEEP_SOURCE_ROOT) + "/variants/" + name);
}
SpacePlan plan_for_arch(const SearchSpace& space, int arch) {
  DeviceLimits limits;
  limits.arch = arch;
  return plan_space(space, limits);
}
}  // namespace

// The GPU tests' space promises one variant per code path (its header):
// every value of every axis, all valid on sm_90.
TEST_CASE("the quick space: every axis value, none rejected on sm_90") {
  const SpacePlan plan = plan_for_arch(committed_space("quick.toml"), 90);
  CHECK(plan.rejected.empty());
  check_every_axis_value(plan.valid);
}

// What variants/default.toml promises: 1000+ valid configurations over
// the four types on sm_90, none rejected, and every value of every axis in at
// least one of them (the slices in variants/default.toml).
TEST_CASE("the default space: 1000+ valid configurations on sm_90 covering every axis value and type") {
  const SearchSpace space = committed_space("default.toml");
  const SpacePlan plan = plan_for_arch(space, 90);
  CHECK(plan.rejected.empty());
  CHECK(plan.valid.size() >= 1000);
  const auto& v = plan.valid;
  check_every_axis_value(v);
  // Every type has every finish (the small-n path differs per type).
  for (const auto& type : AxisTable<ElementType>::values()) {
    std::set<GridFinish> finishes;
    for (const auto& c : v)
      if (c.type == type.value) finishes.insert(c.finish);
    CAPTURE(type.name);
    CHECK(finishes.size() == axis_size<GridFinish>());
  }
  // Below sm_90 the cluster finish and the bulk ring are rejected, with reasons.
  const SpacePlan old = plan_for_arch(space, 80);
  CHECK_FALSE(old.rejected.empty());
  for (const auto& r : old.rejected) CHECK(r.reason.find("sm_80") != std::string::npos);
  // The finishes that need no cluster run there too, for every type.
  for (const auto& type : AxisTable<ElementType>::values()) {
    std::set<GridFinish> finishes;
    for (const auto& c : old.valid)
      if (c.type == type.value) finishes.insert(c.finish);
    CAPTURE(type.name);
    CHECK(finishes.size() == axis_size<GridFinish>() - 1);
    CHECK(finishes.count(GridFinish::cluster) == 0);
    CHECK(finishes.count(GridFinish::atomic_ticket) == 1);
  }
}
