#!/usr/bin/env bash
# The plot child (tools/plot.py under Python) runs in a process group of its
# own, and a SIGTERM, SIGINT or SIGHUP that ends dotsweep ends that whole
# group first: `report` exits at once, no plot process is left, nothing is
# written after it, no temporary folder comes back and the child's log is
# gone. It once kept writing PNGs into a temporary folder it made again, and
# left its log. Uninterrupted, the plots land in the report and the log is
# removed. The plot script here is a stand-in that writes a PNG every 50 ms
# for 15 s, and starts a second writer, as a script's own child would be, so
# the test needs no matplotlib and proves that the group ends, not the child
# alone. No GPU needed.
# Usage: interrupted_plots.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
unset DOTSWEEP_NO_PLOTS
work=$scratch/work
export TMPDIR=$scratch/tmp  # where the child's log is made
fake=$scratch/source        # what DOTSWEEP_SOURCE_ROOT names: tools/plot.py and .venv/bin/python
mkdir -p "$work" "$TMPDIR" "$fake/tools" "$fake/.venv/bin" && cd "$work" || exit 1
export DOTSWEEP_SOURCE_ROOT=$fake
cat >"$fake/.venv/bin/python" <<'SH'
#!/usr/bin/env bash
[[ $1 == -c ]] && exit 0  # the probe for matplotlib
exec python3 "$@"
SH
chmod +x "$fake/.venv/bin/python"
cat >"$fake/tools/plot.py" <<'PY'
import os, subprocess, sys, time
writer = """
import os, sys, time
out, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(count):
    os.makedirs(out, exist_ok=True)
    open(os.path.join(out, f"{who}_{i}.png"), "w").close()
    time.sleep(0.05)
"""
out, count = sys.argv[2], os.environ.get("PLOTS", "300")
second = subprocess.Popen([sys.executable, "-c", writer, out, "second", count])
exec(writer.replace("sys.argv[1], sys.argv[2], int(sys.argv[3])", "out, 'first', int(count)"))
second.wait()
PY
report=$root/tests/fixtures/reports/h200-2026-11-30-default-cold-top

plot_processes() { pgrep -f -- "$work/.out.partial" || true; }
left_behind() { find "$work" "$TMPDIR" -mindepth 1 | head -5; }
now() { date +%s%N; }

# plots_interrupted SIGNAL NUMBER: sends SIGNAL once both writers have written into the temporary folder.
plots_interrupted() {
  local signal=$1 number=$2 pid status tries sent failed_before=$failures
  python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$dotsweep" report "$report.csv.gz" --context "$report.context.json" -o out \
    >/dev/null 2>"$scratch/err" &
  pid=$!
  for ((tries = 0; tries < 600; tries++)); do
    compgen -G "$work/.out.partial-*/first_0.png" >/dev/null && compgen -G "$work/.out.partial-*/second_0.png" >/dev/null &&
      break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  sent=$(now)
  kill -"$signal" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  status=$?
  local waited_ms=$((($(now) - sent) / 1000000))
  [[ $status -eq $((128 + number)) ]] ||
    fail "$signal while plotting: exit $status (want $((128 + number))); stderr: $(cat "$scratch/err")"
  # The writers had 15 s to go: an exit long after the signal waited for them.
  [[ $waited_ms -lt 10000 ]] || fail "$signal while plotting: dotsweep took $waited_ms ms to exit"
  local stray
  stray=$(plot_processes)
  [[ -n $stray ]] && fail "$signal while plotting: a plot process outlived dotsweep: $stray"
  sleep 1  # what a writer still running would write now
  [[ -n $(left_behind) ]] && fail "$signal while plotting: left behind: $(left_behind)"
  [[ $failures -eq $failed_before ]] && echo "ok: $signal while plotting: exit $status after $waited_ms ms, nothing left"
  [[ -n $stray ]] && kill -KILL $stray 2>/dev/null  # by id: the ones this test's run started
  rm -rf "$work"/.out.partial-* "$work/out" "${TMPDIR:?}"/*
}
# A failing case ends the test: the next would fail the same way, after as
# long a wait for the writers (the verdict mutants run this test).
for case in "TERM 15" "INT 2" "HUP 1"; do
  plots_interrupted $case
  [[ $failures -eq 0 ]] || { echo "$failures failures"; exit 1; }
done

# Uninterrupted: both writers' PNGs are in the report, and the child's log is gone.
PLOTS=3 "$dotsweep" report "$report.csv.gz" --context "$report.context.json" -o out >/dev/null 2>"$scratch/err" ||
  fail "report with plots: $(cat "$scratch/err")"
[[ -e out/first_2.png && -e out/second_2.png ]] || fail "report with plots: the PNGs are not in out/: $(ls out)"
[[ -n $(find "$TMPDIR" -mindepth 1) ]] && fail "report with plots left in \$TMPDIR: $(find "$TMPDIR" -mindepth 1)"
grep -qx "plots: 6 PNGs in out (tools/plot.py report)" "$scratch/err" ||
  fail "report with plots: no line counting them in out, the folder the report is in: $(cat "$scratch/err")"

echo "$failures failures"
[[ $failures -eq 0 ]]
