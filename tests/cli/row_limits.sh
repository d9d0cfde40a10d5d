#!/usr/bin/env bash
# A row that parses but is not data (core/rows/row_limits.hpp: n outside
# 1..2^29, a type, mode or kind outside its vocabulary, a time that is not
# above zero, under one timer tick per launch or past the watchdog's
# deadline) is refused by every command that reads reports (gate, compare,
# fleet, export, report) in one line, exit 2, naming the file, row, column
# and value, before anything is written. No GPU needed.
# Usage: row_limits.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
fixture=$root/tests/fixtures/reports/h200-2026-11-30-f32
gzip -dc "$fixture.csv.gz" >good.csv
cp "$fixture.context.json" context.json
cp "$root/tests/fixtures/gate/h200-run2.csv" other.csv

# Every output the commands below are given; none may exist after a refusal.
outputs=(junit.xml gate.md compare.md fleet.md tuned.cuh tuner out)

# refused COLUMN VALUE WHY: good.csv with row 3's COLUMN set to VALUE is
# refused by each reader with "bad.csv, row 3: column 'COLUMN' value 'VALUE' WHY".
refused() {
  local column=$1 value=$2 why=$3 output
  python3 - good.csv bad.csv "$column" "$value" <<'PY'
import csv, sys
source, target, column, value = sys.argv[1:5]
rows = list(csv.reader(open(source, newline="")))
rows[3][rows[0].index(column)] = value
csv.writer(open(target, "w", newline=""), lineterminator="\n").writerows(rows)
PY
  local message="bad.csv, row 3: column '$column' value '$value' $why"
  expect_fixed=1 expect 2 "$message" -- gate --baseline good.csv --current bad.csv --junit junit.xml --markdown gate.md
  expect_fixed=1 expect 2 "$message" -- gate --baseline bad.csv --current good.csv
  expect_fixed=1 expect 2 "$message" -- compare other.csv bad.csv --markdown compare.md
  expect_fixed=1 expect 2 "$message" -- fleet other.csv bad.csv --markdown fleet.md
  expect_fixed=1 expect 2 "$message" -- export bad.csv --header tuned.cuh --kernel-tuner tuner
  expect_fixed=1 expect 2 "$message" -- report bad.csv --context context.json -o out
  for output in "${outputs[@]}"; do
    [[ ! -e $output ]] || fail "$column = '$value': $output was written"
  done
}

size="is not a size a sweep measures (1..2^29 = 536870912)"
refused n 0 "$size"
refused n -4096 "$size"
refused n 536870913 "$size"
refused n 9000000000000000000 "$size"
refused type f128 "is not an element type (f32, f64, f16, bf16)"
refused mode warm "is not a timing mode (cold or hot)"
refused kind bogus "is not a row kind (candidate, baseline, floor, host)"
deadline="is above 858993459.2 us, the watchdog's deadline for one launch of the slowest path at the largest n: not a measured time"
refused median_us 6e300 "$deadline"
refused ci_hi_us 858993460 "$deadline"
refused median_us 0.0319 "is below one timer tick per launch (0.032 us over 1 launch(es) = 0.032 us): no time was measured"
refused min_us 0 "is not above zero: not a measured time"

# The limits themselves read: n = 1 and 2^29, a time of one tick and one at the deadline.
python3 - good.csv edge.csv <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = rows[0]
rows[3][h.index("n")] = "536870912"
for c in ("median_us", "min_us", "p25_us", "ci_lo_us"):
    rows[3][h.index(c)] = "0.032"
for c in ("p75_us", "ci_hi_us"):
    rows[3][h.index(c)] = "858993459.2"
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
PY
"$dotsweep" compare other.csv edge.csv --markdown edge.md >"$scratch/out" 2>"$scratch/err" ||
  { fail "compare edge.csv (n = 2^29, times of one tick and at the deadline) -> exit $?:"; cat "$scratch/err"; }
[[ -s edge.md ]] || fail "compare edge.csv wrote no edge.md"
"$dotsweep" gate --baseline good.csv --current edge.csv >"$scratch/out" 2>"$scratch/err"
status=$?
((status == 0 || status == 1)) || { fail "gate --current edge.csv -> exit $status (want a verdict, 0 or 1):"; cat "$scratch/err"; }

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "all ok"
