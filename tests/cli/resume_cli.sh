#!/usr/bin/env bash
# --resume refusals, all decided before looking for a GPU: each is one line on
# stderr, exit 2, and leaves the folder exactly as it was.
# Usage: resume_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

expect_fixed=1  # expect matches fixed text

version=$("$dotsweep" --version | sed -n 's/^dotsweep \([^,]*\),.*/\1/p')
[[ -n $version ]] || fail "cannot read the version from dotsweep --version"
space="$root/variants/quick.toml"
# The options every run below repeats; the saved context records the same.
run=(--space "$space" --sizes 4096,65536 --mode cold --seed 5 --min-samples 10 --max-samples 100 --ci-target 1
  --time-budget 2)

# make_report DIR [KEY=JSON ...]: a report folder as an interrupted sweep with
# the options above leaves it (context.json, two rows of sweep.csv), with the
# given context fields overridden (KEY is a /json/pointer).
make_report() {
  local dir=$1
  shift
  mkdir -p "$dir"
  python3 - "$dir" "$space" "$version" "$@" <<'PY'
import json, sys
d, space, version = sys.argv[1:4]
ctx = {"dotsweep_version": version, "seed": 5, "timestamp": "2026-11-30T08:00:00Z",
       "options": {"sizes": [4096, 65536], "modes": ["cold"], "min_samples": 10, "max_samples": 100,
                   "ci_halfwidth_pct": 1.0, "time_budget_s": 2.0, "strategy": {"name": "exhaustive"}},
       "space": {"file": space, "text": open(space).read(), "configs": 85},
       "device": {"name": "NVIDIA H200", "cc": "9.0"}}
for override in sys.argv[4:]:
    pointer, value = override.split("=", 1)
    *parents, last = pointer.strip("/").split("/")
    node = ctx
    for p in parents: node = node[p]
    node[last] = json.loads(value)
json.dump(ctx, open(d + "/context.json", "w"), indent=2)
PY
  cp "$root/tests/fixtures/resume/sweep.csv" "$dir/sweep.csv"
}

