#!/usr/bin/env bash
# `dotsweep export --nvbench` of a report folder with samples.csv.gz: NVBench's
# --jsonbin sidecar files (FILE-bin/K.bin sample times, FILE-freqs-bin/K.bin
# SM clocks, little-endian float32), read by nvbench-compare-robust (PyPI's
# cuda-bench[compare] 0.3.0 in .venv).
#
# The report: the f32 cold rows at 2^26 of results/baselines/h200.csv.gz in a
# report folder, with a samples.csv.gz planted for them (no sweep's samples
# are committed): per row its count of samples spread through the row's own
# min, quartiles and median, at the row's clock, plus one throttled sample
# at twice the median, which the row's statistics dropped. Checks:
#   1. one sample-time file per timed cold row and one clock file per row
#      with a clock; a file holds the row's kept samples in seconds (the
#      throttled one left out) and the clocks in Hz;
#   2. the robust script reads them: A/A, every state with samples is SAME
#      (some of them only through the samples: summaries alone leave them
#      AMBG) and none SLOW or FAST;
#   3. a copy with three rows 10% slower (samples and statistics): the
#      robust script calls exactly those SLOW, and the gate REGRESSED;
#   4. a samples file of another sweep (a row's count differs) and a sidecar
#      folder name taken by a file are refused: exit 2, one line, nothing written.
# Usage: nvbench_bulk.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

robust=$root/.venv/bin/nvbench-compare-robust
python=$root/.venv/bin/python
[[ -x $robust ]] || { echo "FAIL: $robust is missing: run tools/setup.sh"; exit 1; }

mkdir -p "$scratch/base" "$scratch/slow" "$scratch/bare" "$scratch/json"
"$python" - "$root/results/baselines/h200.csv.gz" "$scratch" <<'PY' || { echo "FAIL: could not plant the report folders"; exit 1; }
import csv, gzip, sys
source, scratch = sys.argv[1:]
rows = [r for r in csv.DictReader(gzip.open(source, "rt", newline=""))
        if r["mode"] == "cold" and r["n"] == "67108864" and r["type"] == "f32"]

def spread(r, count):
    """count samples through the row's min, quartiles and median, linearly between them."""
    lo, q1, med, q3 = (float(r[k]) for k in ("min_us", "p25_us", "median_us", "p75_us"))
    knots = [(0, lo), (0.25, q1), (0.5, med), (0.75, q3), (1, q3 + (q3 - q1))]
    out = []
    for i in range(count):
        q = i / (count - 1) if count > 1 else 0.5
        for (qa, va), (qb, vb) in zip(knots, knots[1:]):
            if q <= qb:
                out.append(va + (vb - va) * (q - qa) / (qb - qa))
                break
    return out

