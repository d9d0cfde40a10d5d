#!/usr/bin/env bash
# A context.json that contradicts its rows (another GPU, dotsweep version,
# timestamp, or modes that do not hold the rows' modes) is refused by
# `report` (--context or the one beside the CSV) and by the gate (the one
# beside a report) in one line, exit 2, naming both values, before anything
# is written. The report's own context reads. No GPU needed.
# Usage: context_rows.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
fixture=$root/tests/fixtures/reports/h200-2026-11-30-f32
gzip -dc "$fixture.csv.gz" >R.csv
cp "$fixture.context.json" own.json
cp "$root/tests/fixtures/gate/h200-run2.csv" other.csv

# edited KEY VALUE: own.json with the JSON pointer KEY set to the JSON VALUE, as edited.json.
edited() {
  python3 - "$1" "$2" <<'PY'
import json, sys
pointer, value = sys.argv[1:3]
context = json.load(open("own.json"))
*parents, last = pointer.strip("/").split("/")
node = context
for key in parents:
    node = node[key]
node[last] = json.loads(value)
json.dump(context, open("edited.json", "w"), indent=2)
PY
}

# refused KEY VALUE MESSAGE: report and gate refuse R.csv with edited.json as its context.
refused() {
  edited "$1" "$2"
  expect_fixed=1 expect 2 "edited.json: $3" -- report R.csv --context edited.json -o out
  [[ ! -e out ]] || fail "$1 = $2: report wrote out/"
  rm -rf beside && mkdir beside && cp R.csv beside/R.csv && cp edited.json beside/R.context.json
  expect_fixed=1 expect 2 "beside/R.context.json: ${3/but R.csv/but beside\/R.csv}" -- gate --baseline beside/R.csv --current other.csv --markdown gate.md
  [[ ! -e gate.md ]] || fail "$1 = $2: gate wrote gate.md"
}

tail="the context.json is another report's; pass the report's own"
refused /device/name '"NVIDIA H100 80GB HBM3"' \
  "device.name 'NVIDIA H100 80GB HBM3' but R.csv, row 1 has gpu 'NVIDIA H200': $tail"
refused /dotsweep_version '"0.2.1"' "dotsweep_version '0.2.1' but R.csv, row 1 has dotsweep_version '0.1.0': $tail"
refused /timestamp '"2026-12-06T00:00:00Z"' \
  "timestamp '2026-12-06T00:00:00Z' but R.csv, row 1 has timestamp '2026-11-30T06:10:50Z': $tail"
refused /options/modes '["hot"]' "options.modes 'hot' but R.csv, row 1 has mode 'cold': $tail"

# The report's own context reads, through both.
"$dotsweep" report R.csv --context own.json -o ok >"$scratch/out" 2>"$scratch/err" ||
  { fail "report with its own context -> exit $?:"; cat "$scratch/err"; }
[[ -s ok/summary.md ]] || fail "report with its own context wrote no summary.md"
cp own.json R.context.json
"$dotsweep" gate --baseline R.csv --current other.csv >"$scratch/out" 2>"$scratch/err"
status=$?
((status == 0 || status == 1)) || { fail "gate beside its own context -> exit $status:"; cat "$scratch/err"; }

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "all ok"
