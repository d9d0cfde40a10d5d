#!/usr/bin/env bash
# Bad input gets one clear line on stderr and a non-zero exit, never a crash.
# Usage: cli_errors.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

expect() {  # expect STATUS PATTERN -- ARGS...
  local want=$1 pattern=$2
  shift 3
  "$dotsweep" "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$?
  local lines
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne $want ]] || ! grep -q -- "$pattern" "$scratch/err" || [[ $lines -ne 1 ]]; then
    echo "FAIL: dotsweep $* -> exit $got (want $want), stderr ($lines lines):"
    cat "$scratch/err"
    failures=$((failures + 1))
  else
    echo "ok: dotsweep $* -> $got: $(cat "$scratch/err")"
  fi
}

printf 'name = "bad"\n[axes]\nblock = [256, "x"]\n' >"$scratch/bad_type.toml"
printf 'name = "bad"\n[axes]\nblocks = [256]\n' >"$scratch/bad_key.toml"
printf 'name = "bad\n' >"$scratch/bad_syntax.toml"

expect 2 "cannot read space file" -- list --space "$scratch/missing.toml"
expect 2 "block" -- list --space "$scratch/bad_type.toml"
expect 2 "blocks" -- list --space "$scratch/bad_key.toml"
expect 2 "bad_syntax.toml" -- list --space "$scratch/bad_syntax.toml"
expect 2 "2^99" -- --sizes '2^99'
expect 2 "unknown mode" -- --mode warm
expect 2 "" -- --no-such-flag

# A folder that already holds a report is refused before looking for a GPU.
mkdir -p "$scratch/taken" && echo "rank,variant" >"$scratch/taken/sweep.csv"
expect 2 "already holds a report" -- --sizes 4096 --out "$scratch/taken"
expect 2 "2^29" -- --sizes '2^30'

# Without a usable GPU a sweep says so in one line and exits 3.
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect 3 "no usable CUDA device" -- --sizes 4096 --out "$scratch/run"
  expect 3 "no usable CUDA device" -- info
fi

# The quick space lists without a GPU.
if ! "$dotsweep" list --space "$root/variants/quick.toml" >"$scratch/list" 2>&1; then
  echo "FAIL: list quick.toml"; cat "$scratch/list"; failures=$((failures + 1))
elif ! grep -q "^# 34 valid, 0 rejected" "$scratch/list"; then
  echo "FAIL: list quick.toml did not report 34 valid variants"; cat "$scratch/list"; failures=$((failures + 1))
fi
exit $((failures > 0))
