#!/usr/bin/env bash
# `dotsweep ab`'s bad input: one line on stderr and exit 2, before any GPU is
# looked for (so on a machine without one these never reach exit 3); and the
# kernel trees it reads compile through NVRTC without a GPU (`list --compile
# --kernels`), the planted slow tree of ab_gpu.sh included.
# Usage: ab_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

kernels=$root/kernels
space=$root/tests/fixtures/ab/space.toml
mkdir -p "$scratch/empty" "$scratch/broken"
cp "$kernels"/* "$scratch/broken/"
sed -i 's|#include "dot_policy.cuh"|#include "gone.cuh"|' "$scratch/broken/dot_kernel.cuh"

expect 2 "kernels-b" -- ab
expect 2 "--kernels-b '$scratch/none': no such folder" -- ab --kernels-b "$scratch/none"
expect 2 "--kernels-b '$scratch/empty': not a kernel tree (it has no dot_kernel.cuh)" -- ab --kernels-b "$scratch/empty"
expect 2 "--kernels-a '$scratch/empty': not a kernel tree" -- ab --kernels-a "$scratch/empty" --kernels-b "$kernels"
expect 2 "dot_kernel.cuh:[0-9]*: includes \"gone.cuh\", which is not beside it" -- ab --kernels-b "$scratch/broken"
expect 2 "kernels-b" -- ab --kernels-b ''
expect 2 "^dotsweep: --kernels-a is given more than once; give it once$" -- ab --kernels-a "$kernels" --kernels-a "$kernels" --kernels-b "$kernels"
expect 2 "^dotsweep: --kernels-b is given more than once" -- ab --kernels-b "$kernels" --kernels-b "$scratch/none"
expect 2 "^dotsweep: --threshold is given more than once" -- ab --kernels-b "$kernels" --threshold 2 --threshold 3
expect 2 "ab times in one mode" -- ab --kernels-b "$kernels" --mode cold,hot
expect 2 "unknown mode" -- ab --kernels-b "$kernels" --mode warm
expect 2 "threshold" -- ab --kernels-b "$kernels" --threshold 0
expect 2 "threshold" -- ab --kernels-b "$kernels" --threshold -1
expect 2 "cannot read space file" -- ab --kernels-b "$kernels" --space "$scratch/none.toml"
expect 2 "2^99" -- ab --kernels-b "$kernels" --sizes '2^99'
expect 2 "min-samples" -- ab --kernels-b "$kernels" --min-samples 0
expect 2 "is more than --max-samples" -- ab --kernels-b "$kernels" --min-samples 20 --max-samples 10
expect 2 "^dotsweep: --copies 0: give 1 to 64$" -- ab --kernels-b "$kernels" --copies 0
expect 2 "^dotsweep: --copies 65: give 1 to 64$" -- ab --kernels-b "$kernels" --copies 65
expect 2 "^dotsweep: --copies -1: give 1 to 64$" -- ab --kernels-b "$kernels" --copies -1
expect 2 "^dotsweep: --copies 2: an interval over copies reaches 95% from 6 copies; give 1 or 6 to 64$" -- ab --kernels-b "$kernels" --copies 2
expect 2 "^dotsweep: --copies 5: an interval over copies" -- ab --kernels-b "$kernels" --copies 5
expect 2 "^dotsweep: --max-samples 39 leaves fewer than 5 pairs for each of 8 copies; give at least 40$" -- ab --kernels-b "$kernels" --copies 8 --max-samples 39
expect 2 "^dotsweep: --copies is given more than once" -- ab --kernels-b "$kernels" --copies 8 --copies 6
expect 2 "--junit '$scratch/none/ab.xml': its folder '$scratch/none' does not exist" -- ab --kernels-b "$kernels" --junit "$scratch/none/ab.xml"
expect 2 "markdown" -- ab --kernels-b "$kernels" --markdown "$scratch/none/ab.md"
mkdir -p "$scratch/taken" && echo "rank,variant" >"$scratch/taken/sweep.csv"
expect 2 "already holds a report .*; pass a new --out folder$" -- ab --kernels-b "$kernels" --out "$scratch/taken"
[[ -e $scratch/none ]] && fail "a refused run left $scratch/none behind"

# `list --kernels` only with --compile; a bad tree is refused the same way.
expect 2 "--kernels only applies with --compile" -- list --kernels "$kernels"
expect 2 "not a kernel tree" -- list --compile --kernels "$scratch/empty"

# A quoted include followed by a comment is inlined, as a compiler reads it
# (it once passed the tree check unread and then failed every variant's
# compile); one followed by anything else is refused with its file and line.
mkdir -p "$scratch/commented" "$scratch/malformed"
cp "$kernels"/* "$scratch/commented/" && cp "$kernels"/* "$scratch/malformed/"
sed -i 's|^#include "dot_policy.cuh"$|#include "dot_policy.cuh"  // the policy /* and more */|' \
  "$scratch/commented/dot_kernel.cuh"
