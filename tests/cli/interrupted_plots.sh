#!/usr/bin/env bash
# The plot child (tools/plot.py under Python) runs in a process group of its
# own, and a SIGTERM, SIGINT or SIGHUP that ends dotsweep ends that group
# first: once `report` has exited from the signal, no plot process is left,
# no PNG is written after it, no temporary folder comes back and the child's
# log is gone. It once kept writing PNGs into a temporary folder it made
# again, and left its log in $TMPDIR. Uninterrupted, the plots land in the
# report and the log is removed. No GPU needed; skips without matplotlib.
# Usage: interrupted_plots.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
unset DOTSWEEP_NO_PLOTS
export DOTSWEEP_SOURCE_ROOT=$root
{ "$root/.venv/bin/python" -c "import matplotlib" || python3 -c "import matplotlib"; } 2>/dev/null ||
  skip "no Python with matplotlib: report writes no plots to interrupt"
work=$scratch/work
export TMPDIR=$scratch/tmp  # where the child's log is made
mkdir -p "$work" "$TMPDIR" && cd "$work" || exit 1
# The H100 baseline: its eight plots take seconds, long enough to be caught while they are drawn.
baseline=$root/results/baselines/h100.csv.gz

plot_processes() { pgrep -f -- "plot.py report $work/" || true; }
left_behind() { find "$work" "$TMPDIR" -mindepth 1 | head -5; }

# plots_interrupted SIGNAL NUMBER: sends SIGNAL once the first PNG is in the temporary folder.
plots_interrupted() {
  local signal=$1 number=$2 pid status tries
  python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$dotsweep" report "$baseline" -o out >/dev/null 2>"$scratch/err" &
  pid=$!
  for ((tries = 0; tries < 1200; tries++)); do
    compgen -G "$work/.out.partial-*/*.png" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  kill -"$signal" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  status=$?
  if [[ $status -ne $((128 + number)) ]]; then
    fail "$signal while plotting: exit $status (want $((128 + number))); stderr: $(cat "$scratch/err")"
  else
    [[ -z $(plot_processes) ]] && echo "ok: $signal while plotting: exit $status, no plot process left"
  fi
  [[ -n $(plot_processes) ]] && fail "$signal while plotting: a plot process outlived dotsweep: $(plot_processes)"
  sleep 2  # what a child still running would write now
  [[ -n $(left_behind) ]] && fail "$signal while plotting: left behind: $(left_behind)"
  local stray
  stray=$(plot_processes)
  [[ -n $stray ]] && kill -KILL $stray 2>/dev/null  # by id: the ones this test's run started
  rm -rf "$work"/.out.partial-* "$work/out" "${TMPDIR:?}"/*
}
plots_interrupted TERM 15
plots_interrupted INT 2
plots_interrupted HUP 1

# Uninterrupted: the plots are in the report, and the child's log is gone.
"$dotsweep" report "$baseline" -o out >/dev/null 2>"$scratch/err" || fail "report with plots: $(cat "$scratch/err")"
compgen -G "out/*.png" >/dev/null || fail "report with plots wrote no PNG: $(cat "$scratch/err")"
[[ -n $(find "$TMPDIR" -mindepth 1) ]] && fail "report with plots left in \$TMPDIR: $(find "$TMPDIR" -mindepth 1)"

echo "$failures failures"
[[ $failures -eq 0 ]]
