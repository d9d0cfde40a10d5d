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
expect 2 "dotsweep compare takes no argument '--x=' here" -- compare B.csv C.csv -- --x=

# ---- whole numbers and sizes: one reader for every option, the ends of an item
# trimmed, whitespace inside and leading zeros refused (core/io/whole_number.hpp)
sizes_hint="(write e.g. 4096, 2^20, 2^20+3 or 2^12..2^28:2)"
refused "--sizes: '4096 8192' has whitespace inside; separate sizes with commas $sizes_hint" -- \
  --sizes "4096 8192" --out out
refused "--sizes: '4096\n8192' has whitespace inside" -- --sizes $'4096\n8192' --out out
refused "--sizes: '2^2 0' has whitespace inside" -- --sizes "2^2 0" --out out
refused "--sizes: '010' has a leading zero; write 10 $sizes_hint" -- --sizes 010 --out out
refused "--sizes: '0000000000004096' has a leading zero; write 4096" -- --sizes 0000000000004096 --out out
refused "--sizes: '2^20+03' has a leading zero; write 3" -- --sizes 2^20+03 --out out
refused "--sizes: '2^12..2^16:02' has step 02, which has a leading zero; write 2" -- --sizes 2^12..2^16:02 --out out
refused "--sizes: '4096 8192' has whitespace inside" -- ab --kernels-b "$root/kernels" --sizes "4096 8192"
refused "--sizes: '010' has a leading zero" -- distributed --sizes 010 --out out
refused "--sizes: '4096 8192' has whitespace inside" -- list --shard 1/2 --sizes "4096 8192"
refused "--top: '010' has a leading zero (it would read as octal); write 10; accepted: 0 or more" -- \
  report B.csv -o out --top 010
refused "--top: '5 5' has whitespace inside; accepted: 0 or more" -- --top "5 5" --sizes 4096 --out out
refused "--max-samples: '0x10' is not a whole decimal number" -- --max-samples 0x10 --sizes 4096 --out out
refused "--devices '0,01': '01' has a leading zero; write 1" -- --devices 0,01 --sizes 4096 --out out
refused "--devices '0 1': '0 1' has whitespace inside" -- --devices "0 1" --sizes 4096 --out out
refused "--gpus '1,02': '02' has a leading zero; write 2" -- distributed --gpus 1,02 --out out
refused "--gpus '1 2': '1 2' has whitespace inside" -- distributed --gpus "1 2" --out out
refused "--shard '1 /3': expected i/N" -- list --shard "1 /3"
refused "--shard '01/3': expected i/N" -- list --shard 01/3
# The ends of an item are trimmed: these pass every check and reach the GPU lookup (exit 3 without
# a GPU, where a check would have exited 2), or, for list, print the slice.
"$dotsweep" list --shard " 1/3 " --sizes " 4096 , 2^20 " >"$scratch/out" 2>"$scratch/err" ||
  fail "list --shard ' 1/3 ' --sizes ' 4096 , 2^20 ': $(cat "$scratch/err")"
grep -q $'^group\tf32\t4096\tcold$' "$scratch/out" || grep -q $'^group\t[a-z0-9]*\t1048576\tcold$' "$scratch/out" ||
  fail "list --shard ' 1/3 ' read other sizes: $(grep '^group' "$scratch/out" | head -3)"
if ! nvidia-smi -L >/dev/null 2>&1; then  # a new --out: out/ holds the report written above
  expect 3 "no usable CUDA device" -- --sizes " 4096 ,8192 " --top " 5 " --devices " 0 " --out fresh
fi
exit $((failures > 0))
