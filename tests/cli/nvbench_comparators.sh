#!/usr/bin/env bash
# Both of NVBench's comparators (nvbench-compare-legacy and
# nvbench-compare-robust, PyPI's cuda-bench[compare] 0.3.0, which
# tools/setup.sh installs into .venv) on `dotsweep export --nvbench` files of
# real committed reports, beside `dotsweep gate` on the same reports:
#   pair  results/baselines/h200.csv.gz (reference) and h100.csv.gz: the H200
#         is faster at large n, so rows move;
#   A/A   the H200's export against itself: nothing moves.
#
# The gate refuses times of two GPUs (--cross-hardware compares the fraction
# of each GPU's bandwidth, another question than NVBench's), so it is given
# the H100's rows with the gpu column set to the H200's: then it judges the
# times by its own rule, as NVBench does. Floor rows are compared by NVBench
# but never gated, so they are left out of the agreement.
#
# The agreement rule (docs/export.md): a row the gate calls REGRESSED
# (IMPROVED) is never FAST (SLOW) or SAME in either comparator, and at least
# 99% of them are SLOW (FAST); the rest are the comparator's undecided
# (legacy ???? with a zero IQR, robust AMBG). NVBench flags more rows: it has
# no 5% threshold. On the A/A pair both comparators call no state SLOW or FAST
# and the gate refuses the pair as one report.
# Usage: nvbench_comparators.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

legacy=$root/.venv/bin/nvbench-compare-legacy
robust=$root/.venv/bin/nvbench-compare-robust
python=$root/.venv/bin/python
for tool in "$legacy" "$robust"; do
  if [[ ! -x $tool ]]; then
    echo "FAIL: $tool is missing: run tools/setup.sh (it installs cuda-bench[compare]==0.3.0 into .venv)"
    exit 1
  fi
done
h200=$root/results/baselines/h200.csv.gz
h100=$root/results/baselines/h100.csv.gz

"$dotsweep" export "$h200" --nvbench "$scratch/h200.json" >/dev/null 2>"$scratch/err" || fail "export h200: $(cat "$scratch/err")"
"$dotsweep" export "$h100" --nvbench "$scratch/h100.json" >/dev/null 2>"$scratch/err" || fail "export h100: $(cat "$scratch/err")"

zcat "$h100" | sed 's/,NVIDIA H100 80GB HBM3,/,NVIDIA H200,/' >"$scratch/h100-as-h200.csv"
"$dotsweep" gate --baseline "$h200" --current "$scratch/h100-as-h200.csv" --only all --junit "$scratch/gate.xml" \
  >"$scratch/gate.out" 2>"$scratch/gate.err"
status=$?
[[ $status -eq 1 ]] || fail "gate H200 -> H100 exited $status, want 1: $(tail -n 2 "$scratch/gate.out" "$scratch/gate.err")"
expect 2 "are the same report" -- gate --baseline "$h200" --current "$h200" --only all

# Each comparator on the pair (the devices differ: --ignore-devices) and on A/A.
# The legacy script exits with its count of SLOW and FAST states, so only its output is read.
"$legacy" --no-color --ignore-devices "$scratch/h200.json" "$scratch/h100.json" >"$scratch/legacy.out" 2>&1
"$legacy" --no-color "$scratch/h200.json" "$scratch/h200.json" >"$scratch/legacy-aa.out" 2>&1
"$robust" --no-color --ignore-devices "$scratch/h200.json" "$scratch/h100.json" >"$scratch/robust.out" 2>&1 ||
  fail "nvbench-compare-robust on the pair exited $?: $(tail -n 3 "$scratch/robust.out")"
"$robust" --no-color "$scratch/h200.json" "$scratch/h200.json" >"$scratch/robust-aa.out" 2>&1 ||
  fail "nvbench-compare-robust A/A exited $?: $(tail -n 3 "$scratch/robust-aa.out")"

"$python" - "$scratch" "$h200" <<'PY' || failures=$((failures + 1))
import collections, csv, gzip, os, re, sys
import xml.etree.ElementTree as ET
scratch, h200 = sys.argv[1:]
problems = []

