#!/usr/bin/env bash
# Writes a kernel tree whose kernels do measurably more work, for `dotsweep ab`
# and `gate` tests: a copy of KERNELS in which every __global__ function of
# dot_kernel.cuh holds a dotsweep_slowdown::Spin (slowdown.cuh, written here).
# In a slowed variant (all, or those of block size BLOCK), every thread spins
# on %globaltimer at its end for PERCENT% of its own time (all of them, so
# the block holds its SM slot that much longer and no other block takes the
# room); block 0 spins PERCENT% of LAUNCH_NS more, the part of a timed
# launch no block sees (the floor row, an empty kernel timed like every row,
# measures 2.62 us cold on the H200: results/baselines/h200.csv.gz). That
# slows a launch-bound kernel by about PERCENT%; a memory-bound one hides
# most of it (on the H200 at 2^24, 10% spin slowed rows by 2.5-2.9%).
# With READ_PERCENT > 0 the dot kernel of a slowed variant first reads
# READ_PERCENT% of each input again, from half the input away (so the lines
# it reads again left the L2 long before, once an input is larger than the
# L2), which a memory-bound launch pays as that many more bytes from DRAM;
# the spin starts after it. The results do not change.
# The tree is made from the current kernels/ at test time, so it never goes
# stale; the edit is checked to have landed in both kernels.
# Usage: make_slow_kernels.sh KERNELS OUT PERCENT [BLOCK] [LAUNCH_NS] [READ_PERCENT]
set -eu
src=$1 out=$2 percent=$3 block=${4:-} launch_ns=${5:-2600} read_percent=${6:-0}
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
// Written only when the words read again happen to fold to n: never read,
// there so the loads cannot be left out.
__device__ unsigned int sink;
// Reads ${read_percent}% of each input's whole 16-byte words again, half the
// input away from where the grid's threads are, spread over every thread.
template <bool Slowed, class T>
__device__ __forceinline__ void read_again(const T* a, const T* b, long long n) {
  const long long words = n * static_cast<long long>(sizeof(T)) / 16;
  const long long extra = words * ${read_percent}ll / 100ll;
  if (!Slowed || extra == 0) return;
  const uint4* wa = reinterpret_cast<const uint4*>(a);
  const uint4* wb = reinterpret_cast<const uint4*>(b);
  const long long threads = static_cast<long long>(gridDim.x) * blockDim.x;
  unsigned int folded = 0;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < extra; i += threads) {
    const long long w = (i + words / 2) % words;
    const uint4 x = wa[w], y = wb[w];
    folded ^= x.x ^ x.y ^ x.z ^ x.w ^ y.x ^ y.y ^ y.z ^ y.w;
  }
  if (folded == static_cast<unsigned int>(n)) sink = folded;
}
}  // namespace dotsweep_slowdown
#define DOTSWEEP_SLOWED(P) ${slowed}
CUH
# The include goes first; the spin opens the body of each __global__ function,
# after the dot kernel's reads again (its parameters are a, b and n).
awk 'NR == 1 { print "#include \"slowdown.cuh\"" }
     /__global__/ { in_signature = 1; is_dot = 0 }
     in_signature && /dot_kernel\(/ { is_dot = 1 }
     { print }
     in_signature && /\{[[:space:]]*$/ {
       if (is_dot) { print "  dotsweep_slowdown::read_again<DOTSWEEP_SLOWED(P)>(a, b, n);"; reads++ }
       print "  const dotsweep_slowdown::Spin<DOTSWEEP_SLOWED(P)> dotsweep_spin;"
       in_signature = 0; spins++
     }
     END { if (spins < 2 || reads != 1) { print "make_slow_kernels.sh: found " spins+0 " kernel bodies and " reads+0 " dot kernels, expected 2 (dot_kernel, finish_partials) and 1" > "/dev/stderr"; exit 1 } }' \
  "$src/dot_kernel.cuh" >"$out/dot_kernel.cuh"
