#!/usr/bin/env bash
# Ctrl-C, a second Ctrl-C, SIGTERM and kill -9 in the middle of a sweep, each
# followed by the resume: the resumed report must hold exactly the rows of an
# uninterrupted sweep, each once, and the rows finished before the interrupt
# unchanged, and samples.csv.gz holding each timed row's samples once. Needs
# a GPU (exit 77 without one).
# Usage: interrupt_resume_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

rows() { python3 -c 'import csv,sys; print(sum(1 for _ in csv.DictReader(open(sys.argv[1]))))' "$1"; }
# Distinct (variant, type, n, mode) keys: equal to rows() when none repeats.
keys() {
  python3 -c 'import csv,sys; print(len({(r["variant"],r["type"],r["n"],r["mode"]) for r in csv.DictReader(open(sys.argv[1]))}))' "$1"
}
# The groups (type, n, mode) of REPORT's best.csv whose verdict is partial
# must be exactly those with fewer candidate rows in its sweep.csv than in
# REFERENCE's (core/stats/group_coverage.hpp): prints the mismatches, if any.
partial_mismatches() {
  python3 - "$1" "$2" <<'PY'
import collections, csv, sys
def candidates(path):
    c = collections.Counter()
    for r in csv.DictReader(open(path)):
        if r["kind"] == "candidate": c[(r["type"], r["n"], r["mode"])] += 1
    return c
report, reference = sys.argv[1], sys.argv[2]
have, want = candidates(report + "/sweep.csv"), candidates(reference + "/sweep.csv")
declared = {(r["type"], r["n"], r["mode"]): r["verdict"] == "partial" for r in csv.DictReader(open(report + "/best.csv"))}
for key, is_partial in sorted(declared.items()):
    if is_partial != (have[key] < want[key]):
        print(f"{key}: verdict partial={is_partial}, {have[key]} of {want[key]} candidates")
PY
}
# The rows of BEFORE (a sweep.csv as the interrupt left it) that the resume
# keeps (core/report/resume_plan.hpp: every row of a (variant, type, n) whose rows
# for every mode are in, less a torn last line; with counters on, less the
# (type, n) whose counter pass was cut, where a row is correct) must be in
# AFTER (the resumed sweep.csv) exactly as they were: the same measurements,
# verdicts and timestamp. Rank, tie and speedup columns are left out: they
# are recomputed over the finished report. Prints "kept K" and then each
# difference; K must match the resume's own "resuming: K rows kept".
kept_rows_check() {
  python3 - "$1" "$2" "${INTERRUPT_COUNTERS:-off}" <<'PY'
import csv, io, sys
before_path, after_path, counters = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(before_path, newline="").read()
text = text[: text.rfind("\n") + 1]  # a killed sweep's last line may be torn
before = list(csv.DictReader(io.StringIO(text, newline="")))
after = {(r["variant"], r["type"], r["n"], r["mode"]): r for r in csv.DictReader(open(after_path, newline=""))}
modes = {"cold", "hot"}
seen, correct, uncounted = {}, set(), set()
for r in before:
    key = (r["variant"], r["type"], r["n"])
    seen.setdefault(key, set()).add(r["mode"])
    if r["correct"] == "1": correct.add(key)
    if counters != "off" and r["cupti_status"] == "interrupted": uncounted.add((r["type"], r["n"]))
finished = {k for k, m in seen.items() if m >= modes and not ((k[1], k[2]) in uncounted and k in correct)}
kept = [r for r in before if (r["variant"], r["type"], r["n"]) in finished]
print(f"kept {len(kept)}")
fields = ["kind", "grid_blocks", "samples", "launches", "dropped_samples", "median_us", "min_us", "p25_us", "p75_us",
          "ci_lo_us", "ci_hi_us", "noise_pct", "gbps", "rel_err", "err_bound", "correct", "deterministic", "reason",
          "sm_clock_mhz", "nvml_sm_clock_before_mhz", "nvml_sm_clock_after_mhz", "clock_events", "capped",
          "gpu", "timestamp", "seed"]
for r in kept:
    key = (r["variant"], r["type"], r["n"], r["mode"])
    if key not in after:
        print(f"{key}: gone after the resume")
        continue
    changed = [f"{f} {r[f]!r} -> {after[key][f]!r}" for f in fields if r[f] != after[key][f]]
    if changed: print(f"{key}: " + "; ".join(changed))
PY
}

