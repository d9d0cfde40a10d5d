#!/usr/bin/env bash
# research/scripts/copy_offset.py on a made-up probe CSV whose answers are known: in
# scan 'kept' each of four copies keeps its offset (0, 1, 2, 3%) in both
# passes, so the copies spread by 3.00%, the offsets correlate 1.00, one copy
# a side can be 3.00% apart and two a side at most 1.99% (1.025 / 1.005); in
# scan 'swapped' pass 1 reverses the offsets (correlation -1.00, drift 3%).
# A copy moved in pass 1 must widen the spread and the gaps; malformed CSVs
# must fail with one line.
# Usage: copy_offset_model.sh SOURCE_ROOT
set -u
root=$1
script=$root/research/scripts/copy_offset.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }

make_csv() {  # $1: the median of copy 3 of variant v0 in pass 1 of scan kept
  echo "variant,type,n,scan,pass,copy,median_us,p25_us,p75_us"
  for v in v0 v1 v2; do
    for pass in 0 1; do
      for copy in 0 1 2 3; do
        kept=$(awk -v c="$copy" 'BEGIN { printf "%.4f", 5 * (1 + 0.01 * c) }')
        [[ $v == v0 && $pass == 1 && $copy == 3 ]] && kept=$1
        echo "$v,f32,4096,kept,$pass,$copy,$kept,$kept,$kept"
      done
    done
  done
  for pass in 0 1; do
    for copy in 0 1 2 3; do
      offset=$copy
      ((pass == 1)) && offset=$((3 - copy))
      swapped=$(awk -v o="$offset" 'BEGIN { printf "%.4f", 5 * (1 + 0.01 * o) }')
      echo "w0,f32,4096,swapped,$pass,$copy,$swapped,$swapped,$swapped"
    done
  done
}

make_csv 5.1500 >"$work/probe.csv"
out=$(python3 "$script" "$work/probe.csv") || fail "exit $?"
expect() { grep -qF -- "$1" <<<"$out" || fail "no line '$1' in:"$'\n'"$out"; }
expect "scan kept: 3 variants x 4 copies"
expect "  copy spread: median 3.00%, largest 3.00%"
expect "  one copy, pass 0 to pass 1: median |change| 0.00%, p95 0.00%"
expect "  copy offsets, pass 0 against pass 1: correlation 1.00"
grep -qE '^ +1 +[0-9.]+% +[0-9.]+% +[0-9.]+% +3\.00% ' <<<"$out" || fail "one copy a side does not reach 3.00%"
grep -qE '^ +2 +[0-9.]+% +[0-9.]+% +[0-9.]+% +1\.99% +0\.00%$' <<<"$out" || fail "two copies a side do not top out at 1.99%"
expect "scan swapped: 1 variants x 4 copies"
expect "  copy offsets, pass 0 against pass 1: correlation -1.00"

# The mutant: v0's copy 3 reads 10% above copy 0 in pass 1.
make_csv 5.5000 >"$work/moved.csv"
out=$(python3 "$script" "$work/moved.csv") || fail "moved: exit $?"
expect "  copy spread: median 3.00%, largest 10.00% (v0)"
grep -qE '^ +1 +[0-9.]+% +[0-9.]+% +[0-9.]+% +10\.00% ' <<<"$out" || fail "the gaps are not drawn from pass 1"

one_line_failure() {  # $1: what the input is, then the command
  local what=$1
  shift
  "$@" >"$work/bad.out" 2>&1
  local status=$?
  [[ $status -ne 0 && $(wc -l <"$work/bad.out") -eq 1 ]] ||
    fail "$what: exit $status, want failure with one line: $(cat "$work/bad.out")"
}
printf 'variant,scan\nv0,kept\n' >"$work/columns.csv"
one_line_failure "a CSV without the probe's columns" python3 "$script" "$work/columns.csv"
head -n -1 "$work/probe.csv" >"$work/short.csv"
one_line_failure "a copy missing from pass 1" python3 "$script" "$work/short.csv"
grep -v '^v2,f32,4096,kept,.,3,' "$work/probe.csv" >"$work/uneven.csv"
one_line_failure "variants with different numbers of copies" python3 "$script" "$work/uneven.csv"
one_line_failure "no draws" python3 "$script" --draws 0 "$work/probe.csv"

((failed)) && exit 1
echo "copy_offset_model: all checks passed"
