#!/usr/bin/env bash
# research/scripts/ratio_to_baseline.py on the committed sweeps of
# results/2026-12-05-sweep-history: the lines its README quotes (the scratch
# sized once for 2^28 or 2^20, the sweep from 2^20 and the scratch arena
# among them), the per-type lines (one-kernel candidates only), a report
# against itself reads 1.000 everywhere, the --spread lines, and a bad
# --sizes or --spread with --by-type is refused with exit 2.
# Usage: ratio_to_baseline.sh SOURCE_ROOT
set -u
root=$1
script=$root/research/scripts/ratio_to_baseline.py
baseline=$root/results/baselines/h200.csv.gz
data=$root/research/tests/fixtures/2026-12-05-sweep-history
failed=0
fail() { echo "FAIL: $*"; failed=1; }

out=$(python3 "$script" "$baseline" "$data/k-a1.csv.gz" "$data/k-c1.csv.gz" --sizes 1000003,2^20) ||
  fail "k-a1, k-c1: exit $?"
want=$'report\tn\tcandidates\tlibraries
k-a1.csv.gz\t2^20\t0.956 (+0.30)\t0.907
k-c1.csv.gz\t1000003\t0.966 (+0.24)\t0.936
k-c1.csv.gz\t2^20\t0.989 (+0.10)\t0.965'
[[ $out == "$want" ]] || fail "k-a1, k-c1: got"$'\n'"$out"

# The scratch sized once (slow at 1, like the default list at 2^20) and the
# sweep that starts at 2^20 (fast there).
out=$(python3 "$script" "$baseline" "$data/m-za1.csv.gz" "$data/m-t1.csv.gz" --sizes 1,2^20) ||
  fail "m-za1, m-t1: exit $?"
want=$'report\tn\tcandidates\tlibraries
m-za1.csv.gz\t1\t1.098 (-0.42)\t1.120
m-za1.csv.gz\t2^20\t0.998 (+0.02)\t0.992
m-t1.csv.gz\t2^20\t0.957 (+0.30)\t0.907'
[[ $out == "$want" ]] || fail "m-za1, m-t1: got"$'\n'"$out"

# The scratch arena on o: the four-size list, plain and with the arena,
# against the baseline; the default list up to 2^20 with the arena against
# plain in the same call (n = 1 faster, 2^20 alike).
out=$(python3 "$script" "$baseline" "$data/o-pa1.csv.gz" "$data/o-aa1.csv.gz" --sizes 1,2^20) ||
  fail "o-pa1, o-aa1: exit $?"
want=$'report\tn\tcandidates\tlibraries
o-pa1.csv.gz\t1\t1.046 (-0.22)\t1.029
o-pa1.csv.gz\t2^20\t0.956 (+0.29)\t0.917
o-aa1.csv.gz\t1\t0.989 (+0.06)\t0.968
o-aa1.csv.gz\t2^20\t0.990 (+0.08)\t0.970'
[[ $out == "$want" ]] || fail "o-pa1, o-aa1: got"$'\n'"$out"
out=$(python3 "$script" "$data/o-pd1.csv.gz" "$data/o-ad1.csv.gz" --sizes 1,2^20) || fail "o-ad1 over o-pd1: exit $?"
want=$'report\tn\tcandidates\tlibraries
o-ad1.csv.gz\t1\t0.929 (+0.35)\t0.938
o-ad1.csv.gz\t2^20\t1.000 (-0.03)\t0.993'
[[ $out == "$want" ]] || fail "o-ad1 over o-pd1: got"$'\n'"$out"

# Sized for 2^20: the default list up to 2^20 reads fast at 1000003 and 2^20.
out=$(python3 "$script" "$baseline" "$data/n-md1.csv.gz" --sizes 1000003,2^20) || fail "n-md1: exit $?"
want=$'report\tn\tcandidates\tlibraries
n-md1.csv.gz\t1000003\t0.962 (+0.29)\t0.935
n-md1.csv.gz\t2^20\t0.943 (+0.40)\t0.910'
[[ $out == "$want" ]] || fail "n-md1: got"$'\n'"$out"

out=$(python3 "$script" "$baseline" "$data/k-c2.csv.gz" --sizes 1000003 --by-type) || fail "by type: exit $?"
[[ $(tail -n 1 <<<"$out") == $'k-c2.csv.gz\t1000003\t1.004 (-0.03)\t0.965 (+0.37)\t0.942 (+0.38)\t0.945 (+0.38)' ]] ||
  fail "by type: got $(tail -n 1 <<<"$out")"

# Every size of a report against itself: ratio 1.000 and no gap.
out=$(python3 "$script" "$data/k-d1.csv.gz" "$data/k-d1.csv.gz") || fail "self: exit $?"
[[ $(wc -l <<<"$out") == 8 ]] || fail "self: not 7 sizes: $out"
bad=$(tail -n +2 <<<"$out" | grep -Ev $'\t1\\.000 \\(\\+0\\.00\\)\t1\\.000$')
[[ -z $bad ]] || fail "a report against itself: $bad"

# --spread: the lines results/2026-12-05-cold-only-baseline/README.md quotes
# (n = 1 against the cold-and-hot baseline and against a cold-only sweep of
# another GPU), and nothing spread in a report against itself.
ci=$root/tests/fixtures/sweeps/2026-12-05-default-space-ci
out=$(python3 "$script" "$baseline" "$ci/l-default1.csv.gz" --sizes 1 --spread) || fail "spread: exit $?"
[[ $(tail -n 1 <<<"$out") == $'l-default1.csv.gz\t1\t8.6%\t6.4%' ]] || fail "spread, committed: got $out"
out=$(python3 "$script" "$root/results/baselines/repeats/h200-a74af475-cold1.csv.gz" "$ci/l-default1.csv.gz" --sizes 1 --spread) ||
  fail "spread: exit $?"
[[ $(tail -n 1 <<<"$out") == $'l-default1.csv.gz\t1\t4.3%\t2.9%' ]] || fail "spread, cold only: got $out"
out=$(python3 "$script" "$data/k-d1.csv.gz" "$data/k-d1.csv.gz" --spread) || fail "self spread: exit $?"
bad=$(tail -n +2 <<<"$out" | grep -Ev $'\t0\\.0%\t0\\.0%$')
[[ -z $bad && $(wc -l <<<"$out") == 8 ]] || fail "spread of a report against itself: $out"
# The 90th percentile by nearest rank: the 9th of 10, the 18th of 20, the one of one.
python3 -c "import sys; sys.path.insert(0, '$root/research/scripts'); from ratio_to_baseline import p90
assert (p90(range(10, 0, -1)), p90(range(1, 21)), p90([5])) == (9, 18, 5)" || fail "p90 is not the nearest rank"
python3 "$script" "$baseline" "$data/k-a1.csv.gz" --spread --by-type >/dev/null 2>&1
status=$?
[[ $status == 2 ]] || fail "--spread with --by-type: exit $status, wanted 2"

python3 "$script" "$baseline" "$data/k-a1.csv.gz" --sizes 2^x >/dev/null 2>&1
status=$?
[[ $status == 2 ]] || fail "--sizes 2^x: exit $status, wanted 2"

((failed)) && exit 1
echo "ratio_to_baseline: all checks passed"
