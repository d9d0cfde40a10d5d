#include <doctest/doctest.h>

#include <utility>

#include "core/space/variant_config.hpp"
#include "launch_constants.h"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {
VariantConfig shuffle_config() {
  VariantConfig c;
  c.block = 256;
  c.items = 4;
  c.vec = 4;
  c.grid = GridKind::persistent;
  c.persistent_k = 2;
  c.layout = SharedLayout::warp_partials;
  c.reduce = BlockReduce::shuffle;
  c.finish = GridFinish::atomic;
  return c;
}
std::string reason(const VariantConfig& c, DeviceLimits limits = {}) {
  return rejection_reason(c, limits).value_or("");
}
}  // namespace

TEST_CASE("variant id format") {
  CHECK(VariantConfig{}.id() == "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f32");
  CHECK(shuffle_config().id() == "f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32");
}

TEST_CASE("configs compare equal exactly when every parameter in the id matches") {
  // Built field by field, not through shuffle_config(): an operator== that
  // ignored fields or always said true would be caught below.
  VariantConfig same;
  same.block = 256;
  same.items = 4;
  same.vec = 4;
  same.grid = GridKind::persistent;
  same.persistent_k = 2;
  same.layout = SharedLayout::warp_partials;
  same.reduce = BlockReduce::shuffle;
  same.finish = GridFinish::atomic;
  CHECK(same == shuffle_config());
  CHECK_FALSE(VariantConfig{} == shuffle_config());

  const auto differs = [](void (*change)(VariantConfig&)) {
    VariantConfig other = shuffle_config();
    change(other);
    return !(other == shuffle_config());
  };
  CHECK(differs([](VariantConfig& c) { c.block = 128; }));
  CHECK(differs([](VariantConfig& c) { c.items = 2; }));
  CHECK(differs([](VariantConfig& c) { c.vec = 2; }));
  CHECK(differs([](VariantConfig& c) { c.grid = GridKind::cover; }));
  CHECK(differs([](VariantConfig& c) { c.persistent_k = 3; }));
  CHECK(differs([](VariantConfig& c) { c.layout = SharedLayout::sequential; }));
  CHECK(differs([](VariantConfig& c) { c.reduce = BlockReduce::tree; }));
  CHECK(differs([](VariantConfig& c) { c.finish = GridFinish::two_pass; }));
  CHECK(differs([](VariantConfig& c) { c.finish = GridFinish::atomic_ticket; }));

  // persistent_k means nothing for a cover grid, so it is not part of the identity there.
  VariantConfig cover_a, cover_b;
  cover_b.persistent_k = 5;
  CHECK(cover_a == cover_b);
}

TEST_CASE("names used in space files and CSV columns") {
  CHECK(to_string(ElementType::f32) == "f32");
  CHECK(to_string(SharedLayout::sequential) == "sequential");
  CHECK(to_string(SharedLayout::warp_partials) == "warp_partials");
  CHECK(to_string(BlockReduce::tree) == "tree");
  CHECK(to_string(BlockReduce::shuffle) == "shuffle");
  CHECK(to_string(GridFinish::two_pass) == "two_pass");
  CHECK(to_string(GridFinish::atomic) == "atomic");
  CHECK(to_string(GridFinish::atomic_ticket) == "atomic_ticket");
  CHECK(to_string(LoadHint::plain) == "plain");
  CHECK(to_string(Accumulator::own) == "own");
  CHECK(to_string(Accumulator::kahan) == "kahan");
  CHECK(to_string(LoadHint::bulk) == "bulk");
  CHECK(grid_name(VariantConfig{}) == "cover");
  CHECK(grid_name(shuffle_config()) == "persistent:2");
  CHECK(element_bytes(ElementType::f32) == 4);
  CHECK(accumulator_bytes(ElementType::f32, Accumulator::own) == 4);
  CHECK(accumulator_bytes(ElementType::f64, Accumulator::own) == 8);
  CHECK(accumulator_bytes(ElementType::f16, Accumulator::own) == 4);
  CHECK(accumulator_bytes(ElementType::bf16, Accumulator::kahan) == 4);
  CHECK(accumulator_bytes(ElementType::f16, Accumulator::f64) == 8);
}

TEST_CASE("valid configs have no rejection reason") {
  CHECK_FALSE(rejection_reason(VariantConfig{}, DeviceLimits{}).has_value());
  CHECK_FALSE(rejection_reason(shuffle_config(), DeviceLimits{}).has_value());
  VariantConfig c = shuffle_config();
  c.block = 96;  // shuffle needs whole warps only, not a power of two
  CHECK_FALSE(rejection_reason(c, DeviceLimits{}).has_value());
}

