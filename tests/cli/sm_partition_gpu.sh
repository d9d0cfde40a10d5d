#!/usr/bin/env bash
# --sms: a sweep on a partition of the GPU's SMs (a CUDA green context).
# `info --sms` prints the partition made; more SMs than the GPU has is
# refused (exit 2); a tiny space swept on the whole GPU and at --sms 16: the
# partition's report names 16 SMs (gpu and sms columns, context.json,
# summary.md), % peak is of the partition's own read ceiling, the persistent
# grid is sized from 16 SMs, every row is correct, and reading DRAM is
# measurably slower on 16 SMs than on all. Needs a GPU (exit 77 without one).
# Usage: sm_partition_gpu.sh DOTSWEEP [SOURCE_ROOT] (the space is written here)
set -u
dotsweep=$1
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

expect 2 "has [0-9]* SMs; accepted: 1\.\." -- info --sms 1000000
expect 2 "has [0-9]* SMs; accepted: 1\.\." -- --sizes 4096 --sms 1000000 --out "$scratch/refused"
[[ -e "$scratch/refused" ]] && fail "a refused --sms left its --out folder behind"

"$dotsweep" info --sms 16 >"$scratch/info" 2>&1 || { fail "info --sms 16: exit $?"; cat "$scratch/info"; }
grep -q "partition: 16 of [0-9]* SMs for --sms 16" "$scratch/info" || { fail "info --sms 16 names no 16-SM partition"; cat "$scratch/info"; }
"$dotsweep" info --sms 9 >"$scratch/info9" 2>&1 || fail "info --sms 9: exit $?"
grep "partition:" "$scratch/info9" || fail "info --sms 9 printed no partition"

# Two f32 variants: a cover grid and a persistent one (2 waves of resident
# blocks per SM), at a size whose tiles outnumber both grids.
cat >"$scratch/partition.toml" <<'TOML'
name = "partition"
description = "a cover and a persistent grid, for --sms"
[axes]
type = ["f32"]
block = [256]
items = [4]
vec = [4]
grid = ["cover", "persistent:2"]
reduce = ["shuffle"]
finish = ["two_pass"]
TOML
args=(--space "$scratch/partition.toml" --sizes "4096,2^24" --mode "cold,hot" --min-samples 5 --max-samples 30
  --time-budget 0.2 --no-progress)
"$dotsweep" "${args[@]}" --out "$scratch/all" >/dev/null 2>"$scratch/all.err" || { fail "whole GPU: exit $?"; cat "$scratch/all.err"; }
"$dotsweep" "${args[@]}" --sms 16 --out "$scratch/p16" >/dev/null 2>"$scratch/p16.err" || { fail "--sms 16: exit $?"; cat "$scratch/p16.err"; }

# `dotsweep report` renders the sweep's own files again from its sweep.csv and context.json.
DOTSWEEP_NO_PLOTS=1 "$dotsweep" report "$scratch/p16" -o "$scratch/p16-again" >/dev/null 2>"$scratch/again.err" ||
  { fail "report of the --sms 16 sweep: exit $?"; cat "$scratch/again.err"; }
for f in summary.md best.csv; do
  cmp -s "$scratch/p16/$f" "$scratch/p16-again/$f" || fail "dotsweep report of the --sms 16 sweep: $f differs from the sweep's"
done

python3 - "$scratch" <<'PY' || fail "the partition checks above"
import csv, json, sys
d = sys.argv[1]
ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
rows = lambda name: list(csv.DictReader(open(f"{d}/{name}/sweep.csv")))
ctx = lambda name: json.load(open(f"{d}/{name}/context.json"))
whole, part = ctx("all"), ctx("p16")
gpu, gpu_sms = whole["device"]["name"], whole["device"]["sms"]
p = part.get("partition", {})
check(p.get("sms_requested") == 16 and p.get("sms") == 16 and p.get("gpu_sms") == gpu_sms,
      f"context.json partition: {p.get('sms_requested')} asked, {p.get('sms')} made, of {p.get('gpu_sms')}")
