#!/usr/bin/env bash
# research/scripts/launch_phase.py on the committed probe runs: the launch-count model
# learns its late phases from the first scans and predicts every point of the
# empty-launch scan; the same CSV with the empty-launch scan's pads shifted
# by one launch must break the prediction, and a malformed CSV must fail.
# Usage: launch_phase_model.sh SOURCE_ROOT
set -u
root=$1
script=$root/research/scripts/launch_phase.py
data=$root/research/tests/fixtures/2026-12-02-launch-phase
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }

for run in 1 2; do
  out=$(python3 "$script" "$data/launch-phase-$run.csv") || fail "run $run: exit $?"
  grep -q "learned from the other scans: \[0, 3\] (80 points, 0 against)" <<<"$out" ||
    fail "run $run: late phases not learned as [0, 3] from 80 points: $out"
  grep -q "predicts 16 of 16 points" <<<"$out" || fail "run $run: not 16 of 16: $out"
done

# The mutant: every pad_launches point claims one launch more than the probe made.
awk -F, 'BEGIN { OFS = "," } $1 == "pad_launches" { $2 = $2 + 1 } { print }' "$data/launch-phase-1.csv" >"$work/shifted.csv"
out=$(python3 "$script" "$work/shifted.csv") || fail "shifted: exit $?"
if grep -q "predicts 16 of 16 points" <<<"$out"; then fail "a pad count off by one still predicts every point"; fi

printf 'scan,param\npad_launches,1\n' >"$work/bad.csv"
python3 "$script" "$work/bad.csv" >"$work/bad.out" 2>&1
status=$?
[[ $status -ne 0 && $(wc -l <"$work/bad.out") -eq 1 ]] || fail "a CSV without the probe's columns: exit $status, want one line and failure"

((failed)) && exit 1
echo "launch_phase_model: all checks passed"
