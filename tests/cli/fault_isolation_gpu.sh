#!/usr/bin/env bash
# Fault isolation (the default; --no-isolate opts out) with planted
# faults (DOTSWEEP_PLANT_FAULT, tests only): one quick.toml variant traps
# (illegal address: the CUDA context is lost), one hangs (killed by the
# watchdog), first while measuring, then while halving screens. The sweep must finish with exit 0, hold the
# same (variant, type, n, mode) rows as a clean run with the same verdicts
# except the planted two, which carry their reasons. Prints the restart cost.
# Also: with --no-isolate the trap still ends the sweep with exit 4, and a
# Ctrl-C reaches the worker. Needs a GPU (exit 77 without one).
# Usage: fault_isolation_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

# --counters off: counters are not what this tests, and another profiler on
# the GPU (a second test script) must not change the outcome.
args=(--space "$root/variants/quick.toml" --sizes 4096,65537 --mode cold,hot --min-samples 5 --max-samples 10
  --time-budget 0.1 --no-progress --counters off)
# The variants this GPU runs (rejected ones carry a tab and their reason).
mapfile -t ids < <("$dotsweep" list --space "$root/variants/quick.toml" --arch "$(device_arch)" | grep -v '^#' |
  grep -v $'\t')
trap_id=${ids[0]}
hang_id=${ids[5]}

"$dotsweep" "${args[@]}" --out "$scratch/clean" >/dev/null 2>"$scratch/clean.err" ||
  { fail "the clean sweep exited $?"; cat "$scratch/clean.err"; }

start=$SECONDS
DOTSWEEP_PLANT_FAULT="trap:$trap_id,hang:$hang_id" "$dotsweep" "${args[@]}" --out "$scratch/planted" \
  >/dev/null 2>"$scratch/planted.err"
status=$?
echo "planted run: exit $status in $((SECONDS - start)) s; its stderr:"
sed 's/^/  | /' "$scratch/planted.err"
[[ $status -eq 0 ]] || fail "the planted sweep exited $status, want 0"
grep -q "restart cost" "$scratch/planted.err" || fail "no restart cost reported"

python3 - "$scratch" "$trap_id" "$hang_id" <<'PY' || fail "the row checks above"
import csv, sys
d, trap_id, hang_id = sys.argv[1:]
def rows(name): return {(r["variant"], r["type"], r["n"], r["mode"]): r for r in csv.DictReader(open(f"{d}/{name}/sweep.csv"))}
clean, planted = rows("clean"), rows("planted")
ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
check(set(clean) == set(planted), f"the same {len(clean)} (variant, type, n, mode) rows as the clean run ({len(planted)} there)")
for key, r in sorted(planted.items()):
    if key[0] == trap_id:
        check(r["correct"] == "0" and "context was lost" in r["reason"], f"trap {key}: {r['reason']}")
    elif key[0] == hang_id:
        check(r["correct"] == "0" and r["reason"].startswith("hung:"), f"hang {key}: {r['reason']}")
    elif key in clean and r["correct"] != clean[key]["correct"]:
        check(False, f"{key}: correct={r['correct']} here, {clean[key]['correct']} in the clean run")
sys.exit(0 if ok else 1)
PY

# With --no-isolate the fault still ends the sweep (exit 4), rows so far kept.
DOTSWEEP_PLANT_FAULT="trap:$trap_id" "$dotsweep" "${args[@]}" --no-isolate --out "$scratch/inproc" >/dev/null \
  2>"$scratch/inproc.err"
status=$?
[[ $status -eq 4 ]] || { fail "the planted trap with --no-isolate exited $status, want 4"; cat "$scratch/inproc.err"; }
grep -q "restart cost\|starting a new worker" "$scratch/inproc.err" && fail "--no-isolate started a worker"

# The same faults while halving screens: heartbeats cover screening too, the
# failed rows go to screen.csv, and the sweep finishes (exit 0).
DOTSWEEP_PLANT_FAULT="trap:$trap_id,hang:$hang_id" "$dotsweep" "${args[@]}" --strategy halving --keep 0.5 \
  --out "$scratch/halving" >/dev/null 2>"$scratch/halving.err"
status=$?
echo "planted halving run: exit $status; its stderr:"
sed 's/^/  | /' "$scratch/halving.err"
[[ $status -eq 0 ]] || fail "the planted halving sweep exited $status, want 0"
python3 - "$scratch/halving" "$trap_id" "$hang_id" <<'PY' || fail "the halving checks above"
import csv, json, sys
d, trap_id, hang_id = sys.argv[1:]
screen = list(csv.DictReader(open(f"{d}/screen.csv")))
keys = [(r["variant"], r["type"], r["n"], r["mode"]) for r in screen]
ok = len(keys) == len(set(keys))
print(("ok: " if ok else "FAIL: ") + f"screen.csv: {len(keys)} rows, each once")
for want, what in ((trap_id, "context was lost"), (hang_id, "hung:")):
    bad = [r for r in screen if r["variant"] == want]
    good = bool(bad) and all(r["correct"] == "0" and what in r["reason"] for r in bad)
    print(("ok: " if good else "FAIL: ") + f"screening {want}: {[r['reason'] for r in bad]}")
    ok = ok and good
survivors = json.load(open(f"{d}/context.json"))["strategy_result"]["survivors"]
clean = trap_id not in survivors and hang_id not in survivors
print(("ok: " if clean else "FAIL: ") + f"the planted variants are not among the {len(survivors)} survivors")
sys.exit(0 if ok and clean else 1)
PY

# A planted name that is not in the sweep is refused, not silently ignored.
DOTSWEEP_PLANT_FAULT="trap:no.such.variant" "$dotsweep" "${args[@]}" --out "$scratch/typo" >/dev/null 2>"$scratch/typo.err"
[[ $? -eq 2 ]] || fail "a planted fault naming no operation was not refused"

# Ctrl-C reaches the worker through its supervisor; the resume command keeps
# the user's options and names no --worker.
"$dotsweep" "${args[@]}" --out "$scratch/int" >/dev/null 2>"$scratch/int.err" &
pid=$!
for _ in $(seq 1 600); do
  [[ -f $scratch/int/sweep.csv ]] && (($(wc -l <"$scratch/int/sweep.csv") > 10)) && break
  sleep 0.1
done
kill -INT "$pid"
wait "$pid"
status=$?
[[ $status -eq 130 ]] || { fail "Ctrl-C of an isolated sweep exited $status, want 130"; cat "$scratch/int.err"; }
resume=$(grep -A1 'to continue where it stopped, run:' "$scratch/int.err" | tail -1 | sed 's/^  //')
[[ $resume == *"--min-samples 5"* && $resume != *--worker* ]] ||
  fail "resume command '$resume' (want the user's --min-samples 5, no --worker)"
eval "$resume" >/dev/null 2>"$scratch/int.resume.err" || fail "the resume of an isolated sweep exited $?"
[[ $(wc -l <"$scratch/int/sweep.csv") -eq $(wc -l <"$scratch/clean/sweep.csv") ]] ||
  fail "the resumed isolated sweep has $(wc -l <"$scratch/int/sweep.csv") lines, the clean one $(wc -l <"$scratch/clean/sweep.csv")"

if [[ $failures -ne 0 ]]; then
  echo "$failures fault-isolation check(s) failed"
  exit 1
fi
echo "all fault-isolation checks passed"
