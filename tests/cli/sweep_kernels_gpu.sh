#!/usr/bin/env bash
# `dotsweep --kernels DIR`: a sweep compiles the tree it is given, not the
# built-in one. On tests/fixtures/ab/space.toml at n = 4097:
#  - kernels/ read from disk: every row correct, context.json and summary.md
#    name the tree and its digest;
#  - a tree whose two-pass finish doubles the partials, given as a relative
#    path: exactly the two-pass candidate rows incorrect (the tree really is
#    what was measured), every other row correct, another digest, and the
#    folder recorded absolute.
# Needs a GPU (exit 77 without one).
# Usage: sweep_kernels_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

space=$root/tests/fixtures/ab/space.toml
mkdir -p "$scratch/same" "$scratch/wrong"
cp "$root/kernels"/* "$scratch/same/" && cp "$root/kernels"/* "$scratch/wrong/"
sed -i 's/acc += partials\[i\];/acc += 2 * partials[i];/' "$scratch/wrong/dot_kernel.cuh"
cmp -s "$root/kernels/dot_kernel.cuh" "$scratch/wrong/dot_kernel.cuh" &&
  fail "the two-pass finish's sum was not found to plant the wrong result into"

dotsweep=$(realpath "$dotsweep")
sweep() {  # sweep NAME TREE: the fixture space swept with TREE, from $scratch, into $scratch/NAME.report
  (cd "$scratch" && "$dotsweep" --kernels "$2" --space "$space" --sizes 4097 --mode cold --min-samples 3 \
    --max-samples 10 --time-budget 0.1 --no-progress --out "$scratch/$1.report" >"$scratch/$1.out" 2>"$scratch/$1.err") ||
    { fail "$1: exit $?"; cat "$scratch/$1.err"; }
}
# incorrect NAME: "kind variant" of every incorrect row but the floor (timed only) and seed-as-written (wrong by design)
incorrect() {
  python3 - "$scratch/$1.report/sweep.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["correct"] != "1" and r["kind"] != "floor" and r["variant"] != "seed-as-written":
        print(r["kind"], r["variant"])
PY
}
digest() { python3 -c 'import json, sys; k = json.load(open(sys.argv[1]))["kernels"]; print(k["tree"], k["digest"])' \
  "$scratch/$1.report/context.json"; }

sweep same "$scratch/same"
sweep wrong ./wrong/  # relative: context.json keeps it absolute, for a resume from elsewhere
[[ -z $(incorrect same) ]] || { fail "kernels/ from disk: rows incorrect:"; incorrect same; }
want=$(python3 - "$scratch/wrong.report/sweep.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["kind"] == "candidate" and r["finish"] == "two_pass":
        print(r["kind"], r["variant"])
PY
)
[[ -n $want ]] || fail "the wrong tree's report has no two-pass rows"
[[ "$(incorrect wrong)" == "$want" ]] ||
  { fail "the wrong tree: the incorrect rows are not exactly the two-pass rows"; diff <(echo "$want") <(incorrect wrong); }

read -r same_tree same_digest <<<"$(digest same)"
read -r wrong_tree wrong_digest <<<"$(digest wrong)"
[[ $same_tree == "$scratch/same" && $wrong_tree == "$scratch/wrong" ]] || fail "context.json names the trees $same_tree, $wrong_tree"
[[ $same_digest =~ ^[0-9a-f]{16}$ && $wrong_digest =~ ^[0-9a-f]{16}$ && $same_digest != "$wrong_digest" ]] ||
  fail "digests $same_digest, $wrong_digest: want two different 16-digit ones"
grep -qF "| kernels | the tree in $scratch/wrong (digest $wrong_digest), not the built-in one |" \
  "$scratch/wrong.report/summary.md" || fail "summary.md does not name the tree"
grep -q "^kernels: the tree in $scratch/wrong (digest $wrong_digest)" "$scratch/wrong.err" ||
  fail "the banner does not name the tree"

[[ $failures -eq 0 ]] || { echo "$failures failures"; exit 1; }
echo "sweep --kernels on the GPU: all checks passed ($(echo "$want" | wc -l) two-pass rows incorrect in the wrong tree)"
