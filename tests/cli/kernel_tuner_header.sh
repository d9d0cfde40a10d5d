#!/usr/bin/env bash
# `dotsweep export --kernel-tuner` on two GPUs of one compute capability (the
# committed H200 and H100 baselines, both 9.0), read by Kernel Tuner itself
# (kernel_tuner 1.5.0 from PyPI, which tools/setup.sh installs into .venv):
#   1. one export holds both GPUs: each results file has entries of both
#      device names, and the C++ header, keyed by compute capability, takes
#      the first report given and says the other is in the Kernel Tuner files;
#      without --kernel-tuner that pair is refused (the H100's tables would
#      reach no file), exit 2, nothing written;
#   2. the header create_device_targets writes from each file compiles (g++,
#      no GPU) next to code that names `block`, `grid` and calls std::reduce,
#      for -DTARGET_<each GPU> and for the default, and its dot_* macros are
#      the configuration Kernel Tuner's own get_best_config picks;
#   3. the same header with the names unprefixed does not compile there (what
#      the prefix prevents, so this test can fail).
# Usage: kernel_tuner_header.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

python=$root/.venv/bin/python
cxx=${CXX:-c++}
if ! "$python" -c 'import kernel_tuner.integration' 2>/dev/null; then
  echo "FAIL: kernel_tuner is not importable from $python: run tools/setup.sh (it installs kernel_tuner==1.5.0)"
  exit 1
fi
command -v "$cxx" >/dev/null || { echo "FAIL: no C++ compiler ($cxx)"; exit 1; }
h200=$root/results/baselines/h200.csv.gz
h100=$root/results/baselines/h100.csv.gz

# 1. The pair without --kernel-tuner is refused; with it, both GPUs are kept.
expect 2 "both hold f32 on compute capability 9.0" -- export "$h200" "$h100" --header "$scratch/refused.cuh"
[[ ! -e $scratch/refused.cuh ]] || fail "a refused export left its header"
"$dotsweep" export "$h200" "$h100" --header "$scratch/table.cuh" --kernel-tuner "$scratch/kt" >"$scratch/out" 2>&1 ||
  fail "export of the H200 and H100 baselines: $(cat "$scratch/out")"
for type in f32 f64 f16 bf16; do
  grep -q "^// cc 9.0, $type: NVIDIA H200, h200.csv.gz (sweep of" "$scratch/table.cuh" ||
    fail "the header's $type table is not the H200's (given first)"
  grep -q "^// cc 9.0, $type: NVIDIA H100 80GB HBM3, h100.csv.gz: in the Kernel Tuner files only" "$scratch/table.cuh" ||
    fail "the header does not say where the H100's $type table went"
done
# The header's tables are the H200's alone: the same code as its export alone.
"$dotsweep" export "$h200" --header "$scratch/h200.cuh" >/dev/null 2>&1
cmp -s <(grep -v '^//' "$scratch/h200.cuh") <(grep -v '^//' "$scratch/table.cuh") &&
  echo "ok: the header's code is the H200's export" || fail "the header's code differs from the H200's export"

# 2. and 3. Kernel Tuner reads each file and writes its header; the program compiles against it.
cat >"$scratch/uses_names.cpp" <<'CPP'
// A program with its own `block`, `grid` and std::reduce, which a bare
// `#define block 512` or `#define reduce shfl` would rewrite.
#include KT_HEADER
#include <cstdio>
#include <numeric>
#include <vector>
#define TEXT_(x) #x
#define TEXT(x) TEXT_(x)
struct dim3 { unsigned x = 1, y = 1, z = 1; };
int main() {
  dim3 block{256};
  dim3 grid{(1000u + block.x - 1) / block.x};
  std::vector<int> items{1, 2, 3, 4};
  const int sum = std::reduce(items.begin(), items.end());
  if (sum != 10 || grid.x != 4) return 1;
  std::printf("dot_block=%d dot_items=%d dot_vec=%d dot_grid=%s dot_persistent_k=%d dot_layout=%s dot_reduce=%s "
              "dot_finish=%s dot_hint=%s dot_acc=%s\n",
              dot_block, dot_items, dot_vec, TEXT(dot_grid), dot_persistent_k, TEXT(dot_layout), TEXT(dot_reduce),
              TEXT(dot_finish), TEXT(dot_hint), TEXT(dot_acc));
  return 0;
}
CPP
"$python" - "$scratch/kt" "$scratch" >"$scratch/targets" <<'PY' || fail "Kernel Tuner could not read the files"
import os, sys
from kernel_tuner.integration import TuneResults, create_device_targets
folder, out = sys.argv[1:]
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    header = os.path.join(out, name.replace(".json", ".h"))
    create_device_targets(header, path)
    results = TuneResults(path)
    devices = sorted({e["device_name"] for e in results.data})
    # What each -DTARGET_ (and no target: the default) must give, as get_best_config picks it.
    for target, device in [(d, d) for d in devices] + [("default", "default")]:
        best = results.get_best_config(device)
        print(header, target, " ".join(f"{k}={v}" for k, v in best.items()))
PY
for type in f32 f64 f16 bf16; do
  devices=$(grep -c "/dot_$type.h NVIDIA_" "$scratch/targets")
  [[ $devices -eq 2 ]] || fail "dot_$type.json holds $devices device names, want 2 (NVIDIA_H200, NVIDIA_H100_80GB_HBM3)"
done
while read -r header target want; do
  define=-DTARGET_$target
  [[ $target == default ]] && define=
  if ! "$cxx" -std=c++17 -Wall -Werror -DKT_HEADER="\"$header\"" $define "$scratch/uses_names.cpp" \
    -o "$scratch/prog" 2>"$scratch/cxx.err"; then
    fail "$(basename "$header") $target: does not compile: $(head -3 "$scratch/cxx.err")"
    continue
  fi
  got=$("$scratch/prog") || { fail "$(basename "$header") $target: the program failed"; continue; }
  [[ $got == "$want" ]] && echo "ok: $(basename "$header") $target: $got" ||
    fail "$(basename "$header") $target: the macros give '$got', Kernel Tuner picks '$want'"
done <"$scratch/targets"

# The prefix is what lets it compile: the same header with bare names does not.
sed 's/#define dot_/#define /' "$scratch/dot_f32.h" >"$scratch/bare.h"
if "$cxx" -std=c++17 -DKT_HEADER="\"$scratch/bare.h\"" -DTARGET_NVIDIA_H200 "$scratch/uses_names.cpp" \
  -o "$scratch/bare" 2>/dev/null; then
  fail "a header with bare names compiled next to block, grid and std::reduce: the test cannot see the clash"
else
  echo "ok: the same header with bare names (#define block ...) does not compile there"
fi

if [[ $failures -ne 0 ]]; then
  echo "$failures kernel tuner header check(s) failed"
  exit 1
fi
echo "all kernel tuner header checks passed"
