#!/usr/bin/env bash
# `dotsweep report`: the committed baseline's summary.md and best.csv are what
# rendering its sweep.csv writes today (so they cannot go stale), a report
# folder renders to the same files again, and every bad input is one line on
# stderr, exit 2, with nothing written. No GPU needed.
# Usage: report_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1  # tests/cli/plot_test.sh covers the plots
baselines=$root/results/baselines

# The committed summaries and best.csv files are the renderings of the committed sweeps.
for gpu_rows in h200:28464 h100:14232; do
  gpu=${gpu_rows%:*} rows=${gpu_rows#*:}
  if "$dotsweep" report "$baselines/$gpu.csv.gz" -o "$scratch/$gpu" >"$scratch/stdout" 2>"$scratch/err"; then
    for f in summary.md best.csv; do
      if cmp -s "$scratch/$gpu/$f" "$baselines/$gpu.$f"; then
        echo "ok: results/baselines/$gpu.$f is dotsweep report's"
      else
        fail "results/baselines/$gpu.$f differs from a fresh render (run: dotsweep report results/baselines/$gpu.csv.gz -o OUT, then copy OUT/$f)"
        diff "$baselines/$gpu.$f" "$scratch/$gpu/$f" | head -10
      fi
    done
    for f in sweep.csv context.json; do [[ -s $scratch/$gpu/$f ]] || fail "report: no $f written"; done
    grep -q "^report: $rows rows of " "$scratch/stdout" || fail "report: no line naming the rows: $(cat "$scratch/stdout")"
  else
    fail "dotsweep report of the $gpu baseline exited non-zero:"; cat "$scratch/err"
  fi
done
mv "$scratch/h200" "$scratch/r1"

# A report folder renders to the same files: nothing is lost on the way.
if "$dotsweep" report "$scratch/r1" -o "$scratch/r2" >/dev/null 2>"$scratch/err"; then
  for f in summary.md best.csv sweep.csv; do
    cmp -s "$scratch/r1/$f" "$scratch/r2/$f" || fail "report of a report folder: $f differs"
  done
  echo "ok: a report folder renders to the same summary.md, best.csv and sweep.csv"
else
  fail "dotsweep report of a report folder exited non-zero:"; cat "$scratch/err"
fi

# Bad input: one line, exit 2, and no output folder.
expect_report_error() {  # expect_report_error PATTERN -- ARGS...
  local pattern=$1
  expect 2 "$pattern" -- report "${@:3}"
  [[ ! -e $scratch/none ]] || { fail "dotsweep report ${*:3} left $scratch/none behind"; rm -rf "$scratch/none"; }
}
mkdir -p "$scratch/empty" "$scratch/bad"
echo "not json" >"$scratch/bad/context.json"
zcat "$baselines/h200.csv.gz" | head -n 3 >"$scratch/bad/sweep.csv"
head -n 1 "$scratch/bad/sweep.csv" >"$scratch/header_only.csv"
cp "$baselines/h200.context.json" "$scratch/header_only.context.json"
echo '{"device": {}}' >"$scratch/nameless.json"
expect_report_error "no such file or folder" -- "$scratch/missing.csv" -o "$scratch/none"
expect_report_error "holds no sweep.csv" -- "$scratch/empty" -o "$scratch/none"
expect_report_error "is not a .csv or .csv.gz file" -- "$baselines/h200.context.json" -o "$scratch/none"
expect_report_error "no context.json at" -- "$scratch/bad/sweep.csv" --context "$scratch/missing.json" -o "$scratch/none"
expect_report_error "is not JSON" -- "$scratch/bad" -o "$scratch/none"
expect_report_error "no device.name" -- "$scratch/bad/sweep.csv" --context "$scratch/nameless.json" -o "$scratch/none"
expect_report_error "holds no rows" -- "$scratch/header_only.csv" -o "$scratch/none"
expect_report_error "already holds a report .*; pass a new --out folder$" -- "$baselines/h200.csv.gz" -o "$scratch/r1"
expect_report_error "top: -1 is out of range; accepted: 0 or more" -- "$baselines/h200.csv.gz" -o "$scratch/none" --top -1
expect_report_error "dotsweep report needs --out" -- "$baselines/h200.csv.gz"
exit $((failures > 0))