TEST_CASE("rejection reasons name the parameter and value") {
  VariantConfig c;
  c.block = 16;
  CHECK(contains(reason(c), "block 16"));
  c.block = 2048;
  CHECK(contains(reason(c), "block 2048"));

  c.block = 1024;
  DeviceLimits small;
  small.max_threads_per_block = 512;
  CHECK(contains(reason(c, small), "512"));
  CHECK(reason(c).empty());

  c.block = 96;
  CHECK(contains(reason(c), "power of two"));

  VariantConfig s = shuffle_config();
  s.block = 48;
  CHECK(contains(reason(s), "multiple of 32"));

  VariantConfig i;
  i.items = 0;
  CHECK(contains(reason(i), "items 0"));
  i.items = 17;
  CHECK(contains(reason(i), "items 17"));
  i.items = 16;
  CHECK(reason(i).empty());

  VariantConfig v;
  v.vec = 3;
  CHECK(contains(reason(v), "vec 3"));

  VariantConfig p = shuffle_config();
  p.persistent_k = 0;
  CHECK(contains(reason(p), "persistent:0"));
  p.persistent_k = 65;
  CHECK(contains(reason(p), "persistent:65"));
  p.persistent_k = 64;
  CHECK(reason(p).empty());
}

TEST_CASE("layout must match the reduction") {
  VariantConfig c;
  c.reduce = BlockReduce::shuffle;  // layout stays sequential
  CHECK(contains(reason(c), "layout sequential does not go with reduce shuffle (its layouts: warp_partials)"));
  VariantConfig d;
  d.layout = SharedLayout::warp_partials;  // reduce stays tree
  CHECK(contains(reason(d), "layout warp_partials"));
  // Every pair of kernels/block_reduce.cuh's table, and nothing else: 7 tree
  // pairs and 5 warp/library pairs.
  int valid = 0;
  for (const auto& l : AxisTable<SharedLayout>::values())
    for (const auto& r : AxisTable<BlockReduce>::values()) {
      VariantConfig e;
      e.layout = l.value;
      e.reduce = r.value;
      valid += reason(e).empty();
    }
  CHECK(valid == 12);
  VariantConfig t;
  t.layout = SharedLayout::interleaved_divergent;
  t.reduce = BlockReduce::tree_warp_tail;
  CHECK(contains(reason(t), "no warp tail"));
  t.reduce = BlockReduce::tree;
  CHECK(reason(t).empty());
  VariantConfig cub;
  cub.reduce = BlockReduce::cub_raking;
  CHECK(contains(reason(cub), "its layouts: library"));
  cub.layout = SharedLayout::library;
  CHECK(reason(cub).empty());
  cub.block = 96;  // cub takes whole warps, not only powers of two
  CHECK(reason(cub).empty());
  VariantConfig wt;
  wt.reduce = BlockReduce::tree_warp_tail;
  wt.block = 96;
  CHECK(contains(reason(wt), "power of two, which reduce tree_warp_tail"));
}

TEST_CASE("accumulators: kahan is f32 only, f64 on f64 input is own") {
  VariantConfig c;
  for (ElementType t : {ElementType::f32, ElementType::f16, ElementType::bf16}) {
    c.type = t;
    for (Accumulator a : {Accumulator::own, Accumulator::kahan, Accumulator::f64}) {
      c.acc = a;
      CHECK(reason(c).empty());
    }
  }
  c.type = ElementType::f64;
  c.acc = Accumulator::own;
  CHECK(reason(c).empty());
  c.acc = Accumulator::kahan;
  CHECK(contains(reason(c), "acc kahan"));
  c.acc = Accumulator::f64;
  CHECK(contains(reason(c), "same code as acc own"));
}

TEST_CASE("acc f64 with the atomic finish is rejected: its block totals would be added in the float result") {
  VariantConfig c;
  c.acc = Accumulator::f64;
  for (ElementType t : {ElementType::f32, ElementType::f16, ElementType::bf16}) {
    c.type = t;
    c.finish = GridFinish::atomic;
    CHECK(contains(reason(c), "acc f64 with finish atomic"));
    for (GridFinish f : {GridFinish::two_pass, GridFinish::last_block, GridFinish::atomic_ticket}) {
      c.finish = f;
      CHECK(reason(c).empty());
    }
  }
  c.acc = Accumulator::own;  // the type's own accumulator: the result slot is what it sums in
  c.finish = GridFinish::atomic;
  CHECK(reason(c).empty());
}

