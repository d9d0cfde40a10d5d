#!/usr/bin/env bash
# What an option's value means is what was typed: `--opt=` with nothing after
# the '=' is refused before the option parser would take the next argument as
# its value (`report R --out= --top=3` once wrote a report into a folder named
# --top=3). Each refusal is one line, exit 2, with nothing written or changed.
# No GPU needed.
# Usage: option_values.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
cp "$root/tests/fixtures/gate/h200-run1.csv" B.csv
cp "$root/tests/fixtures/gate/h200-run2.csv" C.csv

snapshot() { find "$work" -print0 | sort -z | xargs -0 md5sum 2>/dev/null; find "$work" | sort; }
refused() {  # refused MESSAGE -- ARGS...: exit 2, the one line, nothing written or changed
  local message=$1 before
  before=$(snapshot)
  expect 2 "dotsweep: $message" -- "${@:3}"
  [[ $(snapshot) == "$before" ]] || fail "dotsweep ${*:3} changed or wrote a file"
}

# ---- --opt= with nothing after it, on every kind of option, before any is read
refused "--out= has nothing after the '='; give --out=VALUE or --out VALUE" -- report B.csv --out= --top=3
refused "-o= has nothing after the '='; give -o=VALUE or -o VALUE" -- report B.csv -o= --top=3
refused "--context= has nothing after the '='" -- report B.csv --context= -o out
refused "--sizes= has nothing after the '='" -- --sizes= --out out
refused "--out= has nothing after the '='" -- sweep --out= --sizes 4096
refused "--space= has nothing after the '='" -- list --space=
refused "--baseline= has nothing after the '='" -- gate --baseline= B.csv --current C.csv
refused "--junit= has nothing after the '='" -- gate --baseline B.csv --current C.csv --junit= --markdown m.md
refused "--markdown= has nothing after the '='" -- compare B.csv C.csv --markdown=
refused "--header= has nothing after the '='" -- export B.csv --header= --nvbench n.json
refused "--top= has nothing after the '='" -- merge out B.csv --top=
refused "--kernels-b= has nothing after the '='" -- ab --kernels-b= "$root/kernels"
refused "--gpus= has nothing after the '='" -- distributed --gpus= --out out
refused "--no-progress= has nothing after the '='" -- --no-progress= --sizes 4096 --out out
[[ -e --top=3 ]] && fail "a folder named --top=3 was written"
# A value is still taken after '=', and after a lone '--' everything is positional.
report=$root/tests/fixtures/reports/h200-2026-11-30-default-cold-top
"$dotsweep" report "$report.csv.gz" --context="$report.context.json" --out=out --top=3 >/dev/null 2>"$scratch/err" ||
  fail "report --out=out: $(cat "$scratch/err")"
[[ -s out/summary.md ]] || fail "report --out=out wrote no summary.md"
expect 2 "not expected: --x=" -- compare B.csv C.csv -- --x=
exit $((failures > 0))
