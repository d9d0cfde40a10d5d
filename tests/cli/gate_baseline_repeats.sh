#!/usr/bin/env bash
# The committed baseline gated from other H200s with and without its committed
# repeats as --noise (results/baselines/repeats, results/2026-12-04-baseline-repeats):
# with the default floor, every row of a default-space sweep on another H200
# (--only all) fails the gate on rows that did not change, and a plain
# default-space sweep passes with CUB at 2^28 just inside the floor; with the repeats the same reports
# pass with no REGRESSED row. The CI recipe's sweeps (the baseline's own: its
# space at the default sizes) and three quick-space sweeps pass on GPUs the
# repeats never saw, and a 10% slower tree swept there fails with the shares
# results/2026-12-04-baseline-repeats/README.md and docs/gate.md quote.
# Usage: gate_baseline_repeats.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1 root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
baseline=$root/results/baselines/h200.csv.gz
repeats=$root/results/baselines/repeats
held_out=$root/tests/fixtures/sweeps/2026-12-04-baseline-repeats
# The calibration as the CI recipe names it (its NOISE line, a glob from the
# repository's root), so the recipe's list is the one tested here.
recipe_noise=$(sed -n 's/^  NOISE: //p' "$root/tools/ci/github-gpu-gate.yml")
[[ -n $recipe_noise ]] || fail "tools/ci/github-gpu-gate.yml names no NOISE"
# shellcheck disable=SC2086  # a list of paths and a glob, as the recipe expands it
noise=(--noise $(cd "$root" && for p in $recipe_noise; do echo "$root/$p"; done))
[[ ${noise[*]} == "--noise $baseline $repeats/h200-8c505222-cold1.csv.gz $repeats/h200-8c505222-cold2.csv.gz $repeats/h200-a74af475-cold1.csv.gz $repeats/h200-a74af475-cold2.csv.gz $repeats/h200-a74af475-hot.csv.gz" ]] ||
  fail "the recipe's NOISE expands to ${noise[*]}"

gate() {  # gate WANT_STATUS LABEL ARGS...: runs the gate, checks its exit status, leaves stdout in $scratch/out
  local want=$1 label=$2
  shift 2
  "$dotsweep" gate --baseline "$baseline" "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$?
  [[ $got == "$want" ]] || fail "$label: exit $got, wanted $want: $(tail -n 1 "$scratch/out") $(head -n 1 "$scratch/err")"
}

other=$root/tests/fixtures/sweeps/2026-12-03-gate-real-slowdown/default1.csv.gz
gate 1 "another H200, default floor, --only all" --current "$other" --only all
# 7 rows at n = 1 (+13-17%, 0.5-0.6 us apart) and 3 atomic-ticket rows at 2^28 (+7-10%).
grep -q '^gate: FAIL, 10 REGRESSED:' "$scratch/out" || fail "default floor: $(tail -n 1 "$scratch/out")"
gate 0 "another H200, repeats, --only all" --current "$other" --only all "${noise[@]}"
grep -q '^gate: PASS, 6945 SAME, 1319 INCONCLUSIVE, 38 UNTIMED of 8302 rows' "$scratch/out" ||
  fail "with the repeats: $(tail -n 1 "$scratch/out")"
grep -q 'noise floor measured by 6 repeat sweeps' "$scratch/out" || fail "the rule line does not say the floor is measured"

# A repeat is a default-space sweep too: gated alone with the default floor,
# CUB's f16 and bf16 rows at 2^28 read 5.8-5.9% slower than in the baseline,
# intervals 17 us apart: within the floor's 6% of a row (19.1 us), INCONCLUSIVE.
gate 0 "a repeat, default floor" --current "$repeats/h200-8c505222-cold1.csv.gz"
grep -q '^INCONCLUSIVE  cub  *bf16  2^28 .* +5.9% (over 5%) but the intervals are 17.18 us apart (noise floor 19.12 us)$' "$scratch/out" ||
  fail "a repeat against the baseline, CUB bf16 at 2^28: $(grep '^[A-Z]*  *cub  *bf16  2^28' "$scratch/out")"
grep -q '^gate: PASS, 640 SAME, 85 INCONCLUSIVE, 19 UNTIMED of 744 rows' "$scratch/out" ||
  fail "a repeat against the baseline: $(tail -n 1 "$scratch/out")"