# DIR/samples.csv.gz (core/rows/samples_file.hpp) against DIR/sweep.csv: one
# samples line per timed row and none for another key, as many kept
# (unthrottled) samples as its samples column, as many throttled as its
# dropped_samples, its launches, and the median of the kept samples equal to
# its median_us (both are made from the same doubles; 1e-9 relative allows
# for the text). Prints "timed T" and then each mismatch.
samples_mismatches() {
  python3 - "$1" <<'PY'
import csv, gzip, statistics, sys
folder = sys.argv[1]
rows = {(r["variant"], r["type"], r["n"], r["mode"]): r for r in csv.DictReader(open(folder + "/sweep.csv", newline=""))}
timed = {k: r for k, r in rows.items() if r["median_us"] and int(r["samples"]) > 0}
seen = {}
with gzip.open(folder + "/samples.csv.gz", "rt", newline="") as f:
    for line in csv.DictReader(f):
        key = (line["variant"], line["type"], line["n"], line["mode"])
        if key in seen: print(f"{key}: two samples lines")
        seen[key] = line
print(f"timed {len(timed)}")
for key in sorted(set(seen) - set(timed)): print(f"{key}: samples but no timed row in sweep.csv")
for key, r in sorted(timed.items()):
    line = seen.get(key)
    if line is None:
        print(f"{key}: a timed row without samples")
        continue
    us = [float(v) for v in line["us"].split()]
    throttled = [v == "1" for v in line["throttled"].split()]
    clocks = line["sm_clock_mhz"].split()
    kept = [u for u, t in zip(us, throttled) if not t]
    if not (len(us) == len(throttled) == len(clocks)): print(f"{key}: lists of different lengths")
    if len(kept) != int(r["samples"]): print(f"{key}: {len(kept)} kept samples, the row says {r['samples']}")
    if len(us) - len(kept) != int(r["dropped_samples"]):
        print(f"{key}: {len(us) - len(kept)} throttled, the row says {r['dropped_samples']} dropped")
    if line["launches"] != r["launches"]: print(f"{key}: launches {line['launches']}, the row says {r['launches']}")
    if kept and abs(statistics.median(kept) / float(r["median_us"]) - 1) > 1e-9:
        print(f"{key}: median of the samples {statistics.median(kept)}, the row says {r['median_us']}")
PY
}
check_samples() {  # check_samples NAME DIR
  local out
  out=$(samples_mismatches "$2")
  if [[ $(wc -l <<<"$out") -eq 1 && $(head -n 1 <<<"$out") != "timed 0" ]]; then
    echo "$1: samples.csv.gz matches sweep.csv ($(head -n 1 <<<"$out") rows)"
  else
    fail "$1: samples.csv.gz disagrees with sweep.csv: $(head -n 20 <<<"$out")"
  fi
}

# Waits until DIR/sweep.csv holds at least N rows (the header is one line).
wait_rows() {
  local dir=$1 n=$2
  for _ in $(seq 1 1200); do
    [[ -f $dir/sweep.csv ]] && (($(wc -l <"$dir/sweep.csv") - 1 >= n)) && return 0
    sleep 0.1
  done
  return 1
}

# INTERRUPT_COUNTERS picks the counter scope (default off: counters are not
# what this tests, and a second profiler on the GPU must not fail the run;
# run it once more with INTERRUPT_COUNTERS=top to cover rows held for the
# counter pass). INTERRUPT_ISOLATE=--no-isolate measures in-process.
args=(--space "$root/variants/quick.toml" --sizes 4096,65536,1000003 --mode cold,hot --min-samples 5 --max-samples 10
  --time-budget 0.2 --no-progress --counters "${INTERRUPT_COUNTERS:-off}" ${INTERRUPT_ISOLATE:-})

# The reference: an uninterrupted sweep (also warms the cubin cache). Every
# check below compares with it, so without it there is nothing to test.
"$dotsweep" "${args[@]}" --out "$scratch/full" >/dev/null 2>"$scratch/full.err"
status=$?
if [[ $status -ne 0 ]]; then
  echo "FAIL: the reference sweep exited $status; its stderr:"
  sed 's/^/  | /' "$scratch/full.err"
  exit 1
fi
full=$(rows "$scratch/full/sweep.csv")
echo "reference sweep: $full rows (${args[*]})"
check_samples reference "$scratch/full"