def write(folder, rows):
    with open(f"{folder}/sweep.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    # The samples file as the sweep writes it: one gzip member for the header, one per row.
    with open(f"{folder}/samples.csv.gz", "wb") as f:
        f.write(gzip.compress(b"variant,type,n,mode,launches,us,sm_clock_mhz,throttled\n"))
        for r in rows:
            if not r["median_us"]:
                continue
            count, clock = int(r["samples"]), float(r["sm_clock_mhz"] or 0)
            us = spread(r, count) + [2 * float(r["median_us"])]
            clocks = [clock] * count + [clock / 2]
            throttled = [0] * count + [1]
            f.write(gzip.compress(",".join([r["variant"], r["type"], r["n"], r["mode"], r["launches"],
                                            " ".join(repr(v) for v in us), " ".join(repr(c) for c in clocks),
                                            " ".join(map(str, throttled))]).encode() + b"\n"))

write(f"{scratch}/base", rows)
# Three candidates 10% slower: their statistics and their samples.
timed = sorted((r for r in rows if r["kind"] == "candidate" and r["median_us"] and r["correct"] == "1"),
               key=lambda r: float(r["median_us"]))
slowed = {r["variant"] for r in (timed[0], timed[len(timed) // 2], timed[-1])}
slow_rows = [dict(r) for r in rows]
for r in slow_rows:
    if r["variant"] in slowed:
        for col in ("median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us"):
            r[col] = repr(float(r[col]) * 1.10)
        for col in ("gbps", "pct_peak"):
            r[col] = repr(float(r[col]) / 1.10)
write(f"{scratch}/slow", slow_rows)
with open(f"{scratch}/slowed", "w") as f:
    f.write("\n".join(sorted(slowed)) + "\n")
PY
cp "$scratch/base/sweep.csv" "$scratch/bare/"

"$dotsweep" export "$scratch/base/sweep.csv" --nvbench "$scratch/json/base.json" >/dev/null 2>"$scratch/err" ||
  fail "export of the folder with samples: $(cat "$scratch/err")"
"$dotsweep" export "$scratch/slow/sweep.csv" --nvbench "$scratch/json/slow.json" >/dev/null 2>"$scratch/err" ||
  fail "export of the slowed folder: $(cat "$scratch/err")"
"$dotsweep" export "$scratch/bare/sweep.csv" --nvbench "$scratch/json/bare.json" >/dev/null 2>"$scratch/err" ||
  fail "export of the folder without samples: $(cat "$scratch/err")"
[[ ! -e $scratch/json/bare.json-bin ]] || fail "a report without samples.csv.gz got sidecar files"

# 1. The files and what they hold.
"$python" - "$scratch/base/sweep.csv" "$scratch/base/samples.csv.gz" "$scratch/json/base.json" \
  "$scratch/json/bare.json" <<'PY' || failures=$((failures + 1))
import csv, gzip, json, os, sys
import numpy as np
report, samples_path, json_path, bare_path = sys.argv[1:]
problems = []
rows = {(r["variant"], r["type"], r["n"]): r for r in csv.DictReader(open(report, newline=""))}
samples = {}
for line in list(gzip.open(samples_path, "rt"))[1:]:
    variant, type_, n, mode, launches, us, clocks, throttled = line.strip().split(",")
    kept = [i for i, t in enumerate(throttled.split()) if t == "0"]
    samples[(variant, type_, n)] = ([float(us.split()[i]) for i in kept], [float(clocks.split()[i]) for i in kept])
root = json.load(open(json_path))
times = freqs = 0
for bench in root["benchmarks"]:
    for state in bench["states"]:
        key = (bench["name"], state["axis_values"][0]["value"], state["axis_values"][1]["value"])
        tags = {s["tag"]: s for s in state.get("summaries") or []}
        files = {}
        for tag, unit in (("nv/json/bin:nv/cold/sample_times", 1e-6), ("nv/json/freqs-bin:nv/cold/sample_freqs", 1e6)):
            if tag not in tags:
                continue
            data = {d["name"]: d["value"] for d in tags[tag]["data"]}
            path = os.path.join(os.path.dirname(json_path), data["filename"])
            values = np.fromfile(path, dtype="<f4")
            want = np.array(samples[key][0 if unit == 1e-6 else 1]) * unit
            if int(data["size"]) != len(values) or len(values) != int(rows[key]["samples"]):
                problems.append(f"{key} {tag}: size {data['size']}, file {len(values)}, row {rows[key]['samples']}")
            elif not np.array_equal(values, want.astype("<f4")):
                problems.append(f"{key} {tag}: the file's values are not the kept samples")
            files[tag] = data["filename"]
        times += "nv/json/bin:nv/cold/sample_times" in files
        freqs += "nv/json/freqs-bin:nv/cold/sample_freqs" in files
        r = rows.get(key)
        if r and r["median_us"] and key in samples and "nv/json/bin:nv/cold/sample_times" not in files:
            problems.append(f"{key}: a timed row with samples has no sample-time file")
        if r and r["sm_clock_mhz"] and key in samples and "nv/json/freqs-bin:nv/cold/sample_freqs" not in files:
            problems.append(f"{key}: a row with a clock has no clock file")
timed = sum(1 for k, r in rows.items() if r["median_us"] and k in samples)
clocked = sum(1 for k, r in rows.items() if r["median_us"] and r["sm_clock_mhz"] and k in samples)
if (times, freqs) != (timed, clocked):
    problems.append(f"{times} sample-time and {freqs} clock files, want {timed} and {clocked}")
# Without samples.csv.gz the JSON is what it was: no file summaries.
if "nv/json/" in open(bare_path).read():
    problems.append("the export without samples names sidecar files")
print(f"{times} sample-time files, {freqs} clock files; each holds its row's kept samples")
for p in problems[:10]:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
PY

# 2. A/A through the samples; the same pair through the summaries alone.
summary_of() { sed -n 's/^ *- \(Unchanged\|Improvement\|Regression\|Ambiguous\|Unknown\)[^:]*: *\([0-9]*\)$/\1=\2/p' "$1" | tr '\n' ' '; }
"$robust" --no-color "$scratch/json/base.json" "$scratch/json/base.json" >"$scratch/aa.out" 2>&1 || fail "robust A/A exited $?"
"$robust" --no-color "$scratch/json/bare.json" "$scratch/json/bare.json" >"$scratch/aa-bare.out" 2>&1
aa=$(summary_of "$scratch/aa.out") bare=$(summary_of "$scratch/aa-bare.out")
echo "robust A/A with samples: $aa; with summaries alone: $bare"
same=$(sed -n 's/.*Unchanged=\([0-9]*\).*/\1/p' <<<"$aa") same_bare=$(sed -n 's/.*Unchanged=\([0-9]*\).*/\1/p' <<<"$bare")
with_samples=$(ls "$scratch/json/base.json-bin" | wc -l)
[[ $aa == *"Improvement=0 Regression=0 Ambiguous=0 "* && $same -eq $with_samples ]] ||
  fail "robust A/A with samples: $aa (want every one of the $with_samples states with samples SAME)"
[[ $same -gt $same_bare ]] || fail "the samples decided nothing the summaries did not: SAME $same with, $same_bare without"

# 3. The slowed rows, and only they, are SLOW; the gate agrees.
"$robust" --no-color "$scratch/json/base.json" "$scratch/json/slow.json" >"$scratch/slow.out" 2>&1 || fail "robust on the slowed copy exited $?"
slow=$(awk '/^# /{bench=$2} /SLOW/{print bench}' "$scratch/slow.out" | sort -u)
[[ $slow == "$(cat "$scratch/slowed")" ]] && echo "ok: robust calls SLOW exactly the 3 slowed rows" ||
  fail "robust SLOW rows: $(tr '\n' ' ' <<<"$slow"), want $(tr '\n' ' ' <"$scratch/slowed")"
"$dotsweep" gate --baseline "$scratch/base/sweep.csv" --current "$scratch/slow/sweep.csv" --only all >"$scratch/gate.out" 2>&1
regressed=$(awk '/^REGRESSED/{print $2}' "$scratch/gate.out" | sort -u)
[[ $regressed == "$(cat "$scratch/slowed")" ]] && echo "ok: the gate calls REGRESSED the same 3 rows" ||
  fail "gate REGRESSED rows: $(tr '\n' ' ' <<<"$regressed")"

# 4. Refusals: nothing written.
mkdir "$scratch/other"
cp "$scratch/base/sweep.csv" "$scratch/other/"
# The second row with one kept sample fewer than its samples column.
"$python" - "$scratch/base/samples.csv.gz" "$scratch/other/samples.csv.gz" <<'PY'
import gzip, sys
lines = list(gzip.open(sys.argv[1], "rt"))
f = lines[2].rstrip("\n").split(",")
for i in (5, 6, 7):
    f[i] = " ".join(f[i].split()[1:])  # one kept sample fewer
lines[2] = ",".join(f) + "\n"
with open(sys.argv[2], "wb") as out:
    for line in lines:
        out.write(gzip.compress(line.encode()))
PY
expect 2 "the samples file is another sweep's" -- export "$scratch/other/sweep.csv" --nvbench "$scratch/json/other.json"
[[ ! -e $scratch/json/other.json && ! -e $scratch/json/other.json-bin ]] || fail "a refused export left files"
touch "$scratch/json/taken.json-bin"
expect 2 "taken.json-bin: exists and is not a folder" -- export "$scratch/base/sweep.csv" --nvbench "$scratch/json/taken.json"
[[ ! -e $scratch/json/taken.json ]] || fail "a refused export left its JSON"

if [[ $failures -ne 0 ]]; then
  echo "$failures nvbench bulk check(s) failed"
  exit 1
fi
echo "all nvbench bulk checks passed"
