#!/usr/bin/env bash
# tools/gate_tally.py on the committed sweeps of a real slower kernel tree
# (results/2026-12-03-gate-real-slowdown): the shares and spreads it prints are
# the ones that folder's README quotes; the row counts per n add up to the
# report's candidate rows; an A/A pair shows no REGRESSED row; `ab`'s JUnit
# reads the same way; a file without rows of the mode asked for is refused.
# Usage: gate_tally.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1 root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
script=$root/tools/gate_tally.py
data=$root/tests/fixtures/sweeps/2026-12-03-gate-real-slowdown

"$dotsweep" gate --baseline "$data/default2.csv.gz" --current "$data/slow10.csv.gz" --only all \
  --junit "$scratch/planted.xml" >/dev/null 2>&1
[[ $? == 1 ]] || fail "gate of the slowed tree did not exit 1"
out=$(python3 "$script" "$scratch/planted.xml") || fail "planted tally: exit $?"
grep -Eq '^2\^12 +1168 +1136 +97\.3% +\+18\.3% / \+23\.1% / \+28\.2% +\+15\.1% +SAME: 13, UNTIMED: 5$' <<<"$out" ||
  fail "planted, 2^12: $(grep '^2^12' <<<"$out")"
grep -Eq '^2\^20 +1168 +956 +81\.8% .* \+13\.4% +INCONCLUSIVE: 1, SAME: 11, UNTIMED: 6$' <<<"$out" ||
  fail "planted, 2^20: $(grep '^2^20' <<<"$out")"
# Candidate rows per n, counted from the CSV itself: 1168 at each of the 7 sizes.
candidates=$(zcat "$data/slow10.csv.gz" | awk -F, 'NR > 1 && $3 == "candidate" && $6 == "cold"' | wc -l)
tallied=$(awk 'NR > 1 { sum += $2 } END { print sum }' <<<"$out")
[[ $candidates == "$tallied" && $candidates == 8176 ]] || fail "tallied $tallied candidate rows, the report has $candidates"

"$dotsweep" gate --baseline "$data/default1.csv.gz" --current "$data/default2.csv.gz" --only all \
  --junit "$scratch/aa.xml" >/dev/null 2>&1 || fail "A/A gate did not pass"
out=$(python3 "$script" --markdown "$scratch/aa.xml") || fail "A/A tally: exit $?"
[[ $(grep -c '^| ' <<<"$out") == 8 ]] || fail "A/A markdown: not a header and 7 sizes"
awk -F' [|] ' 'NR > 2 && $3 != 0 { bad = 1 } END { exit bad }' <<<"$out" || fail "A/A tally shows REGRESSED rows"
# Every row SAME or so: the largest change not REGRESSED is the largest change;
# the baselines' INCONCLUSIVE is thrust, timed by the host clock (docs/gate.md).
grep -Fqx '| 2^24 | 1168 | 0 | 0.0% | -0.5% / +0.1% / +1.0% | +5.3% | INCONCLUSIVE: 1, SAME: 11, UNTIMED: 6 |' <<<"$out" ||
  fail "A/A, 2^24: $(grep '^| 2^24' <<<"$out")"

out=$(zcat "$data/ab-slow5.xml.gz" >"$scratch/ab.xml" && python3 "$script" "$scratch/ab.xml") || fail "ab tally: exit $?"
grep -Eq '^2\^24 +85 +85 +100\.0% ' <<<"$out" || fail "ab, 2^24: $(grep '^2^24' <<<"$out")"
grep -Eq '^1 +85 +62 +72\.9% .* \+8\.1% +SAME: 10$' <<<"$out" || fail "ab, n=1: $(grep '^1 ' <<<"$out")"

if python3 "$script" --mode hot "$scratch/planted.xml" >/dev/null 2>"$scratch/err"; then fail "a file without hot rows was accepted"; fi
grep -q 'no hot rows' "$scratch/err" || fail "refusal message: $(cat "$scratch/err")"

((failures)) && exit 1
echo "gate_tally: all checks passed"
