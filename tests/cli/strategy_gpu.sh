#!/usr/bin/env bash
# --strategy random and halving on quick.toml against the exhaustive sweep:
# the right candidates are measured, context.json records the strategy, and
# halving's pick is good enough: at every (type, n, mode) exhaustive ranks,
# halving's fastest candidate is, in exhaustive's own measurement, in
# exhaustive's tie group or within 5% of its fastest median (the gate's
# default threshold, under which two medians are the SAME). Judged on
# exhaustive's numbers so that run-to-run noise between the two sweeps
# cannot fail a good pick; the time halving took is printed for the report,
# not judged. Needs a GPU (exit 77 without one).
# Usage: strategy_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

# STRATEGY_SPACE and STRATEGY_SIZES run the same comparison on another space.
# The full report (halving against exhaustive on the default space) in
# about five minutes on an H200: STRATEGY_REPORT=1, which takes
# variants/default.toml at 2^16,2^20+3,2^24 unless those two say otherwise.
# --counters off: counters are not compared here, and another profiler on the
# GPU must not change the outcome.
if [[ -n ${STRATEGY_REPORT:-} ]]; then
  space=${STRATEGY_SPACE:-$root/variants/default.toml}
  sizes=${STRATEGY_SIZES:-2^16,2^20+3,2^24}
else
  space=${STRATEGY_SPACE:-$root/variants/quick.toml}
  sizes=${STRATEGY_SIZES:-4096,2^20+3,2^24}
fi
args=(--space "$space" --sizes "$sizes" --mode cold --min-samples 5 --max-samples 30 --time-budget 0.2 --no-progress
  --counters off)
valid=$("$dotsweep" list --space "$space" --arch "$(device_arch)" | sed -n 's/^# \([0-9]*\) valid.*/\1/p')
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
# Baselines are per type (the f32 seed kernel has no other type), and a random
# sample may miss a type: each strategy measures every baseline of the types
# it measures candidates of.
base = lambda rs: {(r["variant"], r["type"]) for r in rs if r["kind"] == "baseline"}
types = lambda rs: {r["type"] for r in rs if r["kind"] == "candidate"}
of_types = lambda bs, ts: {b for b in bs if b[1] in ts}
check(of_types(base(rnd), types(rnd)) == of_types(base(ex), types(rnd)) and base(hv) == base(ex),
      f"every strategy measures the baselines of its types (random: {sorted(types(rnd))})")
h = ctx("halving")
surv = h["strategy_result"]["survivors"]
screen = rows("halving", "screen.csv")
clean = {r["variant"] for r in screen if r["kind"] == "candidate"} - \
        {r["variant"] for r in screen if r["kind"] == "candidate" and (r["correct"] != "1" or not r["median_us"])}
# Survivors: each type's best ceil(0.25 x its clean candidates) by score, and
# every screened question's fastest clean candidate.
winners = {}
for r in screen:
    if r["kind"] == "candidate" and r["variant"] in clean:
        q = (r["type"], r["n"], r["mode"])
        winners[q] = min(winners.get(q, (float("inf"), "")), (float(r["median_us"]), r["variant"]))
won = {v for _, v in winners.values()}
check(won <= set(surv), f"halving kept each of the {len(winners)} screened questions' fastest ({sorted(won)})")
n_types = len({r["type"] for r in screen if r["kind"] == "candidate" and r["variant"] in clean})
check(math.ceil(0.25 * len(clean)) <= len(surv) <= 0.25 * len(clean) + n_types + len(won),
      f"halving kept {len(surv)}: the best quarter of {len(clean)} screened cleanly, per type, and the winners")
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
# Halving's quality, on exhaustive's measurements (see the top of this file).
SAME_PCT = 5.0
ex_median = {(r["type"], r["n"], r["mode"], r["variant"]): float(r["median_us"])
             for r in ex if r["kind"] == "candidate" and r["correct"] == "1" and r["median_us"]}
ex_best = {}
for (t, n, m, v), med in ex_median.items():
    ex_best[(t, n, m)] = min(med, ex_best.get((t, n, m), float("inf")))
# The questions halving answers: the types it kept survivors of (every type
# with a cleanly screened candidate).
asked = {q for q in ex_best if q[0] in {r["type"] for r in hv if r["kind"] == "candidate"}}
check(bool(asked) and asked <= set(best), f"halving names a fastest candidate at each of the {len(asked)} (type, n, mode) it measured")
for q in sorted(asked & set(best)):
    v = best[q][1]
    med = ex_median.get(q + (v,))
    near = med is not None and med <= ex_best[q] * (1 + SAME_PCT / 100)
    check(v in tie.get(q, set()) or near,
          f"{q}: halving's fastest {v} is in exhaustive's tie group or within {SAME_PCT:g}% of its best "
          f"(exhaustive measured it at {med if med is not None else 'no correct time'} us, best {ex_best[q]} us)")
# Time: whole wall time, and without the wait for NVRTC (the first run
# compiles every kernel, the later ones find the cubin cache warm).
wall = lambda c: c["run"]["wall_seconds"]
work = lambda c: c["run"]["wall_seconds"] - c["run"]["compile_wait_seconds"]
ec, hc = ctx("exhaustive"), h
saved = 1 - work(hc) / work(ec) if work(ec) > 0 else float("nan")
print(f"REPORT space {ec['space']['name'] if isinstance(ec.get('space'), dict) else '?'}, {len(all_c)} candidates, "
      f"sizes {sorted({int(r['n']) for r in ex})}: halving (keep 0.25) winner in exhaustive's tie group: "
      f"{hits} of {len(best)} (type, n, mode); wall time saved: {100 * saved:.0f}% "
      f"(exhaustive {wall(ec):.1f} s, {work(ec):.1f} s past compiling; halving {wall(hc):.1f} s, {work(hc):.1f} s "
      f"past compiling, of which screening {hc['strategy_result']['screen_seconds']:.1f} s; "
      f"random --budget 5 {wall(ctx('random')):.1f} s)")
for q, (_, v) in sorted(best.items()):
    if v not in tie.get(q, set()):
        print(f"  miss {q}: halving's fastest {v}, exhaustive's tie group {sorted(tie.get(q, set()))}")
sys.exit(0 if ok else 1)
PY

if [[ $failures -ne 0 ]]; then
  echo "$failures strategy check(s) failed"
  exit 1
fi
echo "all strategy checks passed"
