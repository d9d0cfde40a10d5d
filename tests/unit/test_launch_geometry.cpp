#include <doctest/doctest.h>

#include "core/space/launch_geometry.hpp"
#include "launch_constants.h"

using namespace dotsweep;

namespace {
VariantConfig with(int block, int items, int vec, GridKind grid, GridFinish finish) {
  VariantConfig c;
  c.block = block;
  c.items = items;
  c.vec = vec;
  c.grid = grid;
  c.persistent_k = grid == GridKind::persistent ? 2 : 0;
  c.finish = finish;
  return c;
}
constexpr long long kResident = 132 * 8;  // an H200's SMs x 8 resident blocks
}  // namespace

TEST_CASE("a cover grid has one block per tile of block x items vectors, at least one") {
  const VariantConfig c = with(256, 1, 4, GridKind::cover, GridFinish::two_pass);
  CHECK(grid_blocks_at(c, 4096, kResident) == 4);
  CHECK(grid_blocks_at(c, 4097, kResident) == 4);  // the tail past whole vectors: block 0 adds it
  CHECK(grid_blocks_at(c, 4100, kResident) == 5);  // 1025 vectors: a fifth tile
  CHECK(grid_blocks_at(c, 1, kResident) == 1);
  CHECK(grid_blocks_at(with(128, 4, 2, GridKind::cover, GridFinish::atomic), 1LL << 20, kResident) == 1024);
}

TEST_CASE("the bulk ring's tiles cover n whole, its tail included") {
  VariantConfig c = with(128, 2, 4, GridKind::cover, GridFinish::two_pass);
  c.hint = LoadHint::bulk;
  CHECK(grid_blocks_at(c, 1024, kResident) == 1);
  CHECK(grid_blocks_at(c, 1025, kResident) == 2);
}

TEST_CASE("a persistent grid launches k x the resident blocks, or the tiles when fewer; single one block") {
  const VariantConfig p = with(256, 1, 1, GridKind::persistent, GridFinish::last_block);
  CHECK(grid_blocks_at(p, 1LL << 28, kResident) == 2 * kResident);
  CHECK(grid_blocks_at(p, 4096, kResident) == 16);
  CHECK(grid_blocks_at(with(256, 1, 1, GridKind::single, GridFinish::atomic), 1LL << 28, kResident) == 1);
}

TEST_CASE("the cluster finish launches whole clusters") {
  const long long cluster = dotsweep_kernels::kClusterBlocks;
  const VariantConfig c = with(256, 1, 1, GridKind::cover, GridFinish::cluster);
  CHECK(grid_blocks_at(c, 256, kResident) == cluster);
  CHECK(grid_blocks_at(c, 256 * (cluster + 1), kResident) == 2 * cluster);
  CHECK(grid_blocks_at_most(c, 256 * (cluster + 1)) == 2 * cluster);
}

TEST_CASE("the largest grid bounds the grid on any device") {
  for (const GridKind grid : {GridKind::cover, GridKind::persistent, GridKind::single})
    for (const GridFinish finish : {GridFinish::two_pass, GridFinish::cluster, GridFinish::gather})
      for (const long long n : {1LL, 4097LL, 1000003LL, (1LL << 28) + 3})
        for (const long long resident : {1LL, 132LL, kResident, 1LL << 30}) {
          const VariantConfig c = with(128, 2, 2, grid, finish);
          CAPTURE(c.id());
          CAPTURE(n);
          CAPTURE(resident);
          CHECK(grid_blocks_at(c, n, resident) <= grid_blocks_at_most(c, n));
        }
  const VariantConfig cover = with(128, 2, 2, GridKind::cover, GridFinish::two_pass);
  CHECK(grid_blocks_at_most(cover, 1000003) == grid_blocks_at(cover, 1000003, kResident));
}

TEST_CASE("partials: one accumulator per block for the finishes that write them, none for the atomic ones") {
  VariantConfig c = with(256, 1, 1, GridKind::cover, GridFinish::two_pass);
  CHECK(partial_bytes(c, 100) == 400);
  c.acc = Accumulator::f64;
  CHECK(partial_bytes(c, 100) == 800);
  for (const GridFinish f : {GridFinish::last_block, GridFinish::cluster, GridFinish::gather}) {
    c.finish = f;
    CHECK(writes_partials(f));
    CHECK(partial_bytes(c, 3) == 24);
  }
  for (const GridFinish f : {GridFinish::atomic, GridFinish::atomic_ticket}) {
    c.finish = f;
    CHECK_FALSE(writes_partials(f));
    CHECK(partial_bytes(c, 100) == 0);
  }
}

TEST_CASE("the arena's room is the most partials any variant writes at the largest size") {
  VariantConfig small = with(1024, 4, 4, GridKind::cover, GridFinish::two_pass);
  VariantConfig large = with(64, 1, 1, GridKind::cover, GridFinish::last_block);
  large.type = ElementType::f64;  // an 8-byte accumulator
  const VariantConfig atomic = with(32, 1, 1, GridKind::cover, GridFinish::atomic);
  CHECK(partial_bytes_at_most({small, large, atomic}, 1LL << 20) == (1LL << 20) / 64 * 8);
  CHECK(partial_bytes_at_most({small, atomic}, 1LL << 20) == (1LL << 20) / (1024 * 16) * 4);
  CHECK(partial_bytes_at_most({atomic}, 1LL << 28) == 0);
  CHECK(partial_bytes_at_most({}, 1LL << 28) == 0);
}
