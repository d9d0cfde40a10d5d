// --shard i/N: parsing, the deal, and that the N slices cut the plan into
// disjoint whole (type, n) units.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "core/space/shard.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
std::vector<VariantConfig> configs_of(const std::map<ElementType, int>& counts) {
  std::vector<VariantConfig> configs;
  for (const auto& [type, count] : counts)
    for (int i = 0; i < count; ++i) {
      VariantConfig c;
      c.type = type;
      configs.push_back(c);
    }
  return configs;
}
}  // namespace

TEST_CASE("parse_shard reads i/N counted from 1 and refuses the rest") {
  CHECK(parse_shard("1/1") == Shard{1, 1});
  CHECK(parse_shard("3/3") == Shard{3, 3});
  CHECK(parse_shard("2/16") == Shard{2, 16});
  CHECK(parse_shard("2/16").label() == "2/16");
  for (const char* bad : {"0/3", "4/3", "1/0", "x", "", "1/", "/3", "1/3/4", "01/3", "1/03", "-1/3", "+1/3", "1 /3",
                          "1/ 3", "1.0/3", "1/9999999"})
    CHECK_MESSAGE(contains(input_error_of([&] { parse_shard(bad); }), "--shard '" + std::string(bad) + "'"), bad);
  CHECK(parse_shard(" 1/3\n") == Shard{1, 3});  // only the ends are trimmed
  CHECK(contains(input_error_of([] { parse_shard("0/3"); }), "i must be 1..3"));
  CHECK(contains(input_error_of([] { parse_shard("1/0"); }), "N must be at least 1"));
}

TEST_CASE("measured_types: the types present in report order, f32 when none") {
  CHECK(measured_types({}) == std::vector<ElementType>{ElementType::f32});
  CHECK(measured_types(configs_of({{ElementType::bf16, 1}, {ElementType::f64, 2}})) ==
        std::vector<ElementType>{ElementType::f64, ElementType::bf16});
}

TEST_CASE("assign_shards gives the heaviest unit left to the least loaded shard") {
  // 6, 5, 4 open the three shards; 3 joins the 4, 2 the 5, 1 the 6: 7 each.
  CHECK(assign_shards({6, 5, 4, 3, 2, 1}, 3) == std::vector<int>{1, 2, 3, 3, 2, 1});
  // Equal weights keep plan order; equal loads take the lowest shard.
  CHECK(assign_shards({1, 1, 1, 1}, 2) == std::vector<int>{1, 2, 1, 2});
  CHECK(assign_shards({8, 3, 3, 2}, 2) == std::vector<int>{1, 2, 2, 2});
  CHECK(assign_shards({1, 9, 5}, 1) == std::vector<int>{1, 1, 1});
  CHECK(assign_shards({1, 9, 5}, 3) == std::vector<int>{3, 1, 2});
}

TEST_CASE("the N slices are disjoint, cover the plan and balance the bytes read") {
  const auto configs = configs_of({{ElementType::f32, 300}, {ElementType::f64, 250}, {ElementType::f16, 300},
                                   {ElementType::bf16, 300}});
  std::vector<std::int64_t> sizes;
  for (int k = 12; k <= 28; k += 2) sizes.push_back(std::int64_t{1} << k);
  sizes.insert(sizes.end(), {1, 1000003, (1 << 20) + 3});
  const std::set<WorkUnit> whole = shard_slice(configs, sizes, Shard{1, 1});
  CHECK(whole.size() == 4 * sizes.size());
  for (int count : {2, 3, 5, 7, 48}) {
    std::multiset<WorkUnit> seen;
    std::vector<double> bytes;  // the estimate dealt by: n x element bytes x the type's configurations
    for (int i = 1; i <= count; ++i) {
      const std::set<WorkUnit> slice = shard_slice(configs, sizes, Shard{i, count});
      CHECK(!slice.empty());
      CHECK(slice == shard_slice(configs, sizes, Shard{i, count}));  // the same on every call
      seen.insert(slice.begin(), slice.end());
      double b = 0;
      for (const WorkUnit& u : slice)
        b += static_cast<double>(u.n) * element_bytes(u.type) * (u.type == ElementType::f64 ? 250 : 300);
      bytes.push_back(b);
    }
    CHECK(seen.size() == whole.size());                                   // disjoint ...
    CHECK(std::set<WorkUnit>(seen.begin(), seen.end()) == whole);         // ... and whole
    // Balanced as far as whole units allow: the most loaded shard holds no
    // more than 4/3 of the larger of the mean and the heaviest unit (f64 2^28).
    const double heaviest = 8.0 * 250 * (1 << 28), mean = std::accumulate(bytes.begin(), bytes.end(), 0.0) / count;
    CHECK(*std::max_element(bytes.begin(), bytes.end()) <= 4.0 / 3.0 * std::max(mean, heaviest));
    if (count == 3) CHECK(*std::max_element(bytes.begin(), bytes.end()) < 1.05 * mean);
  }
  CHECK(contains(input_error_of([&] { require_shard_slice(configs, sizes, Shard{49, 49}); }),
                 "the plan has only 48 (type, n) units, fewer than 49 shards"));
}
