#!/usr/bin/env bash
# --strategy random and halving on quick.toml against the exhaustive sweep:
# the right candidates are measured, context.json records the strategy, and
# (printed for the report, not judged) how often halving's fastest candidate
# is in exhaustive's tie group and how much time halving took. Needs a GPU
# (exit 77 without one).
# Usage: strategy_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if ! "$dotsweep" info >/dev/null 2>&1; then
  echo "skip: no usable GPU (dotsweep info failed)"
  exit 77
fi
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# STRATEGY_SPACE and STRATEGY_SIZES run the same comparison on another space
# (e.g. variants/default.toml with the default sizes, for the issue's report).
space=${STRATEGY_SPACE:-$root/variants/quick.toml}
args=(--space "$space" --sizes "${STRATEGY_SIZES:-4096,2^20+3,2^24}" --mode cold --min-samples 5 --max-samples 30
  --time-budget 0.2 --no-progress)
valid=$("$dotsweep" list --space "$space" | sed -n 's/^# \([0-9]*\) valid.*/\1/p')
run() {  # run NAME ARGS...
  local name=$1
  shift
  "$dotsweep" "${args[@]}" "$@" --out "$scratch/$name" >/dev/null 2>"$scratch/$name.err" ||
    { fail "$name: exit $?"; cat "$scratch/$name.err"; }
}
run exhaustive
run random --strategy random --budget 5
run halving --strategy halving --keep 0.25

python3 - "$scratch" "$valid" <<'PY' || fail "the strategy checks above"
import csv, json, math, sys
d, valid = sys.argv[1], int(sys.argv[2])
def rows(name, f="sweep.csv"): return list(csv.DictReader(open(f"{d}/{name}/{f}")))
def ctx(name): return json.load(open(f"{d}/{name}/context.json"))
def candidates(rs): return {r["variant"] for r in rs if r["kind"] == "candidate"}
ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
ex, rnd, hv = rows("exhaustive"), rows("random"), rows("halving")
all_c = candidates(ex)
check(len(all_c) >= valid, f"exhaustive measured {len(all_c)} candidates (`list` finds {valid} valid within the limits every GPU shares)")
check(len(candidates(rnd)) == 5 and candidates(rnd) <= all_c, f"random --budget 5 measured {sorted(candidates(rnd))}")
check(ctx("random")["options"]["strategy"] == {"name": "random", "budget": 5}, "context.json records random and its budget")
base = lambda rs: {r["variant"] for r in rs if r["kind"] == "baseline"}
check(base(rnd) == base(ex) and base(hv) == base(ex), "every strategy measures all baselines")
h = ctx("halving")
surv = h["strategy_result"]["survivors"]
screen = rows("halving", "screen.csv")
clean = {r["variant"] for r in screen if r["kind"] == "candidate"} - \
        {r["variant"] for r in screen if r["kind"] == "candidate" and (r["correct"] != "1" or not r["median_us"])}
check(len(surv) == math.ceil(0.25 * len(clean)), f"halving kept {len(surv)} = ceil(0.25 x {len(clean)} screened cleanly)")
check(candidates(hv) == set(surv), "halving measured exactly its survivors fully")
check(h["options"]["strategy"]["keep_fraction"] == 0.25 and h["options"]["strategy"]["screen_samples"] == 5,
      "context.json records halving's parameters")
check(candidates(screen) == all_c, "screen.csv holds every candidate")
# Report: is halving's fastest candidate per (type, n, mode) in exhaustive's tie group?
tie = {}
for r in ex:
    if r["kind"] == "candidate" and r["tied_best"] == "1":
        tie.setdefault((r["type"], r["n"], r["mode"]), set()).add(r["variant"])
best = {}
for r in hv:
    if r["kind"] == "candidate" and r["correct"] == "1" and r["median_us"]:
        q = (r["type"], r["n"], r["mode"])
        if q not in best or float(r["median_us"]) < best[q][0]: best[q] = (float(r["median_us"]), r["variant"])
hits = sum(1 for q, (_, v) in best.items() if v in tie.get(q, set()))
wall = lambda c: c["run"]["wall_seconds"]
print(f"REPORT halving winner in exhaustive's tie group: {hits} of {len(best)} questions; "
      f"wall exhaustive {wall(ctx('exhaustive')):.1f} s, halving {wall(h):.1f} s "
      f"(screening {h['strategy_result']['screen_seconds']:.1f} s), random {wall(ctx('random')):.1f} s")
sys.exit(0 if ok else 1)
PY

if [[ $failures -ne 0 ]]; then
  echo "$failures strategy check(s) failed"
  exit 1
fi
echo "all strategy checks passed"
