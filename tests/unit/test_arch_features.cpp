// The planner on GPUs older than sm_90: exactly the axis values whose code
// the architecture lacks are left out, each with its reason.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "core/space/arch_features.hpp"
#include "core/space/space_file.hpp"
#include "core/space/space_plan.hpp"

using namespace dotsweep;

namespace {

SpacePlan default_space_on(int arch) {
  const SearchSpace space = load_space_file(std::string(DOTSWEEP_SOURCE_ROOT) + "/variants/default.toml");
  DeviceLimits limits;
  limits.arch = arch;
  return plan_space(space, limits);
}

const std::string kL2Prefetch = "hint l2_prefetch needs the ld.global.L2::256B prefetch-size qualifier (sm_80 or newer)";
const std::string kCluster = "finish cluster needs thread-block clusters and distributed shared memory (sm_90 or newer)";
const std::string kBulk =
    "hint bulk needs the bulk copy engine (cp.async.bulk) and mbarrier transaction counts (sm_90 or newer)";
const std::string kPdl = "hint pdl needs programmatic dependent launch (griddepcontrol) (sm_90 or newer)";
const std::string kPdlL2 = "hint pdl_l2 needs programmatic dependent launch (griddepcontrol) (sm_90 or newer)";

// The reason the planner must give `c` on sm_<arch>, written out here rather
// than read from the table it tests; "" when it runs there.
std::string expected_reason(const VariantConfig& c, int arch) {
  const std::string on = "; this is sm_" + std::to_string(arch);
  if (c.hint == LoadHint::l2_prefetch && arch < 80) return kL2Prefetch + on;
  if (c.finish == GridFinish::cluster && arch < 90) return kCluster + on;
  if (c.hint == LoadHint::bulk && arch < 90) return kBulk + on;
  if (c.hint == LoadHint::pdl && arch < 90) return kPdl + on;
  if (c.hint == LoadHint::pdl_l2 && arch < 90) return kPdlL2 + on;
  return "";
}

}  // namespace

TEST_CASE("the default space on sm_75, 80, 86, 89 and 90: exactly what the arch lacks is rejected, with its reason") {
  const SearchSpace space = load_space_file(std::string(DOTSWEEP_SOURCE_ROOT) + "/variants/default.toml");
  for (const int arch : {75, 80, 86, 89, 90}) {
    CAPTURE(arch);
    const SpacePlan plan = default_space_on(arch);
    std::map<std::string, std::string> expected;  // id -> reason
    for (const VariantConfig& c : space.configs)
      if (const std::string reason = expected_reason(c, arch); !reason.empty()) expected[c.id()] = reason;
    std::map<std::string, std::string> got;
    for (const RejectedConfig& r : plan.rejected) got[r.id] = r.reason;
    CHECK(got == expected);
    CHECK(plan.valid.size() + plan.rejected.size() == space.configs.size());
    std::string counts;
    for (const RejectionCount& c : rejection_counts(plan)) counts += "\n  " + std::to_string(c.configs) + " x " + c.reason;
    MESSAGE("sm_" << arch << ": " << plan.valid.size() << " valid, " << plan.rejected.size() << " rejected" << counts);
  }
  // Each kind of rejection happens in the default space (else the check above proves little).
  const auto reasons_on = [](int arch) {
    std::map<std::string, std::size_t> out;
    for (const RejectionCount& c : rejection_counts(default_space_on(arch))) out[c.reason] = c.configs;
    return out;
  };
  const auto on75 = reasons_on(75), on89 = reasons_on(89);
  CHECK(on75.count(kL2Prefetch + "; this is sm_75") == 1);
  CHECK(on75.count(kCluster + "; this is sm_75") == 1);
  CHECK(on75.count(kBulk + "; this is sm_75") == 1);
  CHECK(on89.count(kPdl + "; this is sm_89") == 1);
  CHECK(on89.count(kPdlL2 + "; this is sm_89") == 1);
  CHECK(on89.size() == 4);
  CHECK(default_space_on(90).rejected.empty());
  CHECK(default_space_on(100).rejected.empty());
  CHECK(default_space_on(120).rejected.empty());
}

TEST_CASE("an unknown arch (0) is never judged; newer archs keep every feature") {
  VariantConfig c;
  c.hint = LoadHint::l2_prefetch;
  CHECK_FALSE(arch_rejection(c, 0).has_value());
  CHECK(arch_rejection(c, 75).has_value());
  CHECK_FALSE(arch_rejection(c, 80).has_value());
  CHECK_FALSE(arch_rejection(c, 86).has_value());
  for (const LoadHint dependent : {LoadHint::pdl, LoadHint::pdl_l2}) {
    c.hint = dependent;
    CHECK(arch_rejection(c, 89).has_value());
    CHECK_FALSE(arch_rejection(c, 90).has_value());
  }
  c.hint = LoadHint::plain;
  for (const int arch : {75, 80, 86, 89, 90, 100, 120}) CHECK_FALSE(arch_rejection(c, arch).has_value());
  for (const ArchRequirement& r : arch_requirements()) CHECK(r.min_arch > 75);  // sm_75 is the oldest built for
}

TEST_CASE("the per-arch opt-in shared memory bounds the bulk ring as the device's would") {
  CHECK(shared_optin_bytes_of_arch(90) == 227 * 1024);
  CHECK(shared_optin_bytes_of_arch(120) == 99 * 1024);
  CHECK(shared_optin_bytes_of_arch(80) == 163 * 1024);
  CHECK_FALSE(shared_optin_bytes_of_arch(91).has_value());
  VariantConfig c;
  c.hint = LoadHint::bulk;
  c.block = 1024;
  c.items = 1;  // 4 stages x 2 inputs x 16 KiB = 128 KiB of ring
  c.vec = 4;
  c.reduce = BlockReduce::shuffle;
  c.layout = SharedLayout::warp_partials;
  DeviceLimits limits;
  limits.arch = 90;
  limits.max_shared_optin_bytes_per_block = *shared_optin_bytes_of_arch(90);
  CHECK_FALSE(rejection_reason(c, limits).has_value());
  limits.arch = 120;
  limits.max_shared_optin_bytes_per_block = *shared_optin_bytes_of_arch(120);
  const auto reason = rejection_reason(c, limits);
  REQUIRE(reason.has_value());
  CHECK(reason->find("over the device's 101376 bytes per block") != std::string::npos);
}

TEST_CASE("rejections counted per reason, most first, and the summary's section on them") {
  SpacePlan plan;
  plan.rejected = {{"a", "too old"}, {"b", "too big"}, {"c", "too old"}, {"d", "pipe | here"}};
  const std::vector<RejectionCount> counts = rejection_counts(plan);
  REQUIRE(counts.size() == 3);
  CHECK(counts[0].reason == "too old");
  CHECK(counts[0].configs == 2);
  CHECK(counts[1].reason == "too big");  // equal counts keep their first-seen order
  CHECK(counts[2].reason == "pipe | here");
  const std::string md = rejections_markdown(plan, 10, "NVIDIA A100 (sm_80)");
  CHECK(md.find("## Left out on this GPU") == 0);
  CHECK(md.find("4 of 10 configurations of the space were not measured on NVIDIA A100 (sm_80)") != std::string::npos);
  CHECK(md.find("| 2 | too old |\n") != std::string::npos);
  CHECK(md.find("| 1 | pipe \\| here |\n") != std::string::npos);
  CHECK(rejections_markdown(SpacePlan{}, 10, "x").empty());
}
