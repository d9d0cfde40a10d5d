#!/usr/bin/env bash
# research/scripts/run_to_run.py on committed back-to-back sweeps: the shares it prints
# are the ones results/2026-12-02-launch-phase/README.md and
# results/2026-12-05-h100s/README.md quote, a report
# against itself moves nothing, and fewer than two reports are refused;
# --split pools each side's reports and refuses a side left empty.
# Usage: run_to_run.sh SOURCE_ROOT
set -u
root=$1
script=$root/research/scripts/run_to_run.py
data=$root/research/tests/fixtures/2026-12-02-launch-phase
failed=0
fail() { echo "FAIL: $*"; failed=1; }

out=$(python3 "$script" "$data/stream-eager1.csv.gz" "$data/stream-eager2.csv.gz") || fail "stream pair: exit $?"
# n=4096: 262 of 1181 rows moved (22.2%), 10.8% more than 0.5 us apart, p99 1.152 us.
grep -Eq '^ +n=4096 +1181 +262 +22\.2% +1\.09% +10\.8% +1\.152$' <<<"$out" || fail "stream pair, n=4096: $(grep 'n=4096' <<<"$out")"
out=$(python3 "$script" "$data/graph1.csv.gz" "$data/graph2.csv.gz") || fail "graph pair: exit $?"
grep -Eq '^ +n=4096 +1181 +389 +32\.9% +1\.34% +0\.3% +0\.256$' <<<"$out" || fail "graph pair, n=4096: $(grep 'n=4096' <<<"$out")"
out=$(python3 "$script" --abs-us 0 "$data/graph1.csv.gz" "$data/graph1.csv.gz") || fail "self pair: exit $?"
grep -Eq '^ +all +5904 +0 +0\.0% +0\.00% +0\.0% +0\.000$' <<<"$out" || fail "a report against itself moved: $(grep ' all ' <<<"$out")"
if python3 "$script" "$data/graph1.csv.gz" >/dev/null 2>&1; then fail "one report was accepted"; fi

# --split: two pooled sides, each row's side median the median of its reports'.
pooled=$root/research/tests/fixtures/2026-12-04-launch-residual
out=$(python3 "$script" --split 2 "$pooled"/r{1,2,3,4}.csv.gz) || fail "split pair: exit $?"
grep -q "4 reports, the first 2 against the other 2" <<<"$out" || fail "split header: $(head -1 <<<"$out")"
grep -Eq '^ +n=4096 +1181 +388 +32\.9% +1\.50% +0\.3% +0\.240$' <<<"$out" || fail "split, n=4096: $(grep 'n=4096' <<<"$out")"
# The same two runs on both sides: the pooled medians agree, nothing moved,
# though r1 and r2 alone are apart.
out=$(python3 "$script" --abs-us 0 --split 2 "$pooled"/r{1,2,1,2}.csv.gz) || fail "same sides: exit $?"
grep -Eq '^ +all +[0-9]+ +0 +0\.0% ' <<<"$out" || fail "equal sides moved: $(grep ' all ' <<<"$out")"
for bad in -1 2; do
  if python3 "$script" --split "$bad" "$pooled"/r{1,2}.csv.gz >/dev/null 2>&1; then fail "--split $bad of 2 reports was accepted"; fi
done

# The H100 pairs results/2026-12-05-h100s/README.md quotes.
h100s=$root/tests/fixtures/sweeps/2026-12-05-h100s
out=$(python3 "$script" "$h100s/q1.csv.gz" "$h100s/q2.csv.gz") || fail "q1 q2: exit $?"
grep -Eq '^ +n=1048576 +1180 +20 +1\.7% +0\.46% +0\.5% +0\.256$' <<<"$out" || fail "q pair, n=2^20: $(grep 'n=1048576' <<<"$out")"
out=$(python3 "$script" "$h100s/p1.csv.gz" "$h100s/p2.csv.gz") || fail "p1 p2: exit $?"
grep -Eq '^ +n=4096 +1181 +604 +51\.1% ' <<<"$out" || fail "p pair, n=2^12: $(grep 'n=4096' <<<"$out")"

((failed)) && exit 1
echo "run_to_run: all checks passed"