snapshot() { (cd "$1" && md5sum ./* 2>/dev/null); }

expect 2 "--resume '$scratch/none': no such folder" -- "${run[@]}" --resume "$scratch/none"
mkdir "$scratch/empty"
expect 2 "not a dotsweep report folder" -- "${run[@]}" --resume "$scratch/empty"
expect 2 "--resume" -- "${run[@]}" --resume ""
make_report "$scratch/both"
expect 2 "--out and --resume together" -- "${run[@]}" --resume "$scratch/both" --out "$scratch/other"

make_report "$scratch/badjson" && echo "{" >"$scratch/badjson/context.json"
expect 2 "its context.json is not valid JSON" -- "${run[@]}" --resume "$scratch/badjson"

# counters.csv (the counter pass's rows, merged into the kept rows) is read
# with the rest, before the GPU: one that is not a sweep CSV is named.
make_report "$scratch/badcounters" && printf 'variant,median\nx,1\n' >"$scratch/badcounters/counters.csv"
expect 2 "$scratch/badcounters/counters.csv" -- "${run[@]}" --resume "$scratch/badcounters"
# So is samples.csv.gz (core/rows/samples_file.hpp): damage, not a cut-short
# last member, is named before the GPU.
make_report "$scratch/badsamples" && printf 'not gzip\n' >"$scratch/badsamples/samples.csv.gz"
expect 2 "$scratch/badsamples/samples.csv.gz" -- "${run[@]}" --resume "$scratch/badsamples"

# Each difference from the interrupted sweep is named with both values.
check_refused() {  # check_refused NAME PATTERN OVERRIDE -- ARGS...
  local name=$1 pattern=$2 override=$3
  shift 4
  make_report "$scratch/$name" "$override"
  local before
  before=$(snapshot "$scratch/$name")
  expect 2 "$pattern" -- "$@" --resume "$scratch/$name"
  [[ $(snapshot "$scratch/$name") == "$before" ]] || fail "the refused --resume changed $scratch/$name"
}
check_refused sizes 'sizes differs: the interrupted sweep had [4096,1024], this one has [4096,65536]' \
  '/options/sizes=[4096,1024]' -- "${run[@]}"
check_refused modes 'timing modes differs: the interrupted sweep had ["cold","hot"], this one has ["cold"]' \
  '/options/modes=["cold","hot"]' -- "${run[@]}"
check_refused version 'dotsweep version differs: the interrupted sweep had "0.0.1"' '/dotsweep_version="0.0.1"' \
  -- "${run[@]}"
check_refused space 'space (its file'"'"'s text) differs' '/space/text="name = \"other\""' -- "${run[@]}"
check_refused seed 'seed differs: the interrupted sweep had 6, this one has 5' '/seed=6' -- "${run[@]}"
check_refused samples '--max-samples differs' '/options/max_samples=50' -- "${run[@]}"
check_refused budget '--time-budget differs' '/options/time_budget_s=3' -- "${run[@]}"
check_refused strategy 'search strategy differs: the interrupted sweep had {"budget":3,"name":"random"}, this one has {"name":"exhaustive"}' \
  '/options/strategy={"name":"random","budget":3}' -- "${run[@]}" --strategy exhaustive
check_refused budget_n 'search strategy differs: the interrupted sweep had {"budget":3,"name":"random"}, this one has {"budget":4,"name":"random"}' \
  '/options/strategy={"name":"random","budget":3}' -- "${run[@]}" --strategy random --budget 4
check_refused stamp 'sweep.csv holds a row of another sweep' '/timestamp="2026-11-30T09:00:00Z"' -- "${run[@]}"
# `--resume DIR` alone takes every option from context.json; one given that
# contradicts it is still refused, naming both values.
check_refused alone_seed 'seed differs: the interrupted sweep had 5, this one has 6' '/seed=5' -- --seed 6
check_refused alone_sizes 'sizes differs: the interrupted sweep had [4096,65536], this one has [4096]' '/seed=5' -- --sizes 4096
check_refused alone_mode 'timing modes differs: the interrupted sweep had ["cold"], this one has ["hot"]' '/seed=5' -- --mode hot
check_refused alone_space 'space (its file'"'"'s text) differs' '/seed=5' -- --space "$root/variants/default.toml"
check_refused alone_missing "its context.json has no usable options/sizes; give the option on the command line" \
  '/options/sizes=null' --
check_refused alone_badsize "its context.json lists size 0, outside 1..2^29" '/options/sizes=[0,4096]' --
check_refused alone_badmode "its context.json has no usable options/modes ('cold,warm'); give the option" \
  '/options/modes=["cold","warm"]' --
check_refused alone_badstrategy "its context.json has no usable options/strategy/name ('greedy')" \
  '/options/strategy={"name":"greedy"}' --
check_refused alone_nobudget "its context.json has no usable options/strategy/budget" '/options/strategy={"name":"random"}' --

# --kernels DIR: the tree's text must still be what the sweep compiled (its
# digest in context.json); a sweep of the built-in tree records none, so a
# tree given to its resume differs; a saved tree that is gone is named.
tree="$scratch/tree"
mkdir -p "$tree" && cp "$root/kernels"/* "$tree/"
check_refused kernels_changed 'kernel tree (its text'"'"'s digest) differs: the interrupted sweep had "0000000000000000", this one has "' \
  '/kernels={"tree":"'"$tree"'","digest":"0000000000000000"}' --
digest=$(sed -n 's/.*this one has "\([0-9a-f]\{16\}\)".*/\1/p' "$scratch/err")
[[ -n $digest ]] || fail "the refusal does not show the tree's digest"
check_refused kernels_added 'kernel tree (its text'"'"'s digest) differs: the interrupted sweep had none, this one has "' \
  '/seed=5' -- --kernels "$tree"
check_refused kernels_gone "--resume '$scratch/kernels_gone': its --kernels '$scratch/gone': no such folder" \
  '/kernels={"tree":"'"$scratch/gone"'","digest":"0000000000000000"}' --

# A matching folder passes every check before the GPU: without one it ends in
# exit 3 and the folder is untouched; a torn last row is warned about first.
if ! nvidia-smi -L >/dev/null 2>&1; then
  make_report "$scratch/match"
  printf '1,1,cub,base' >>"$scratch/match/sweep.csv"
  before=$(snapshot "$scratch/match")
  "$dotsweep" "${run[@]}" --resume "$scratch/match" >"$scratch/out" 2>"$scratch/err"
  got=$?
  if [[ $got -ne 3 ]] || ! grep -q "ended in a row cut short" "$scratch/err" ||
    ! grep -q "no usable CUDA device" "$scratch/err" || [[ $(wc -l <"$scratch/err") -ne 2 ]]; then
    fail "a matching --resume without a GPU -> exit $got, stderr:"
    cat "$scratch/err"
  else
    echo "ok: a matching --resume without a GPU -> 3: $(tr '\n' ' ' <"$scratch/err")"
  fi
  [[ $(snapshot "$scratch/match") == "$before" ]] || fail "--resume without a GPU changed the folder"
fi

# A matching folder alone passes every check before the GPU (each saved
# option was taken: one left at its default would differ), also when the
# space file it names is gone (the saved text is the space) and for a
# random strategy (its budget comes along); the folder is untouched.
if ! nvidia-smi -L >/dev/null 2>&1; then
  make_report "$scratch/alone"
  make_report "$scratch/alone_gone" '/space/file="/nonexistent/quick.toml"'
  make_report "$scratch/alone_random" '/options/strategy={"name":"random","budget":3}'
  make_report "$scratch/alone_halving" '/options/strategy={"name":"halving","keep_fraction":0.5,"screen_samples":5,"screen_sizes":[4096,65536]}'
  make_report "$scratch/alone_kernels" '/kernels={"tree":"'"$tree"'","digest":"'"$digest"'"}'
  for name in alone alone_gone alone_random alone_halving alone_kernels; do
    before=$(snapshot "$scratch/$name")
    expect 3 "no usable CUDA device" -- --resume "$scratch/$name"
    [[ $(snapshot "$scratch/$name") == "$before" ]] || fail "--resume $scratch/$name without a GPU changed the folder"
  done
  expect 3 "no usable CUDA device" -- sweep --resume "$scratch/alone" --no-progress --top 3
  # An option that agrees with the saved one is accepted next to it.
  expect 3 "no usable CUDA device" -- --resume "$scratch/alone" --seed 5 --sizes 65536,4096
fi

if [[ $failures -ne 0 ]]; then
  echo "$failures resume CLI check(s) failed"
  exit 1
fi
echo "all resume CLI checks passed"