def gate_verdicts(path):
    """The gate's verdict per cold (variant, type, n): its JUnit message starts with it."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        *_, type_, n, mode = case.get("classname").split(".")
        if mode != "cold":
            continue
        child = next(iter(case), None)
        message = child.get("message") if child is not None and child.tag in ("failure", "skipped") else (
            child.text if child is not None else "")
        out[(case.get("name"), type_, n[1:])] = message.split(":")[0]
    return out

def nvbench_verdicts(path):
    """Per (benchmark, T, Elements) the status word of the table row; and the summary."""
    out, bench, summary = {}, None, {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("# "):
            bench = line[2:].strip()
        elif line.startswith("|") and bench and not line.startswith("|-") and "Elements" not in line:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            out[(bench, cells[0], cells[1])] = cells[-1].split()[-1]
        m = re.match(r"\s*- (\w+(?: \w+)?)[^:]*:\s*(\d+)$", line)
        if m and not m.group(1).islower():  # not the reasons' lines (snake_case codes)
            summary[m.group(1)] = int(m.group(2))
    if "Total Matches" not in summary:
        problems.append(f"{os.path.basename(path)}: no summary")
    return out, summary

gate = {k: v for k, v in gate_verdicts(os.path.join(scratch, "gate.xml")).items() if k[0] != "floor"}
moved_by_gate = {k: v for k, v in gate.items() if v in ("REGRESSED", "IMPROVED")}
want = {"REGRESSED": "SLOW", "IMPROVED": "FAST"}
opposite = {"REGRESSED": "FAST", "IMPROVED": "SLOW"}
if len(moved_by_gate) < 1000:
    problems.append(f"the gate moved only {len(moved_by_gate)} cold rows between the H200 and the H100")

timed_cold = sum(1 for r in csv.DictReader(gzip.open(h200, "rt", newline=""))
                 if r["mode"] == "cold" and r["median_us"] and (r["correct"] == "1" or r["kind"] == "floor"))
for name in ("legacy", "robust"):
    verdicts, summary = nvbench_verdicts(os.path.join(scratch, f"{name}.out"))
    tally = collections.Counter()
    for key, g in moved_by_gate.items():
        got = verdicts.get(key, "missing")
        tally["agree" if got == want[g] else "opposite" if got == opposite[g] else
              "same" if got == "SAME" else "missing" if got == "missing" else "undecided"] += 1
        if got in (opposite[g], "SAME", "missing"):
            problems.append(f"{name}: {key}: gate {g}, comparator {got}")
    share = tally["agree"] / len(moved_by_gate)
    if share < 0.99:
        problems.append(f"{name}: agrees on {tally['agree']} of the gate's {len(moved_by_gate)} moved rows, want 99%")
    # What the comparator flags beyond the gate.
    beyond = collections.Counter(verdicts.get(k) for k, g in gate.items() if g not in want)
    # The H200 is faster at large n: at 2^28 nearly every row reads SLOW.
    large = [v for (b, t, n), v in verdicts.items() if n == "268435456" and b != "floor"]
    if sum(v == "SLOW" for v in large) < 0.9 * len(large):
        problems.append(f"{name}: {sum(v == 'SLOW' for v in large)} of {len(large)} rows at 2^28 SLOW, want 90%")
    print(f"{name}, H200 -> H100: {dict(summary)}; of the gate's {len(moved_by_gate)} REGRESSED/IMPROVED rows "
          f"{tally['agree']} agree, {tally['undecided']} undecided, {tally['opposite']} opposite, {tally['same']} SAME; "
          f"of its {sum(beyond.values())} other rows {beyond['SLOW']} SLOW and {beyond['FAST']} FAST; "
          f"{sum(v == 'SLOW' for v in large)} of {len(large)} rows at 2^28 SLOW")

    aa, aa_summary = nvbench_verdicts(os.path.join(scratch, f"{name}-aa.out"))
    moved = [k for k, v in aa.items() if v in ("SLOW", "FAST")]
    if moved:
        problems.append(f"{name} A/A: {len(moved)} states SLOW or FAST, e.g. {moved[0]}")
    # Every timed cold state compared: the legacy script skips a state without
    # summaries, the robust one counts it (as unknown).
    states = len(aa)
    if aa_summary.get("Total Matches") != (timed_cold if name == "legacy" else states) or states < timed_cold:
        problems.append(f"{name} A/A compared {aa_summary.get('Total Matches')} states ({states} printed) of "
                        f"{timed_cold} timed cold rows")
    print(f"{name}, A/A: {dict(aa_summary)}; {len(moved)} states SLOW or FAST")

for p in problems[:20]:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY

if [[ $failures -ne 0 ]]; then
  echo "$failures nvbench comparator check(s) failed"
  exit 1
fi
echo "all nvbench comparator checks passed"
