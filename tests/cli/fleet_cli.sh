#!/usr/bin/env bash
# `dotsweep fleet` end to end on real rows of two default sweeps of one H200
# (tests/fixtures/gate): exit 0 for the two, exit 1 naming the third when a
# copy of one runs 8% slower, exit 2 with one line for bad input.
# Usage: fleet_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
runs=$root/tests/fixtures/gate

"$dotsweep" fleet "$runs/h200-run1.csv" "$runs/h200-run2.csv" >"$scratch/pass" 2>&1 &&
  grep -q "^fleet: PASS" "$scratch/pass" && echo "ok: two sweeps of one GPU pass" ||
  { fail "two sweeps of one GPU: $(tail -n 2 "$scratch/pass")"; }

python3 - "$runs/h200-run2.csv" "$scratch/slow.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
timed = ["median_us", "ci_lo_us", "ci_hi_us", "min_us", "p25_us", "p75_us"]
with open(sys.argv[2], "w", newline="") as out:
    w = csv.DictWriter(out, fieldnames=rows[0].keys())
    w.writeheader()
    for r in rows:
        for c in timed:
            if r.get(c):
                r[c] = repr(float(r[c]) * 1.08)
        w.writerow(r)
PY
"$dotsweep" fleet "$runs/h200-run1.csv" "$scratch/slow.csv" "$runs/h200-run2.csv" >"$scratch/slow" 2>&1
status=$?
if [[ $status -eq 1 ]] && grep -q "^slower: GPU 2 (\`$scratch/slow.csv\`)" "$scratch/slow" && grep -q "^fleet: FAIL" "$scratch/slow"; then
  echo "ok: the copy 8% slower is named, exit 1"
else
  fail "the slow copy: exit $status (want 1): $(tail -n 3 "$scratch/slow")"
fi

expect 2 "fleet: give at least two reports" -- fleet "$runs/h200-run1.csv"
expect 2 "fleet: give at least two reports" -- fleet
expect 2 "a fleet compares GPUs of one model" -- fleet "$runs/h200-run1.csv" "$root/tests/fixtures/sweeps/2026-12-01-sm-partitions/q40.csv.gz"
expect 2 "are the same report: give one report per GPU" -- fleet "$runs/h200-run1.csv" "$runs/h200-run1.csv"
expect 2 "threshold" -- fleet "$runs/h200-run1.csv" "$runs/h200-run2.csv" --threshold 0
exit $((failures > 0))
