#!/usr/bin/env bash
# --host-paths on a GPU: a two-variant space (f32, f64) at awkward sizes, cold
# and hot. Every host path row (the GPU from pageable and pinned memory and
# resident, the CPU's BLAS and loop) must be there for both types, correct,
# of kind "host", never ranked and without % of peak; summary.md must carry
# the crossover section and context.json the BLAS it ran; --resume of the
# finished report keeps --host-paths. Needs a GPU (exit 77 without one).
# Usage: host_paths_gpu.sh DOTSWEEP
set -u
dotsweep=$1
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu
export DOTSWEEP_NO_PLOTS=1

cat >"$scratch/space.toml" <<'TOML'
name = "host-paths-test"
[axes]
type = ["f32", "f64"]
block = [256]
items = [4]
vec = [1]
grid = ["cover"]
reduce = ["shuffle"]
finish = ["last_block"]
TOML
sizes=1,4097,2^20+3
"$dotsweep" sweep --space "$scratch/space.toml" --sizes "$sizes" --mode cold,hot --min-samples 5 --max-samples 20 \
  --time-budget 0.1 --no-progress --host-paths --out "$scratch/r" >/dev/null 2>"$scratch/err" ||
  { fail "sweep --host-paths: exit $?"; cat "$scratch/err"; }
python3 - "$scratch/r/sweep.csv" <<'PY' || fail "the host-path rows are not as they should be"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1]))]
host = [r for r in rows if r["kind"] == "host"]
names = ["gpu-from-pageable", "gpu-from-pinned", "gpu-resident", "cpu-blas", "cpu-loop"]
want = {(v, t, n, m) for v in names for t in ("f32", "f64") for n in ("1", "4097", "1048579") for m in ("cold", "hot")}
got = {(r["variant"], r["type"], r["n"], r["mode"]) for r in host}
ok = True
if got != want:
    print("missing:", sorted(want - got)[:5], "extra:", sorted(got - want)[:5]); ok = False
for r in host:
    if r["correct"] != "1" or not r["median_us"]:
        print("not correct and timed:", r["variant"], r["type"], r["n"], r["mode"], r["reason"]); ok = False
    if r["rank"] or r["pct_peak"] or r["speedup_vs_cublas"]:
        print("ranked or given % of peak or a speedup:", r["variant"], r["type"], r["n"], r["mode"]); ok = False
print(f"ok: {len(host)} host-path rows, all correct, none ranked" if ok else "host-path rows wrong")
sys.exit(0 if ok else 1)
PY
grep -q "^## When the GPU pays off" "$scratch/r/summary.md" && echo "ok: summary.md has the crossover section" ||
  fail "summary.md has no crossover section"
grep -q '"cpu_blas"' "$scratch/r/context.json" && echo "ok: context.json names the BLAS" ||
  fail "context.json does not name the BLAS"
"$dotsweep" sweep --resume "$scratch/r" --no-progress >/dev/null 2>"$scratch/resume.err" ||
  fail "--resume: $(cat "$scratch/resume.err")"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); assert c["options"].get("host_paths") is True' \
  "$scratch/r/context.json" && echo "ok: --resume kept --host-paths" || fail "--resume lost --host-paths"
exit $((failures > 0))
