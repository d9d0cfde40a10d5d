#!/usr/bin/env bash
# `dotsweep distributed`: the dot product split across the host's GPUs and
# one NCCL all-reduce, per GPU count against one GPU. On every GPU the
# runtime sees (one is enough): both local methods, both types, every row
# checked correct and timed, one GPU's scaling against itself exactly 1,
# distributed.md's tables; with two or more GPUs the G = 2 rows too. A size
# --devices index the host lacks and more GPUs than --devices gives are refused.
# NCCL comes from $DOTSWEEP_NCCL, the toolkit's lib/, or PyPI's nvidia-nccl
# package. Needs a GPU (exit 77 without one, or without NCCL).
# Usage: distributed_gpu.sh DOTSWEEP
set -u
dotsweep=$1
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

if [[ -z ${DOTSWEEP_NCCL:-} ]]; then
  for candidate in /usr/local/cuda/lib/libnccl.so.2 /usr/local/cuda/lib64/libnccl.so.2 \
    "$(python3 -c 'import importlib.util, os; s = importlib.util.find_spec("nvidia.nccl"); print(os.path.join(list(s.submodule_search_locations)[0], "lib", "libnccl.so.2"))' 2>/dev/null)"; do
    [[ -n $candidate && -e $candidate ]] && { export DOTSWEEP_NCCL=$candidate; break; }
  done
fi
[[ -n ${DOTSWEEP_NCCL:-} ]] || ldconfig -p 2>/dev/null | grep -q libnccl.so.2 || skip "no NCCL (set DOTSWEEP_NCCL)"

expect 2 "--devices: this host has no GPU 999" -- distributed --devices 0,999 --out "$scratch/none"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
expect 2 "--gpus 1,2: 2 GPUs, but --devices 0 gives 1" -- distributed --devices 0 --gpus 1,2 --out "$scratch/none"
[[ -e "$scratch/none" ]] && fail "a refused distributed run left its --out folder behind"

counts=1
((gpus >= 2)) && counts=1,2
"$dotsweep" distributed --gpus "$counts" --sizes 4097,2^20 --types f32,f64 --max-samples 40 --out "$scratch/d" \
  >"$scratch/d.out" 2>"$scratch/d.err" || { fail "distributed --gpus $counts: exit $?"; cat "$scratch/d.err"; }

python3 - "$scratch/d" "$counts" <<'PY' || fail "the checks above"
import csv, sys
d, counts = sys.argv[1], [int(c) for c in sys.argv[2].split(",")]
ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
rows = list(csv.DictReader(open(d + "/distributed.csv")))
keys = sorted((r["type"], int(r["gpus"]), r["local"], int(r["n"])) for r in rows)
want = sorted((t, g, l, n) for t in ("f32", "f64") for g in counts for l in ("tuned", "cublas") for n in (4097, 1 << 20))
check(keys == want, f"one row per type, GPU count, local method and size ({len(rows)} rows)")
check(all(r["correct"] == "1" and r["reason"] == "" for r in rows),
      "every row checked correct (" + "; ".join(r["reason"] for r in rows if r["correct"] != "1") + ")")
check(all(float(r["ci_lo_us"]) <= float(r["median_us"]) <= float(r["ci_hi_us"]) and float(r["median_us"]) > 1 for r in rows),
      "every row timed: lo <= median <= hi, above 1 us")
check(all(float(r["rel_err"]) <= float(r["err_bound"]) for r in rows), "rel_err within err_bound everywhere")
one = [r for r in rows if r["gpus"] == "1"]
check(all(r["speedup_vs_1gpu"] == "1" for r in one), "one GPU against itself: exactly 1")
more = [r for r in rows if r["gpus"] != "1"]
check(all(r["speedup_vs_1gpu"] != "" for r in more), f"every multi-GPU row has its scaling ({len(more)} rows)")
md = open(d + "/distributed.md").read()
check(md.startswith("# The dot product split across GPUs") and "## f64, local dot: cublas" in md and "NCCL 2." in md,
      "distributed.md: the tables and the NCCL version")
sys.exit(0 if ok else 1)
PY
cat "$scratch/d/distributed.md"

if [[ $failures -ne 0 ]]; then
  echo "$failures distributed check(s) failed"
  exit 1
fi
echo "all distributed checks passed"
