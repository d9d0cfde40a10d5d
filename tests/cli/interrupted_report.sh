#!/usr/bin/env bash
# `report` and `merge` write their folder beside OUT under a temporary name
# and rename it into place at the end: SIGTERM, SIGINT or SIGHUP while they
# work leaves nothing under OUT and no temporary folder, the signal ends the
# command as it usually does (status 128 + its number), and a rerun
# succeeds. A temporary folder left by a run killed with SIGKILL is removed
# by the next run for that OUT (only when its process is gone) and never
# read as a report. No GPU needed.
# Usage: interrupted_report.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1
work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
# The H200 baseline: 3 MB gzipped, long enough to be caught while it works.
big=$root/results/baselines/h200.csv.gz

# Runs ARGS with the signals at their defaults (a background job of a script
# starts with SIGINT ignored) and sends SIGNAL after DELAY seconds; prints the exit status.
signalled() {  # signalled SIGNAL DELAY ARGS...
  local signal=$1 delay=$2
  shift 2
  python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$dotsweep" "$@" >/dev/null 2>"$scratch/err" &
  local pid=$!
  sleep "$delay"
  kill -"$signal" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}

leftovers() { find "$work" -mindepth 1 -maxdepth 1 -name '.*partial*' | head -3; }

# interrupt_each SIGNAL NUMBER -- ARGS (with OUT = out): at delays across the
# run, the command is either ended by the signal with nothing left, or done
# with a whole report; at least one delay must catch it.
interrupt_each() {
  local signal=$1 number=$2 delay status caught=0
  shift 3
  for delay in 0.2 0.5 0.9 1.4; do
    signalled "$signal" "$delay" "$@"
    status=$?
    if [[ $status -eq 0 ]]; then
      [[ -s out/summary.md && -s out/best.csv ]] || fail "$signal at ${delay}s: exit 0 without a whole report in out/"
      rm -rf out
    elif [[ $status -eq $((128 + number)) ]]; then
      # The rename is the commit point: a signal that lands after it (while
      # the process exits) finds a whole report, which may stay.
      if [[ -e out ]]; then
        [[ -s out/summary.md && -s out/best.csv ]] ||
          fail "$signal at ${delay}s: a part of a report was left behind: $(ls out)"
      else
        caught=$((caught + 1))
      fi
      [[ -n $(leftovers) ]] && fail "$signal at ${delay}s: a temporary folder was left behind: $(leftovers)"
      rm -rf out
    else
      fail "$signal at ${delay}s: exit $status (want 0, or $((128 + number)) from the signal): $(cat "$scratch/err")"
    fi
  done
  [[ $caught -ge 1 ]] || fail "$signal never caught ${*:1:2} while it worked (the test proves nothing)"
  echo "ok: $signal: $caught of 4 runs of dotsweep ${*:1:1} ended by it, nothing left"
  "$dotsweep" "$@" >/dev/null 2>"$scratch/err" || fail "rerun after $signal: $(cat "$scratch/err")"
  [[ -s out/summary.md ]] || fail "rerun after $signal wrote no summary.md"
  rm -rf out
}

interrupt_each TERM 15 -- report "$big" -o out
interrupt_each INT 2 -- report "$big" -o out
interrupt_each HUP 1 -- report "$big" -o out

# merge of the baseline as one shard of one (tests/cli/cut_shard.py, as shard_merge_cli.sh does)
base=${big%.csv.gz}
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["space"]["text"], end="")' "$base.context.json" \
  >"$scratch/space.toml"
sizes=$(python3 -c 'import json,sys; print(",".join(map(str, json.load(open(sys.argv[1]))["options"]["sizes"])))' \
  "$base.context.json")
"$dotsweep" list --shard 1/1 --space "$scratch/space.toml" --sizes "$sizes" --mode cold,hot >"$scratch/groups" ||
  fail "list --shard 1/1 of the baseline's space failed"
python3 "$root/tests/cli/cut_shard.py" "$base" "$scratch/groups" 1 1 "$scratch/shard1" || fail "cutting the shard failed"
interrupt_each TERM 15 -- merge out "$scratch/shard1"

# ---- a temporary folder left by a killed run: removed when its process is gone, kept while alive
mkdir -p .out.partial-4194305 ".out.partial-$$"
cp "$root/tests/fixtures/gate/h200-run1.csv" .out.partial-4194305/sweep.csv
"$dotsweep" report "$big" -o out >/dev/null 2>"$scratch/err" || fail "report beside a stale temporary folder: $(cat "$scratch/err")"
[[ -e .out.partial-4194305 ]] && fail "the temporary folder of a process that is gone was left"
[[ -d .out.partial-$$ ]] || fail "the temporary folder of a live process was removed"
[[ -s out/summary.md ]] || fail "report beside a stale temporary folder wrote no summary.md"
rm -rf out ".out.partial-$$"
# Into an existing folder with other files: they stay, the report joins them.
mkdir out && echo keep >out/notes.txt
"$dotsweep" report "$big" -o out >/dev/null 2>"$scratch/err" || fail "report into a folder with other files: $(cat "$scratch/err")"
[[ $(cat out/notes.txt) == keep && -s out/summary.md ]] || fail "report into a folder with other files lost one"
[[ -z $(leftovers) ]] || fail "a temporary folder was left after a finished report: $(leftovers)"

echo "$failures failures"
[[ $failures -eq 0 ]]
