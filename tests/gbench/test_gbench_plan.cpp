// dotsweep-gbench's registration names without a GPU, from hand-made variant
// lists (exact orders and names; the default space, which has every type
// now, is listed by gbench_list.sh).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "gbench/gbench_plan.hpp"

using namespace dotsweep;

namespace {

VariantConfig config_of(ElementType type, int block) {
  VariantConfig config;
  config.type = type;
  config.block = block;
  return config;
}

}  // namespace

TEST_CASE("gbench names: one type keeps the plain baseline names") {
  GbenchPlan plan;
  plan.variants = {config_of(ElementType::f32, 256), config_of(ElementType::f32, 512)};
  name_operations(plan);
  CHECK(plan.operations == std::vector<std::string>{"cublas", "cub", "thrust", "floor", "seed-as-written",
                                                    "seed-two-pass", plan.variants[0].id(), plan.variants[1].id()});
  CHECK(plan.baselines.size() == 6);
}

TEST_CASE("gbench names: f64 alone has its baselines, plainly named, and no seed kernel") {
  GbenchPlan plan;
  plan.variants = {config_of(ElementType::f64, 256)};
  name_operations(plan);
  CHECK(plan.operations == std::vector<std::string>{"cublas", "cub", "thrust", "floor", plan.variants[0].id()});
  for (const auto& baseline : plan.baselines) CHECK(baseline.type == ElementType::f64);
}

TEST_CASE("gbench names: several types name every baseline name.type, types in report order") {
  GbenchPlan plan;
  plan.variants = {config_of(ElementType::bf16, 256), config_of(ElementType::f32, 256),
                   config_of(ElementType::f64, 256)};
  name_operations(plan);
  CHECK(plan.operations ==
        std::vector<std::string>{"cublas.f32", "cub.f32", "thrust.f32", "floor.f32", "seed-as-written.f32",
                                 "seed-two-pass.f32", "cublas.f64", "cub.f64", "thrust.f64", "floor.f64",
                                 "cublas.bf16", "cub.bf16", "thrust.bf16", "floor.bf16", plan.variants[0].id(),
                                 plan.variants[1].id(), plan.variants[2].id()});
  // The session matches the built operations against plan.baselines row for row.
  REQUIRE(plan.baselines.size() == 14);
  CHECK(plan.baselines[9].name == "floor");
  CHECK(plan.baselines[9].type == ElementType::f64);
  CHECK(plan.baselines[9].timed_only);
  CHECK(plan.baselines[8].host_synchronous);
}

TEST_CASE("gbench names: an empty space registers the f32 baselines") {
  GbenchPlan plan;
  name_operations(plan);
  CHECK(plan.operations.size() == 6);
  CHECK(plan.operations.front() == "cublas");
}

TEST_CASE("gbench names: naming again replaces, never appends") {
  GbenchPlan plan;
  plan.variants = {config_of(ElementType::f32, 256)};
  name_operations(plan);
  name_operations(plan);
  CHECK(plan.operations.size() == 7);
}

TEST_CASE("gbench names: two types are already several") {
  GbenchPlan plan;
  plan.variants = {config_of(ElementType::f64, 256), config_of(ElementType::f16, 256)};
  name_operations(plan);
  CHECK(plan.operations == std::vector<std::string>{"cublas.f64", "cub.f64", "thrust.f64", "floor.f64", "cublas.f16",
                                                    "cub.f16", "thrust.f16", "floor.f16", plan.variants[0].id(),
                                                    plan.variants[1].id()});
}

TEST_CASE("gbench filters: counted as Google Benchmark matches them, by the full instance name") {
  CHECK(benchmark_instance_name("cublas.f32", 4096) == "dot/cublas.f32/4096/manual_time");
  const std::vector<std::string> names = {benchmark_instance_name("cublas", 4096), benchmark_instance_name("cub", 4096),
                                          benchmark_instance_name("cublas", 1048576)};
  CHECK(count_filtered(names, "") == 3);
  CHECK(count_filtered(names, "all") == 3);
  CHECK(count_filtered(names, ".") == 3);
  CHECK(count_filtered(names, "^dot/cublas/") == 2);
  CHECK(count_filtered(names, "cub/4096") == 1);              // searched for, not matched whole
  CHECK(count_filtered(names, "/1048576/manual_time$") == 1);
  CHECK(count_filtered(names, "-^dot/cublas/") == 1);         // a leading '-' excludes
  CHECK(count_filtered(names, "-.") == 0);
  CHECK(count_filtered(names, "^dot/thrust") == 0);
  CHECK(count_filtered(names, "(cub|cublas)/4096") == 2);     // extended: | and () without backslashes
  CHECK(count_filtered({}, ".") == 0);
}

TEST_CASE("gbench filters: one that is not a regular expression is bad input naming it") {
  for (const char* filter : {"(", "dot/[", "-*x"}) {
    CAPTURE(filter);
    std::string message;
    try {
      count_filtered({"dot/cub/1/manual_time"}, filter);
    } catch (const InputError& e) {
      message = e.what();
    }
    CHECK(message.rfind(std::string("--benchmark_filter '") + filter + "' is not a valid regular expression (", 0) == 0);
  }
}