TEST_CASE("accumulator ids: f32 keeps its old spelling, the others are distinct") {
  VariantConfig c;
  CHECK(c.id() == "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f32");
  c.acc = Accumulator::kahan;
  CHECK(c.id() == "f32.b256.i1.v1.cover.seq.tree.2pass.plain.kahan");
  c.acc = Accumulator::f64;
  CHECK(c.id() == "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f64");
  c.type = ElementType::f64;
  CHECK(c.id() == "f64.b256.i1.v1.cover.seq.tree.2pass.plain.f64");  // rejected: same code as own
  c.acc = Accumulator::own;
  CHECK(c.id() == "f64.b256.i1.v1.cover.seq.tree.2pass.plain.own");
  c.type = ElementType::f16;
  CHECK(c.id() == "f16.b256.i1.v1.cover.seq.tree.2pass.plain.own");
}

TEST_CASE("hint bulk: sm_90, one 16-byte chunk per vec, the ring within the opt-in shared memory") {
  VariantConfig c;
  c.hint = LoadHint::bulk;
  c.vec = 4;
  CHECK(reason(c).empty());
  CHECK(dynamic_shared_bytes(c) == 128 + 4 * 2 * 256 * 16 + 4 * 8);
  c.vec = 2;
  CHECK(contains(reason(c), "vec is 4 for f32"));
  c.type = ElementType::f16;
  CHECK(contains(reason(c), "vec is 8 for f16"));
  c.vec = 8;
  CHECK(reason(c).empty());
  c.type = ElementType::f64;
  c.vec = 2;
  CHECK(reason(c).empty());
  DeviceLimits ampere;
  ampere.arch = 80;
  CHECK(contains(reason(c, ampere), "sm_80"));
  c.block = 1024;
  c.items = 4;  // 4 stages x 2 x 64 KiB
  CHECK(contains(reason(c), "hint bulk's ring"));
  c.items = 1;  // 4 x 2 x 16 KiB = 128 KiB: opt-in
  CHECK(reason(c).empty());
  VariantConfig plain;
  CHECK(dynamic_shared_bytes(plain) == 0);
}

TEST_CASE("finish block: two_pass's second kernel, the gather's warp up to 256 slots (blocks, or clusters) and its block above, else the block") {
  VariantConfig c;
  c.block = 256;
  c.finish = GridFinish::two_pass;
  CHECK(finish_block_threads(c, 4096) == 512);
  c.finish = GridFinish::gather;
  CHECK(finish_block_threads(c, 1) == 32);
  CHECK(finish_block_threads(c, 256) == 32);
  CHECK(finish_block_threads(c, 257) == 256);
  // The cluster finish gathers one slot per cluster of kClusterBlocks.
  const long long cluster = dotsweep_kernels::kClusterBlocks;
  c.finish = GridFinish::cluster;
  CHECK(finish_block_threads(c, cluster) == 32);
  CHECK(finish_block_threads(c, 257 * cluster - cluster) == 32);
  CHECK(finish_block_threads(c, 257 * cluster) == 256);
  for (const GridFinish f : {GridFinish::atomic, GridFinish::last_block, GridFinish::atomic_ticket}) {
    c.finish = f;
    CHECK(finish_block_threads(c, 257) == 256);
  }
}

TEST_CASE("shared memory limit") {
  DeviceLimits tiny;
  tiny.max_shared_bytes_per_block = 1024;
  VariantConfig tree;
  tree.block = 512;  // 512 x 4 bytes = 2048 > 1024
  CHECK(contains(reason(tree, tiny), "2048 bytes"));
  tree.block = 256;  // exactly 1024
  CHECK(reason(tree, tiny).empty());
  // Padded: one more slot per 128-byte row of partials, as the kernel lays them out (256 + 8) x 4.
  tree.layout = dotsweep::SharedLayout::padded;
  CHECK(contains(reason(tree, tiny), "1056 bytes"));
  VariantConfig shfl = shuffle_config();
  shfl.block = 1024;  // one slot per warp: 128 bytes
  CHECK(reason(shfl, tiny).empty());
}

