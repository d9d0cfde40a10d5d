#!/usr/bin/env bash
# report and export take time that grows with the rows, not with the square
# of the sizes: 100,000 rows over 20,000 sizes, made from a real report
# (many_sizes.py), each within a limit about 20 times their time here (a
# quadratic grouping of sizes into ranges took 14 s at 4,000 sizes and
# grows 4x per doubling). The outputs are checked to be whole. No GPU needed.
# Usage: many_sizes.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1
base=$root/tests/fixtures/reports/h200-2026-11-30-default-cold-top
limit_s=100  # here: report 4.9 s, export 2.6 s (quadratic: 14 s each at 4,000 sizes)

python3 "$root/tests/cli/many_sizes.py" "$base" 20000 5 "$scratch/many.csv" || fail "making the 100,000 rows failed"
cp "$base.context.json" "$scratch/many.context.json"
[[ $(wc -l <"$scratch/many.csv") -eq 100001 ]] || fail "many.csv holds $(wc -l <"$scratch/many.csv") lines, want 100001"

start=$(date +%s.%N)
if timeout "$limit_s" "$dotsweep" report "$scratch/many.csv" --context "$scratch/many.context.json" -o "$scratch/out" \
  >/dev/null 2>"$scratch/err"; then
  echo "ok: report of 100,000 rows over 20,000 sizes in $(echo "$(date +%s.%N) - $start" | bc) s"
  [[ $(($(wc -l <"$scratch/out/sweep.csv") - 1)) -eq 100000 ]] || fail "report's sweep.csv lost rows"
  grep -q "^| f32 " "$scratch/out/summary.md" || fail "report's summary.md has no f32 what-to-use row"
else
  fail "report of 100,000 rows over 20,000 sizes: exit $? (124: past ${limit_s} s): $(head -c 300 "$scratch/err")"
fi

start=$(date +%s.%N)
if timeout "$limit_s" "$dotsweep" export "$scratch/many.csv" --header "$scratch/tuned.cuh" >/dev/null 2>"$scratch/err"; then
  echo "ok: export of 100,000 rows over 20,000 sizes in $(echo "$(date +%s.%N) - $start" | bc) s"
  grep -q "f32" "$scratch/tuned.cuh" || fail "export wrote no f32 table"
else
  fail "export of 100,000 rows over 20,000 sizes: exit $? (124: past ${limit_s} s): $(head -c 300 "$scratch/err")"
fi

echo "$failures failures"
[[ $failures -eq 0 ]]
