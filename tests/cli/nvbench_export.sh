#!/usr/bin/env bash
# `dotsweep export --nvbench`: NVBench's own comparison script
# (nvbench-compare-legacy from PyPI's cuda-bench[compare], which tools/setup.sh
# installs into .venv) reads two exported real reports and agrees with
# `dotsweep gate` on the rows where a change was planted.
#
# Reports: tests/fixtures/reports/h200-2026-11-30-default-cold.csv.gz (the
# baseline) and a copy of h200-2026-11-30-default-cold-top.csv.gz (the same
# default cold sweep run again right after) with planted changes at 2^26,
# cold: the fastest f32, f16 and bf16 candidate and cuBLAS f32 10% slower
# (median, quartiles, minimum and interval x 1.10), the fastest f64
# candidate 10% faster (x 0.90).
#
# How the verdicts map: the gate's REGRESSED is NVBench's SLOW and IMPROVED is
# FAST. NVBench calls a state SLOW when its time grew by more than the smaller
# of the two relative noises (the export's nv/cold/time/gpu/stdev/relative);
# the gate also wants 5% and intervals apart by the noise floor. So NVBench
# flags more; the checks are
#   1. every planted row: the gate and NVBench give the planted verdict;
#   2. every row the gate calls REGRESSED (IMPROVED) NVBench calls SLOW (FAST);
#   3. NVBench's Ref and Cmp times of the planted rows are the reports'
#      medians (the export's unit), and it compared every (variant, type, n)
#      timed cold in both reports, correct or the launch floor (nothing lost).
# Usage: nvbench_export.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

compare=$root/.venv/bin/nvbench-compare-legacy
python=$root/.venv/bin/python
if [[ ! -x $compare ]]; then
  echo "FAIL: $compare is missing: run tools/setup.sh (it installs cuda-bench[compare] into .venv)"
  exit 1
fi
base=$root/tests/fixtures/reports/h200-2026-11-30-default-cold.csv.gz
again=$root/tests/fixtures/reports/h200-2026-11-30-default-cold-top.csv.gz

# The planted copy, and the planted keys with the verdict each must get.
"$python" - "$again" "$scratch/planted.csv" "$scratch/planted.keys" <<'PY'
import csv, gzip, sys
source, out, keys = sys.argv[1:]
rows = list(csv.DictReader(gzip.open(source, "rt", newline="")))
n = "67108864"
def fastest(type_, variant=None):
    group = [r for r in rows if r["type"] == type_ and r["n"] == n and r["mode"] == "cold" and r["correct"] == "1"
             and r["median_us"] and (r["variant"] == variant if variant else r["kind"] == "candidate")]
    return min(group, key=lambda r: float(r["median_us"]))
plants = [(fastest("f32"), 1.10, "REGRESSED"), (fastest("f16"), 1.10, "REGRESSED"), (fastest("bf16"), 1.10, "REGRESSED"),
          (fastest("f32", "cublas"), 1.10, "REGRESSED"), (fastest("f64"), 0.90, "IMPROVED")]
with open(keys, "w") as k:
    for row, factor, verdict in plants:
        for col in ("median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us"):
            row[col] = repr(float(row[col]) * factor)
        for col in ("gbps", "pct_peak"):
            if row[col]: row[col] = repr(float(row[col]) / factor)
        k.write(f"{row['variant']},{row['type']},{row['n']},{verdict}\n")
