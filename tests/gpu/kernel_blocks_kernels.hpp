// GPU checks of the kernel building blocks (kernels/block_reduce.cuh,
// accumulate.cuh, load.cuh, bulk_ring.cuh), compiled by nvcc for the build's
// arch. Each function runs its kernels and returns what it saw; the doctest
// cases (test_kernel_blocks.cpp) judge.
#pragma once

#include <string>
#include <vector>

namespace dotsweep::test {

// One launch's result against the exact value.
struct ExactCheck {
  std::string name;
  double got = 0, expected = 0;
};

// Every valid block_sum instantiation (float and double; trees at Block 32,
// 64, 128, 1024; shuffle, cg and cub at 32, 96, 256, 1024), three blocks each,
// thread t of block b holding t + 1 + b*Block (distinct, so a dropped or
// doubled lane changes the sum; exact in float up to Block 1024).
std::vector<ExactCheck> run_every_block_sum();

// The same check on a mutant: the sequential tree that skips its last step.
std::vector<ExactCheck> run_tree_skipping_last_step();

// block_sum<float, 256, warp_partials, shuffle> run twice in each of three
// blocks, with or without the __syncthreads() its reuse contract asks for
// between the calls; the second call sums 2v. Without the barrier the race
// is planted on purpose, for compute-sanitizer's racecheck to find.
std::vector<ExactCheck> run_block_sum_reused(bool barrier);

// One thread sums 1*1, 0*0, then 2^20 - 2 products 2^-12 * 2^-12 = 2^-24:
// in f32 each small product alone rounds away against 1, so a plain f32 sum
// stays 1 while the exact sum is 1 + (2^20 - 2) 2^-24 (representable in f32).
struct AdversarialSum {
  std::string name;   // element type and vector width
  double own = 0, kahan = 0, f64 = 0, exact = 0;
  bool has_kahan = true;  // false for double
};
std::vector<AdversarialSum> run_adversarial_sums();

// For every element type x vector width x hint: does a copy through load<H>
// return the input's bytes? One entry per combination, `ok` false on a mismatch;
// l2_prefetch only from sm_80 (`arch`), which its qualifier needs.
struct LoadCheck {
  std::string name;
  bool ok = false;
};
std::vector<LoadCheck> run_every_load(int arch);

// bulk_ring_partial over a grid, block-summed and added up, against the exact
// integer dot, for n in {1, 31, 4097, 2^20 + 3} and several (type,
// accumulator, Block, Stages, TileElems, grid) shapes, aligned and with both
// inputs offset by one element (the plain-load fallback). Needs sm_90; the
// shapes whose ring exceeds `shared_optin_bytes` (the device's) are left out.
std::vector<ExactCheck> run_bulk_ring_dots(int shared_optin_bytes);

}  // namespace dotsweep::test