TEST_CASE("every element type has its own name, size and result slot") {
  using dotsweep::ElementType;
  CHECK(dotsweep::all_element_types().size() == 4);
  for (ElementType t : dotsweep::all_element_types()) {
    CHECK(dotsweep::element_type_from_string(dotsweep::to_string(t)) == t);
  }
  CHECK(dotsweep::element_bytes(ElementType::f64) == 8);
  CHECK(dotsweep::element_bytes(ElementType::f16) == 2);
  CHECK(dotsweep::element_bytes(ElementType::bf16) == 2);
  CHECK(dotsweep::result_bytes(ElementType::f64) == 8);
  CHECK(dotsweep::result_bytes(ElementType::bf16) == 4);
  CHECK(dotsweep::exact_integer_limit(ElementType::bf16) == 256.0);
  CHECK_FALSE(dotsweep::element_type_from_string("f8").has_value());
}

TEST_CASE("the cluster finish needs sm_90; an unknown arch is not judged") {
  VariantConfig c = shuffle_config();
  c.finish = GridFinish::cluster;
  DeviceLimits limits;
  CHECK(reason(c, limits).empty());  // arch 0: unknown
  limits.arch = 90;
  CHECK(reason(c, limits).empty());
  limits.arch = 100;
  CHECK(reason(c, limits).empty());
  limits.arch = 89;
  CHECK(contains(reason(c, limits), "sm_89"));
  CHECK(contains(reason(c, limits), "sm_90"));
  for (GridFinish f : {GridFinish::two_pass, GridFinish::atomic, GridFinish::last_block, GridFinish::atomic_ticket}) {
    c.finish = f;  // every other finish runs anywhere
    CAPTURE(to_string(f));
    CHECK(reason(c, limits).empty());
  }
  VariantConfig s;
  s.grid = GridKind::single;
  s.finish = GridFinish::cluster;
  CHECK(contains(reason(s), "cluster"));
}

TEST_CASE("load widths per type: 1, 2, 4 elements, and 8 for the 2-byte types") {
  const auto vec_reason = [](ElementType t, int vec) {
    VariantConfig c;
    c.type = t;
    c.vec = vec;
    return reason(c);
  };
  // Every type runs in the kernel now: a width that fits is valid.
  for (ElementType t : {ElementType::f32, ElementType::f64, ElementType::f16, ElementType::bf16})
    for (int v : {1, 2, 4}) CHECK(vec_reason(t, v).empty());
  CHECK(contains(vec_reason(ElementType::f32, 8), "vec 8 is not a f32 load width (1, 2, 4)"));
  CHECK(contains(vec_reason(ElementType::f64, 8), "vec 8 is not a f64 load width (1, 2, 4)"));
  CHECK(vec_reason(ElementType::f16, 8).empty());
  CHECK(vec_reason(ElementType::bf16, 4).empty());
  CHECK(contains(vec_reason(ElementType::bf16, 16), "(1, 2, 4, 8"));
  CHECK(contains(vec_reason(ElementType::f16, 3), "vec 3"));
}

TEST_CASE("grid single takes only the last-block finish; every other finish is rejected, naming what it adds") {
  VariantConfig s;
  s.grid = GridKind::single;
  s.finish = GridFinish::last_block;
  CHECK(reason(s).empty());
  const std::pair<GridFinish, const char*> others[] = {{GridFinish::two_pass, "a second launch"},
                                                       {GridFinish::atomic, "a memset"},
                                                       {GridFinish::cluster, "cluster"},
                                                       {GridFinish::atomic_ticket, "an atomic add and a ticket"},
                                                       {GridFinish::gather, "the same code"}};
  for (const auto& [finish, adds] : others) {
    s.finish = finish;
    CAPTURE(to_string(finish));
    CHECK(contains(reason(s), "grid single"));
    CHECK(contains(reason(s), "finish " + to_string(finish) + " would only add"));
    CHECK(contains(reason(s), adds));
  }
}

TEST_CASE("atomic_ticket runs on every arch, every type and every grid but single") {
  for (ElementType t : {ElementType::f32, ElementType::f64, ElementType::f16, ElementType::bf16})
    for (GridKind g : {GridKind::cover, GridKind::persistent})
      for (int arch : {0, 70, 80, 90, 100}) {
        VariantConfig c = shuffle_config();
        c.type = t;
        c.vec = 2;  // a load width of every type
        c.grid = g;
        c.finish = GridFinish::atomic_ticket;
        DeviceLimits limits;
        limits.arch = arch;
        CAPTURE(to_string(t));
        CAPTURE(arch);
        CHECK(reason(c, limits).empty());
      }
}
