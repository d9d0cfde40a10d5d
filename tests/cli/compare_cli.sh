#!/usr/bin/env bash
# `dotsweep compare` on the committed fixtures (tests/fixtures/compare): the
# tables for two reports, --markdown, concatenated and gzipped inputs, and
# every bad input as one line on stderr with exit 2.
# Usage: compare_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
fixtures=$2/tests/fixtures/compare
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect_error() {  # expect_error PATTERN -- ARGS...
  local pattern=$1
  shift 2
  "$dotsweep" compare "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$? lines
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne 2 ]] || ! grep -q -- "$pattern" "$scratch/err" || [[ $lines -ne 1 ]]; then
    fail "dotsweep compare $* -> exit $got (want 2), stderr ($lines lines):"
    cat "$scratch/err"
  else
    echo "ok: dotsweep compare $* -> 2: $(cat "$scratch/err")"
  fi
}

expect_output() {  # expect_output PATTERN... -- ARGS...
  local patterns=()
  while [[ $1 != -- ]]; do patterns+=("$1"); shift; done
  shift
  if ! "$dotsweep" compare "$@" >"$scratch/out" 2>"$scratch/err"; then
    fail "dotsweep compare $* exited non-zero:"; cat "$scratch/err"; return
  fi
  for pattern in "${patterns[@]}"; do
    grep -qF -- "$pattern" "$scratch/out" || fail "dotsweep compare $*: no '$pattern' in the output"
  done
  echo "ok: dotsweep compare $*"
}

run1=$fixtures/h200_run1.csv
run2=$fixtures/h200_run2.csv
h100=$fixtures/synthetic_h100.csv

expect_output "# dotsweep compare: 2 reports" "| 2^28 |" "tie (A, B)" "compared by time" \
  "### Portability" "A (H200)'s best candidate runs on B (H200)" -- "$run1" "$run2"
expect_output "compared by time (which GPU runs n faster) and, at bandwidth-bound sizes, by % of each report's own measured read ceiling" "B/A % peak" "closer to its ceiling (% peak)" "incorrect: synthetic" -- "$run1" "$h100"
expect_output "# dotsweep compare: 3 reports" "C/A time" -- "$run1" "$run2" "$h100"

# --markdown writes what stdout shows.
"$dotsweep" compare --markdown "$scratch/compare.md" "$run1" "$run2" >"$scratch/stdout" 2>"$scratch/err" \
  && cmp -s "$scratch/compare.md" "$scratch/stdout" && echo "ok: --markdown" || fail "--markdown differs from stdout"

# Two reports of one GPU concatenated into one file, and gzipped inputs.
{ cat "$run1"; tail -n +2 "$run2"; } >"$scratch/both.csv"
expect_output "# dotsweep compare: 2 reports" "both.csv" -- "$scratch/both.csv"
# A best.csv (one row per group) keeps its declared tie groups.
expect_output "# dotsweep compare: 2 reports" "(tie of 15)" -- "$2/tests/fixtures/reports/h200-2026-11-30-f32.best.csv" "$run1"
gzip -c "$run2" >"$scratch/run2.csv.gz"
expect_output "# dotsweep compare: 2 reports" "run2.csv.gz" -- "$run1" "$scratch/run2.csv.gz"

# Bad input: one line, exit 2.
head -n 1 "$run1" >"$scratch/header_only.csv"
printf 'variant,"n\n' >"$scratch/unterminated.csv"
head -n 5 "$run2" >"$scratch/truncated.csv" && head -c 200 <(sed -n 6p "$run2") >>"$scratch/truncated.csv"
printf 'not gzip' >"$scratch/bad.csv.gz"
expect_error "missing.csv" -- "$run1" "$scratch/missing.csv"
expect_error "no rows" -- "$run1" "$scratch/header_only.csv"
expect_error "unterminated" -- "$run1" "$scratch/unterminated.csv"
expect_error "truncated.csv" -- "$run1" "$scratch/truncated.csv"
expect_error "bad.csv.gz" -- "$run1" "$scratch/bad.csv.gz"
# Cut inside the last field (the last row keeps every field, its last one
# shorter, and loses its line end).
head -c -3 "$run2" >"$scratch/cut_in_field.csv"
expect_error "cut_in_field.csv:.*cut short" -- "$run1" "$scratch/cut_in_field.csv"
expect_error "two or more reports" -- "$run1"
expect_error "twice" -- "$run1" "$run1"
expect_error "" --
exit $((failures > 0))