with open(out, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
[[ -s $scratch/planted.keys ]] || { echo "FAIL: could not plant the changes"; exit 1; }

"$dotsweep" export "$base" --nvbench "$scratch/ref.json" >/dev/null 2>"$scratch/err" || fail "export of the baseline: $(cat "$scratch/err")"
"$dotsweep" export "$scratch/planted.csv" --nvbench "$scratch/cmp.json" >/dev/null 2>"$scratch/err" ||
  fail "export of the planted report: $(cat "$scratch/err")"
"$dotsweep" export "$base" --nvbench "$scratch/ref-again.json" >/dev/null 2>&1
cmp -s "$scratch/ref.json" "$scratch/ref-again.json" && echo "ok: the same report exports to the same bytes" ||
  fail "exporting the same report twice gave two files"

"$dotsweep" gate --baseline "$base" --current "$scratch/planted.csv" --only all --junit "$scratch/gate.xml" \
  >"$scratch/gate.out" 2>"$scratch/gate.err"
status=$?
[[ $status -eq 1 ]] || fail "gate exited $status, want 1 (planted regressions): $(tail -n 3 "$scratch/gate.out" "$scratch/gate.err")"

"$compare" --no-color "$scratch/ref.json" "$scratch/cmp.json" >"$scratch/nvbench.out" 2>"$scratch/nvbench.err"
grep -q '^# Summary' "$scratch/nvbench.out" || {
  fail "nvbench-compare-legacy did not finish:"
  tail -n 20 "$scratch/nvbench.out" "$scratch/nvbench.err"
}

"$python" - "$scratch/gate.xml" "$scratch/nvbench.out" "$scratch/planted.keys" "$base" "$scratch/planted.csv" <<'PY' ||
import csv, gzip, re, sys
import xml.etree.ElementTree as ET
gate_xml, nvbench_out, planted_keys, base_path, planted_path = sys.argv[1:]
problems = []

# The gate's verdict per cold (variant, type, n): the JUnit message starts with it.
gate = {}
for case in ET.parse(gate_xml).getroot().iter("testcase"):
    _, _, type_, n, mode = case.get("classname").split(".")
    if mode != "cold": continue
    child = next(iter(case))
    message = child.get("message") if child.tag in ("failure", "skipped") else child.text
    gate[(case.get("name"), type_, n[1:])] = message.split(":")[0]

# NVBench's verdict and times per (variant, type, n): "# <benchmark>" then a table.
units = {"s": 1e6, "ms": 1e3, "us": 1.0}
def micros(cell):
    value, unit = cell.split()
    return float(value) * units[unit]
nvbench, bench, matches = {}, None, None
for line in open(nvbench_out, encoding="utf-8"):
    if line.startswith("# "):
        bench = line[2:].strip()
    elif line.startswith("|") and bench and not line.startswith("|-") and "Ref Time" not in line:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        type_, n, ref_time, _, cmp_time, _, _, _, status = cells
        nvbench[(bench, type_, n)] = (status.split()[-1], micros(ref_time), micros(cmp_time))
    m = re.match(r"- Total Matches: (\d+)", line)
    if m: matches = int(m.group(1))

def medians(path):
    opener = gzip.open if path.endswith(".gz") else open
    return {(r["variant"], r["type"], r["n"]): float(r["median_us"])
            for r in csv.DictReader(opener(path, "rt", newline=""))
            if r["mode"] == "cold" and (r["correct"] == "1" or r["kind"] == "floor") and r["median_us"]}
base, planted = medians(base_path), medians(planted_path)

# 1. The planted rows.
mapping = {"REGRESSED": "SLOW", "IMPROVED": "FAST"}
for line in open(planted_keys):
    variant, type_, n, want = line.strip().split(",")
    key = (variant, type_, n)
    if gate.get(key) != want: problems.append(f"planted {key}: gate says {gate.get(key)}, want {want}")
    got = nvbench.get(key)
    if not got or got[0] != mapping[want]:
        problems.append(f"planted {key}: NVBench says {got[0] if got else 'nothing'}, want {mapping[want]}")
        continue
    # 3. Its times are the reports' medians (printed to 3 decimals).
    for side, value, report in (("Ref", got[1], base), ("Cmp", got[2], planted)):
        if abs(value - report[key]) > 5e-4 * max(1.0, report[key]):
            problems.append(f"planted {key}: NVBench's {side} Time {value} us, the report's median {report[key]} us")
    print(f"planted {key}: gate {want}, NVBench {got[0]}, {got[1]:.3f} -> {got[2]:.3f} us")

# 2. Every gate REGRESSED / IMPROVED row is SLOW / FAST in NVBench.
flagged = {k: v for k, v in gate.items() if v in mapping}
for key, verdict in sorted(flagged.items()):
    got = nvbench.get(key)
    if not got or got[0] != mapping[verdict]:
        problems.append(f"{key}: gate {verdict}, NVBench {got[0] if got else 'nothing'}")
print(f"gate flagged {len(flagged)} cold rows; NVBench agrees on each")

# 3. Every (variant, type, n) timed cold and correct in both reports was compared.
both = len(set(base) & set(planted))
if matches != both: problems.append(f"NVBench compared {matches} states, the reports share {both} timed cold rows")
if len(nvbench) != both: problems.append(f"NVBench printed {len(nvbench)} rows, want {both}")
print(f"NVBench compared {matches} states")
for p in problems: print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY
  failures=$((failures + 1))

# Bad input: one line, exit 2, nothing written.
expect 2 "takes one report" -- export "$base" "$again" --nvbench "$scratch/two.json"
expect 2 "needs --header FILE" -- export "$base"
expect 2 "does not exist" -- export "$base" --nvbench "$scratch/nowhere/out.json"
zcat "$base" | head -1 >"$scratch/header-only.csv"
expect 2 "no rows" -- export "$scratch/header-only.csv" --nvbench "$scratch/out.json"
# A report cut to the gate's columns has no quartiles: the comparators would match nothing.
expect 2 "no quartiles (p25_us, p75_us) in any timed cold row" -- \
  export "$root/tests/fixtures/sweeps/2026-12-01-back-to-back/run1.csv.gz" --nvbench "$scratch/out.json"
# Hot rows alone: the comparators read cold timings only.
"$python" - "$root/results/baselines/h200.csv.gz" "$scratch/hot.csv" "$scratch/mixed.csv" <<'PY'
import csv, gzip, sys
rows = list(csv.DictReader(gzip.open(sys.argv[1], "rt", newline="")))
def write(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
write(sys.argv[2], [r for r in rows if r["mode"] == "hot"])
# Three timed cold rows lose their quartiles; the rest keep them.
cold = [r for r in rows if r["mode"] == "cold"]
for r in [r for r in cold if r["median_us"]][:3]:
    r["p25_us"] = r["p75_us"] = ""
write(sys.argv[3], cold)
PY
expect 2 "no timed cold row" -- export "$scratch/hot.csv" --nvbench "$scratch/out.json"
[[ ! -e $scratch/two.json && ! -e $scratch/out.json ]] || fail "a refused export left a file"
# Some rows without quartiles: exported, and one line says how many.
expect 0 "mixed.csv: 3 of 14213 timed cold rows have no quartiles" -- export "$scratch/mixed.csv" --nvbench "$scratch/mixed.json"
[[ -s $scratch/mixed.json ]] || fail "the export with some rows lacking quartiles wrote nothing"

if [[ $failures -ne 0 ]]; then
  echo "$failures nvbench export check(s) failed"
  exit 1
fi
echo "all nvbench export checks passed"