sed -i 's|^#include "variant_axes.h"$|#include "variant_axes.h" /* the axes */ /* twice */|' \
  "$scratch/commented/dot_policy.cuh"
grep -q '^#include "dot_policy.cuh"  // the policy' "$scratch/commented/dot_kernel.cuh" ||
  fail "the commented tree was not made: kernels/dot_kernel.cuh has no '#include \"dot_policy.cuh\"' line"
if "$dotsweep" list --space "$space" --compile --kernels "$scratch/commented" >"$scratch/out" 2>"$scratch/err"; then
  echo "ok: a tree with comments after its includes compiles: $(tail -n 1 "$scratch/out")"
else
  fail "a tree with comments after its includes does not compile:"; tail -n 3 "$scratch/out"; cat "$scratch/err"
fi
line=$(grep -n '^#include "dot_policy.cuh"$' "$scratch/malformed/dot_kernel.cuh" | cut -d: -f1)
sed -i 's|^#include "dot_policy.cuh"$|#include "dot_policy.cuh" policy|' "$scratch/malformed/dot_kernel.cuh"
expect 2 "^dotsweep: --kernels '$scratch/malformed': $scratch/malformed/dot_kernel.cuh:$line: cannot read the include '#include \"dot_policy.cuh\" policy'; accepted: #include \"FILE\" alone on its line, or followed by a // comment or a /\* \*/ comment that ends on that line$" -- \
  list --space "$space" --compile --kernels "$scratch/malformed"
sed -i 's|^#include "dot_policy.cuh" policy$|#include "dot_policy.cuh" /* a comment going on below|' "$scratch/malformed/dot_kernel.cuh"
expect 2 "dot_kernel.cuh:$line: cannot read the include '#include \"dot_policy.cuh\" /\* a comment going on below'" -- \
  ab --kernels-b "$scratch/malformed"

# The planted slow tree is made from the current kernels/ and compiles.
if ! bash "$root/tests/cli/make_slow_kernels.sh" "$kernels" "$scratch/slow" 5 256 2>"$scratch/err"; then
  fail "make_slow_kernels.sh: $(cat "$scratch/err")"
fi
if "$dotsweep" list --space "$space" --compile --kernels "$scratch/slow" >"$scratch/out" 2>"$scratch/err"; then
  echo "ok: the planted slow tree compiles: $(tail -n 1 "$scratch/out")"
else
  fail "the planted slow tree does not compile:"; cat "$scratch/out" "$scratch/err"
fi
# With the reads again too, in every type (the quick space), in every variant.
if ! bash "$root/tests/cli/make_slow_kernels.sh" "$kernels" "$scratch/reads" 5 "" 2600 10 2>"$scratch/err"; then
  fail "make_slow_kernels.sh with READ_PERCENT: $(cat "$scratch/err")"
fi
grep -q 'words \* 10ll / 100ll' "$scratch/reads/slowdown.cuh" || fail "READ_PERCENT 10 did not reach slowdown.cuh"
if "$dotsweep" list --space "$root/variants/quick.toml" --compile --kernels "$scratch/reads" >"$scratch/out" \
  2>"$scratch/err"; then
  echo "ok: the tree planted with reads again compiles: $(tail -n 1 "$scratch/out")"
else
  fail "the tree planted with reads again does not compile:"; cat "$scratch/out" "$scratch/err"
fi
# The planting script refuses a kernel it cannot find the kernel bodies of.
mkdir -p "$scratch/odd" && cp "$kernels"/* "$scratch/odd/"
sed -i 's/__global__/__device__/' "$scratch/odd/dot_kernel.cuh"
if bash "$root/tests/cli/make_slow_kernels.sh" "$scratch/odd" "$scratch/odd-slow" 5 2>/dev/null; then
  fail "make_slow_kernels.sh planted into a tree without __global__ kernels"
fi

[[ $failures -eq 0 ]] || { echo "$failures failures"; exit 1; }
echo "all ab input checks passed"