check("partition" not in whole, "the whole GPU's context.json has no partition")
name = f"{gpu} [16 of {gpu_sms} SMs]"
check(part["device"]["name"] == name and part["device"]["sms"] == 16, f"context.json device: {part['device']['name']}")
pr, wr = rows("p16"), rows("all")
check(all(r["gpu"] == name and r["sms"] == "16" for r in pr), f"every --sms 16 row says gpu '{name}', sms 16")
check(all(r["gpu"] == gpu and r["sms"] == str(gpu_sms) for r in wr), f"every whole-GPU row says gpu '{gpu}', sms {gpu_sms}")
# The seed kernel as written is wrong by design above one block (docs/measuring.md).
judged = [r for r in pr + wr if r["kind"] != "floor" and r["variant"] != "seed-as-written"]
check(all(r["correct"] == "1" for r in judged),
      "every row is correct on both (" + ", ".join(sorted({r["variant"] for r in judged if r["correct"] != "1"})) + ")")
ceiling = part["read_ceiling"]["gbps"]
check(p.get("peak_gbps") == ceiling and all(abs(float(r["peak_gbps"]) - ceiling) < 1e-6 * ceiling for r in pr),
      f"the partition's peak is its read ceiling, {ceiling:.0f} GB/s (whole GPU: {whole['read_ceiling']['gbps']:.0f} "
      f"measured, {whole['device']['peak_gbps']:.0f} theoretical)")
timed = [r for r in pr if r["gbps"] and r["pct_peak"]]
check(timed and all(abs(float(r["pct_peak"]) - 100 * float(r["gbps"]) / ceiling) < 1e-3 * float(r["pct_peak"]) + 1e-9
                    for r in timed), "pct_peak on the partition is gbps over its read ceiling")
summary = open(f"{d}/p16/summary.md").read()
opening = summary.split("## What to use")[0]
check(summary.startswith("# dotsweep report: ") and f"Measured on a partition of 16 of the {gpu_sms} SMs" in opening,
      "summary.md opens with the context and the partition")
check("--sms" in part.get("command", []) and "| command | `" in opening and "--sms 16" in opening,
      "context.json records the command as typed, and summary.md shows it")
check(part.get("run", {}).get("planned_candidates") == {"f32": 2}, "context.json records the 2 planned candidates")
def grid(rs, grid_kind):
    return {int(r["grid_blocks"]) for r in rs if r["kind"] == "candidate" and r["grid"].startswith(grid_kind) and r["n"] == str(1 << 24)}
gp, gw = grid(pr, "persistent"), grid(wr, "persistent")
check(len(gp) == 1 and len(gw) == 1 and next(iter(gp)) * gpu_sms == next(iter(gw)) * 16,
      f"the persistent grid is sized from the SMs it runs on: {gp} blocks on 16 SMs, {gw} on {gpu_sms}")
check(grid(pr, "cover") == grid(wr, "cover"), f"the cover grid is not: {grid(pr, 'cover')} blocks on both")
# DRAM reads: the partition's read ceiling and a bandwidth-bound row (2^24
# f32, 128 MiB, cold) are slower on 16 SMs. How much slower is the GPU's own
# affair: 16 SMs read 30% of the whole GPU's ceiling on an H200 (1281 against
# 4333 GB/s) and 67% on an H100 (2152 against 3197 GB/s), where rows took
# 1.48-2.86x as long. So the bounds only ask for a gap that no unconfined
# launch shows: on the whole GPU, 80% of 2^24 rows of one sweep are within
# 1% of the next sweep's.
ratio = ceiling / whole["read_ceiling"]["gbps"]
check(ratio < 0.85, f"read ceiling on 16 SMs is {100 * ratio:.0f}% of the whole GPU's")
# Hot mode launches captured graphs on the partition's stream: they too must
# stay on its SMs.
med = lambda rs, v, mode: next(float(r["median_us"]) for r in rs
                               if r["variant"] == v and r["n"] == str(1 << 24) and r["mode"] == mode)
cover = next(r["variant"] for r in pr if r["kind"] == "candidate" and ".cover" in r["variant"])
for v, mode in ((cover, "cold"), (cover, "hot"), ("cublas", "cold"), ("cub", "cold"), ("thrust", "cold")):
    slower = med(pr, v, mode) / med(wr, v, mode)
    check(slower > 1.2, f"{v} ({mode}) at n=2^24 takes {slower:.2f}x as long on 16 SMs")
sys.exit(0 if ok else 1)
PY

if [[ $failures -ne 0 ]]; then
  echo "$failures partition check(s) failed"
  exit 1
fi
echo "all partition checks passed"
