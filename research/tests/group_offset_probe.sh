#!/usr/bin/env bash
# research/scripts/group_offset.py on the committed probe runs: a fixed graph holds its
# time whatever else changes (nothing, the host's sleep, pad launches, a new
# timer, a moved L2 eviction buffer), a new instantiation steps, and new
# streams lift the rest of the process; one 'same' point moved by two ticks
# must turn that scan into a step, and a malformed CSV must fail.
# Usage: group_offset_probe.sh SOURCE_ROOT
set -u
root=$1
script=$root/research/scripts/group_offset.py
data=$root/research/tests/fixtures/2026-12-04-launch-residual/probes.csv.gz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }

out=$(python3 "$script" "$data") || fail "exit $?"
for line in "same               holds in 13 of 13" "pad                holds in 13 of 13" \
  "timer              holds in 13 of 13" "evict_moved        holds in 4 of 4" "held               holds in 0 of 13"; do
  grep -qF "  $line;" <<<"$out" || fail "not '$line': $(grep -F "  ${line%% *} " <<<"$out" | tail -1)"
done
grep -qF "  stream             holds in 9 of 10; largest spread 0.160 us; vs same +0.192 to +0.320 us" <<<"$out" ||
  fail "new streams do not lift the empty kernel by 0.19-0.32 us: $(grep -F '  stream ' <<<"$out" | tail -1)"

# The mutant: the empty kernel's first 'same' point of the first process two ticks slower.
zcat "$data" | awk -F, 'BEGIN { OFS = "," } !done && $3 == "same" && $5 == "empty" { $6 = $6 + 0.064; done = 1 } { print }' \
  >"$work/moved.csv"
out=$(python3 "$script" "$work/moved.csv") || fail "moved: exit $?"
grep -qF "  same               holds in 12 of 13;" <<<"$out" || fail "a 'same' point two ticks off still holds everywhere"

printf 'scan,param\nsame,1\n' >"$work/bad.csv"
python3 "$script" "$work/bad.csv" >"$work/bad.out" 2>&1
status=$?
[[ $status -ne 0 && $(wc -l <"$work/bad.out") -eq 1 ]] || fail "a CSV without the probe's columns: exit $status, want one line and failure"
python3 "$script" --operation nothing "$data" >"$work/none.out" 2>&1
status=$?
[[ $status -ne 0 && $(wc -l <"$work/none.out") -eq 1 ]] || fail "an operation the probe never timed: exit $status, want one line and failure"

((failed)) && exit 1
echo "group_offset_probe: all checks passed"