# The recipe sweeps the baseline's space, REPEATS times; two slow sweeps were measured.
recipe=$root/tools/ci/github-gpu-gate.yml
space=$(sed -n 's/^  SPACE: *\([^ ]*\).*/\1/p' "$recipe")
repeats_wanted=$(sed -n 's/^  REPEATS: *\([0-9]*\).*/\1/p' "$recipe")
[[ -f $root/$space ]] || fail "the recipe's SPACE '$space' is not a space file of the repository"
"$dotsweep" list --space "$root/$space" >"$scratch/recipe-space" 2>&1 || fail "list --space $space: exit $?"
"$dotsweep" list >"$scratch/default-space" 2>&1 || fail "list: exit $?"
cmp -s "$scratch/recipe-space" "$scratch/default-space" || fail "the recipe's SPACE is not the baseline's (embedded default) space"
[[ $repeats_wanted == 2 ]] || fail "the recipe sweeps $repeats_wanted times; its sensitivity below was measured with 2"

ci=$root/tests/fixtures/sweeps/2026-12-05-default-space-ci
gate 0 "CI recipe, unchanged tree" --current "$ci/l-default1.csv.gz" "${noise[@]}"
grep -q '^gate: PASS, 579 SAME, 81 INCONCLUSIVE, 17 UNTIMED of 677 rows' "$scratch/out" ||
  fail "CI recipe, unchanged tree: $(tail -n 1 "$scratch/out")"
gate 0 "CI recipe, unchanged tree, --only all" --current "$ci/l-default1.csv.gz" --only all "${noise[@]}"
grep -q '^gate: PASS, 11888 SAME, 1 IMPROVED, 1096 INCONCLUSIVE, 61 UNTIMED of 13046 rows' "$scratch/out" ||
  fail "CI recipe, unchanged tree, --only all: $(tail -n 1 "$scratch/out")"
gate 1 "CI recipe, slower tree" --current "$ci/l-slow1.csv.gz" "$ci/l-slow2.csv.gz" --only all "${noise[@]}" \
  --junit "$scratch/slow-default.xml"
out=$(python3 "$root/tools/gate_tally.py" "$scratch/slow-default.xml") || fail "tally: exit $?"
grep -Eq '^1 +1168 +2 +0\.2% ' <<<"$out" || fail "CI recipe, slower tree, n = 1: $(grep '^1 ' <<<"$out")"
grep -Eq '^2\^20 +1168 +557 +47\.7% ' <<<"$out" || fail "CI recipe, slower tree, 2^20: $(grep '^2^20 ' <<<"$out")"
grep -Eq '^2\^22 +1168 +804 +68\.8% ' <<<"$out" || fail "CI recipe, slower tree, 2^22: $(grep '^2^22 ' <<<"$out")"
grep -Eq '^2\^26 +1168 +1112 +95\.2% .* SAME: 10, UNTIMED: 6$' <<<"$out" || fail "CI recipe, slower tree, 2^26: $(grep '^2^26 ' <<<"$out")"
! grep -q 'REGRESSED: [0-9]' <<<"$out" || fail "CI recipe, slower tree: a library row REGRESSED: $out"
[[ $(awk 'NR > 1 { sum += $2 } END { print sum }' <<<"$out") == $((11 * 1168)) ]] ||
  fail "CI recipe, slower tree: tallied rows are not 11 sizes x 1168 candidates"

quick=("$held_out"/j-quick1.csv.gz "$held_out"/j-quick2.csv.gz "$held_out"/j-quick3.csv.gz)
slow=("$held_out"/j-slow1.csv.gz "$held_out"/j-slow2.csv.gz "$held_out"/j-slow3.csv.gz)
gate 0 "quick space, unchanged tree" --current "${quick[@]}" "${noise[@]}"
grep -q '^gate: PASS, 173 SAME, 71 INCONCLUSIVE, 19 UNTIMED of 263 rows' "$scratch/out" ||
  fail "quick space, unchanged tree: $(tail -n 1 "$scratch/out")"
gate 0 "quick space, unchanged tree, --only all" --current "${quick[@]}" --only all "${noise[@]}"
gate 1 "quick space, slower tree" --current "${slow[@]}" --only all "${noise[@]}" --junit "$scratch/slow.xml"
out=$(python3 "$root/tools/gate_tally.py" "$scratch/slow.xml") || fail "tally: exit $?"
grep -Eq '^2\^12 +32 +31 +96\.9% ' <<<"$out" || fail "slower tree, 2^12: $(grep '^2^12 ' <<<"$out")"
grep -Eq '^2\^28 +32 +32 +100\.0% .* SAME: 12, UNTIMED: 6$' <<<"$out" || fail "slower tree, 2^28: $(grep '^2^28 ' <<<"$out")"
grep -Eq '^1 +32 +0 +0\.0% ' <<<"$out" || fail "slower tree, n = 1: $(grep '^1 ' <<<"$out")"
# The tally leaves out the baseline's rows the current lacks (its hot rows, the default space's other variants).
[[ $(awk 'NR > 1 { sum += $2 } END { print sum }' <<<"$out") == 384 ]] || fail "tallied rows: not 12 sizes x 32 candidates"

((failures)) && exit 1
echo "gate_baseline_repeats: all checks passed"