# interrupt NAME SIGNALS...: starts a sweep, sends the signals once 20 rows
# are in, and checks the exit and what was left; then runs the printed resume
# command and checks the result against the reference.
interrupt() {
  local name=$1
  shift
  local dir="$scratch/$name"
  "$dotsweep" "${args[@]}" --out "$dir" >"$scratch/$name.out" 2>"$scratch/$name.err" &
  local pid=$!
  wait_rows "$dir" 20 || fail "$name: the sweep wrote no 20 rows"
  # Apart, so two signals are not merged into one pending signal.
  for sig in "$@"; do
    kill -s "$sig" "$pid"
    sleep 0.2
  done
  wait "$pid"
  local status=$?
  local before
  before=$(($(wc -l <"$dir/sweep.csv") - 1))
  local resume
  resume=$(grep -A1 'to continue where it stopped, run:' "$scratch/$name.err" | tail -1 | sed 's/^  //')
  case $name in
    kill9)
      [[ $status -eq 137 ]] || fail "$name: exit $status, want 137"
      resume="$(printf '%q ' "$dotsweep" "${args[@]}") --resume $(printf '%q' "$dir")"
      ;;
    twice)
      [[ $status -eq 130 ]] || fail "$name: exit $status, want 130 at once"
      resume="$(printf '%q ' "$dotsweep" "${args[@]}") --resume $(printf '%q' "$dir")"
      ;;
    *)
      [[ $status -eq 130 ]] || fail "$name: exit $status, want 130"
      [[ -n $resume ]] || fail "$name: no resume command printed"
      for f in sweep.csv best.csv summary.md context.json; do [[ -s $dir/$f ]] || fail "$name: no $f"; done
      python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["run"]; sys.exit(0 if r["interrupted"] and not r["completed"] else 1)' \
        "$dir/context.json" || fail "$name: context.json does not say interrupted"
      [[ $(keys "$dir/sweep.csv") -eq $before ]] || fail "$name: repeated rows after the interrupt"
      local wrong
      wrong=$(partial_mismatches "$dir" "$scratch/full")
      [[ -z $wrong ]] || fail "$name: best.csv's partial verdicts disagree with the rows: $wrong"
      check_samples "$name (interrupted)" "$dir"
      ;;
  esac
  ((before < full)) || fail "$name: the interrupt came too late ($before of $full rows)"
  echo "$name: exit $status after $before of $full rows; resuming with: $resume"
  cp "$dir/sweep.csv" "$scratch/$name.interrupted.csv"
  eval "$resume" >/dev/null 2>"$scratch/$name.resume.err"
  local resumed=$?
  local after
  after=$(rows "$dir/sweep.csv")
  [[ $resumed -eq 0 ]] || { fail "$name: the resume exited $resumed"; cat "$scratch/$name.resume.err"; }
  # The rows finished before the interrupt are kept, unchanged.
  local kept_check kept said
  kept_check=$(kept_rows_check "$scratch/$name.interrupted.csv" "$dir/sweep.csv")
  kept=$(head -n 1 <<<"$kept_check" | sed -n 's/^kept //p')
  said=$(sed -n 's/^resuming: \([0-9]*\) rows kept.*/\1/p' "$scratch/$name.resume.err")
  [[ -n $kept && $kept -gt 0 ]] || fail "$name: no finished row to keep before the resume ($kept_check)"
  [[ $kept == "$said" ]] || fail "$name: $kept rows were finished before the resume, it says it kept '${said}'"
  [[ $(wc -l <<<"$kept_check") -eq 1 ]] || fail "$name: kept rows changed by the resume: $(tail -n +2 <<<"$kept_check")"
  echo "$name: $kept rows finished before the interrupt, unchanged after the resume"
  [[ $after -eq $full ]] || fail "$name: $after rows after the resume, want $full"
  [[ $(keys "$dir/sweep.csv") -eq $after ]] || fail "$name: repeated rows after the resume"
  ! grep -q ',partial$' "$dir/best.csv" || fail "$name: best.csv still has a partial group after the resume"
  check_samples "$name" "$dir"
  grep -m1 '^resuming:' "$scratch/$name.resume.err"
  echo "$name: resumed to $after rows (reference $full)"
}

# INTERRUPT_ROUNDS picks the rounds (default all four), so a slow variant
# (INTERRUPT_COUNTERS=top) can run in pieces.
for round in ${INTERRUPT_ROUNDS:-sigint sigterm twice kill9}; do
  case $round in
    sigint) interrupt sigint INT ;;
    sigterm) interrupt sigterm TERM ;;
    twice) interrupt twice INT INT ;;
    kill9) interrupt kill9 KILL ;;
    *) fail "INTERRUPT_ROUNDS: no round '$round' (sigint, sigterm, twice, kill9)" ;;
  esac
done

if [[ $failures -ne 0 ]]; then
  echo "$failures interrupt/resume check(s) failed"
  exit 1
fi
echo "all interrupt/resume checks passed"
