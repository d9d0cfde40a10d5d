#!/usr/bin/env bash
# `dotsweep export`: the committed example header is what exporting the
# committed H200 baseline writes today (so it cannot go stale), the Kernel
# Tuner files read in Kernel Tuner (or match its documented format), and every
# bad input is one line on stderr, exit 2, with nothing written.
# Usage: export_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
baseline=$root/results/baselines/h200.csv.gz
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect_error() {  # expect_error PATTERN -- ARGS...
  local pattern=$1
  shift 2
  rm -f "$scratch/out.cuh"
  "$dotsweep" export "$@" >"$scratch/stdout" 2>"$scratch/err"
  local got=$? lines
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne 2 ]] || ! grep -q -- "$pattern" "$scratch/err" || [[ $lines -ne 1 ]]; then
    fail "dotsweep export $* -> exit $got (want 2 and '$pattern'), stderr ($lines lines):"
    cat "$scratch/err"
  elif [[ -e $scratch/out.cuh || -d $scratch/kt ]]; then
    fail "dotsweep export $* -> 2 but left output behind"
  else
    echo "ok: dotsweep export $* -> 2: $(cat "$scratch/err")"
  fi
}

# The committed example header is the export of the committed baseline.
if "$dotsweep" export "$baseline" --header "$scratch/h200.cuh" --kernel-tuner "$scratch/kt-out" >"$scratch/stdout" 2>"$scratch/err"; then
  if cmp -s "$scratch/h200.cuh" "$root/examples/tuned_dot/h200_dot_table.cuh"; then
    echo "ok: examples/tuned_dot/h200_dot_table.cuh is the export of results/baselines/h200.csv.gz"
  else
    fail "examples/tuned_dot/h200_dot_table.cuh differs from a fresh export (run: dotsweep export results/baselines/h200.csv.gz --header examples/tuned_dot/h200_dot_table.cuh)"
    diff "$root/examples/tuned_dot/h200_dot_table.cuh" "$scratch/h200.cuh" | head -20
  fi
  grep -q "ranges over 1 compute capabilities" "$scratch/stdout" || fail "no summary line: $(cat "$scratch/stdout")"
  for type in f32 f64 f16 bf16; do
    [[ -s $scratch/kt-out/dot_$type.json ]] || fail "--kernel-tuner wrote no dot_$type.json"
  done
  python=$root/.venv/bin/python
  [[ -x $python ]] || python=python3
  mkdir "$scratch/kt-headers"
  "$python" "$root/tests/cli/check_kernel_tuner.py" "$scratch/kt-out" "$scratch/kt-headers" || fail "Kernel Tuner files"
else
  fail "dotsweep export of the baseline exited non-zero:"; cat "$scratch/err"
fi

# A folder named with a trailing slash is the folder.
"$dotsweep" export "$baseline" --header "$scratch/slash.cuh" --kernel-tuner "$scratch/kt-slash/" >/dev/null 2>"$scratch/err" &&
  [[ -s $scratch/kt-slash/dot_f32.json ]] && echo "ok: --kernel-tuner DIR/" || fail "--kernel-tuner DIR/: $(cat "$scratch/err")"

# The hot timings give their own table, which says so.
"$dotsweep" export "$baseline" --mode hot --header "$scratch/hot.cuh" >/dev/null 2>&1 \
  && grep -q "from hot timings" "$scratch/hot.cuh" && echo "ok: --mode hot" || fail "--mode hot"

# Bad input.
printf '' >"$scratch/empty.csv"
zcat "$baseline" | head -1 >"$scratch/header-only.csv"
zcat "$baseline" | awk -F, 'NR == 1 || $4 == "baseline"' >"$scratch/baselines-only.csv"
{ zcat "$baseline" | head -3; zcat "$baseline" | sed -n 4p | sed 's/NVIDIA H200/NVIDIA H100/'; } >"$scratch/two-gpus.csv"
zcat "$baseline" | sed 's/,9\.0,132,/,,132,/' >"$scratch/no-cc.csv"
expect_error "cannot" -- "$scratch/missing.csv" --header "$scratch/out.cuh"
expect_error "empty file" -- "$scratch/empty.csv" --header "$scratch/out.cuh"
expect_error "no rows" -- "$scratch/header-only.csv" --header "$scratch/out.cuh"
expect_error "no correct candidate row timed cold" -- "$scratch/baselines-only.csv" --header "$scratch/out.cuh"
expect_error "two GPUs" -- "$scratch/two-gpus.csv" --header "$scratch/out.cuh"
expect_error "empty cc column" -- "$scratch/no-cc.csv" --header "$scratch/out.cuh"
expect_error "both hold f32 on NVIDIA H200" -- "$baseline" "$root/tests/fixtures/reports/h200-2026-11-30-f32.csv.gz" \
  --header "$scratch/out.cuh"
expect_error "both hold f32 on NVIDIA H200" -- "$baseline" "$root/tests/fixtures/reports/h200-2026-11-30-f32.csv.gz" \
  --header "$scratch/out.cuh" --kernel-tuner "$scratch/kt"
expect_error "needs --header FILE" -- "$baseline"
expect_error "dotsweep export needs REPORTS" -- --header "$scratch/out.cuh"
expect_error "--mode" -- "$baseline" --mode warm --header "$scratch/out.cuh"
expect_error "is a folder" -- "$baseline" --header "$scratch"
expect_error "does not exist" -- "$baseline" --header "$scratch/nowhere/out.cuh"
touch "$scratch/kt"
expect_error "not a folder" -- "$baseline" --header "$scratch/out.cuh" --kernel-tuner "$scratch/kt"
rm -f "$scratch/kt"
expect_error "does not exist" -- "$baseline" --header "$scratch/out.cuh" --kernel-tuner "$scratch/nowhere/kt"

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all export checks passed"
