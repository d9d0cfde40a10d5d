#!/usr/bin/env bash
# Writes a kernel tree whose kernels do measurably more work, for `dotsweep ab`
# tests: a copy of KERNELS in which every __global__ function of
# dot_kernel.cuh holds a dotsweep_slowdown::Spin (slowdown.cuh, written here).
# In a slowed variant (all, or those of block size BLOCK), every thread spins
# on %globaltimer at its end for PERCENT% of its own time (all of them, so
# the block holds its SM slot that much longer and no other block takes the
# room); block 0 spins PERCENT% of LAUNCH_NS more, the part of a timed
# launch no block sees (the floor row, an empty kernel timed like every row,
# measures 2.62 us cold on the H200: results/baselines/h200.csv.gz), so a
# launch-bound and a memory-bound kernel both take about PERCENT% longer.
# The tree is made from the current kernels/ at test time, so it never goes
# stale; the edit is checked to have landed in both kernels.
# Usage: make_slow_kernels.sh KERNELS OUT PERCENT [BLOCK] [LAUNCH_NS]
set -eu
src=$1 out=$2 percent=$3 block=${4:-} launch_ns=${5:-2600}
if [[ -n $block ]]; then slowed="(P::kBlock == $block)"; else slowed="true"; fi
mkdir -p "$out"
cp "$src"/*.cuh "$src"/*.h "$out"/
cat >"$out/slowdown.cuh" <<CUH
// Written by tests/cli/make_slow_kernels.sh: a planted slowdown of $percent%.
#pragma once
namespace dotsweep_slowdown {
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
template <bool Slowed>
struct Spin {
  unsigned long long start;
  __device__ Spin() : start(Slowed ? now_ns() : 0ull) {}
  __device__ ~Spin() {
    if (!Slowed) return;
    const unsigned long long end = now_ns();
    unsigned long long extra = (end - start) * ${percent}ull / 100ull;
    if (blockIdx.x == 0) extra += ${launch_ns}ull * ${percent}ull / 100ull;
    while (now_ns() < end + extra) {
    }
  }
};
}  // namespace dotsweep_slowdown
#define DOTSWEEP_SLOWED(P) ${slowed}
CUH
# The include goes first; the spin opens the body of each __global__ function.
awk 'NR == 1 { print "#include \"slowdown.cuh\"" }
     /__global__/ { in_signature = 1 }
     { print }
     in_signature && /\{[[:space:]]*$/ {
       print "  const dotsweep_slowdown::Spin<DOTSWEEP_SLOWED(P)> dotsweep_spin;"
       in_signature = 0; spins++
     }
     END { if (spins < 2) { print "make_slow_kernels.sh: found " spins+0 " kernel bodies, expected 2 (dot_kernel, finish_partials)" > "/dev/stderr"; exit 1 } }' \
  "$src/dot_kernel.cuh" >"$out/dot_kernel.cuh"
