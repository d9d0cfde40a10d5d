#!/usr/bin/env bash
# tools/slurm on a real one-node Slurm started here (local_cluster.sh): the
# array of tools/slurm/submit.sh, 3 shards on 3 (fake) GPUs, each compiling
# its slice of a small space (`dotsweep list --shard i/3 --compile`, no GPU)
# and leaving the report its sweep would have written, cut from the H200
# baseline (sweep_standin.sh); shard 2 stops once and is requeued and resumed;
# then the dependent merge job's report must hold the baseline's rows.
# Needs root, slurm-wlm and munge (exit 77 without them).
# Usage: slurm_array.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")
root=$(realpath "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/local_cluster.sh"
work=$(mktemp -d)
started=$SECONDS
finish() {
  cluster_stop
  rm -rf "$work"
}
trap finish EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cluster_start "$work/cluster"
status=$?
[[ $status -eq 77 ]] && exit 77
[[ $status -ne 0 ]] && exit 1
echo "ok: one-node Slurm up after $((SECONDS - started)) s"

cat >"$work/small.toml" <<'TOML'
name = "slurm-test"
[axes]
type = ["f32", "f64"]
block = [256]
items = [4]
vec = [1]
grid = ["cover"]
reduce = ["shuffle"]
finish = ["two_pass"]
TOML
base="$root/results/baselines/h200"
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["space"]["text"], end="")' "$base.context.json" \
  >"$work/baseline_space.toml"
python3 -c 'import json,sys; print(",".join(map(str, json.load(open(sys.argv[1]))["options"]["sizes"])))' \
  "$base.context.json" >"$work/baseline_sizes"

export DOTSWEEP_NO_PLOTS=1  # the merge job's plots would take most of its time
export DOTSWEEP="$here/sweep_standin.sh" STANDIN_DOTSWEEP="$dotsweep" STANDIN_ROOT="$root" STANDIN_WORK="$work"
out="$work/reports"
submitted_at=$(date +%T)
submitted=$("$root/tools/slurm/submit.sh" 3 "$out" --mode cold,hot) || { fail "submit.sh failed"; exit 1; }
echo "ok: $submitted"
merge_job=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<<"$submitted")
# Wait for the merge job to leave the queue (it ran, or was cancelled when a shard failed).
for ((waited = 0; waited < 400; waited += 2)); do
  squeue -h -j "$merge_job" 2>/dev/null | grep -q . || break
  sleep 2
done
squeue -h | grep -q . && { fail "jobs still queued after $waited s:"; squeue; }

echo "--- calls (submitted at $submitted_at, merge done at $(date -r "$out/merge.log" +%T 2>/dev/null))"; cat "$work/calls.log"
grep -q "sweep shard 2/3 resumed=1" "$work/calls.log" || fail "shard 2 was not resumed after its stop"
grep -q "sweep shard 2/3 resumed=0" "$work/calls.log" || fail "shard 2 did not stop first"
for i in 1 3; do
  [[ $(grep -c "sweep shard $i/3" "$work/calls.log") -eq 1 ]] || fail "shard $i ran other than once"
done
for i in 1 2 3; do
  grep -q "# .* 0 failed to compile" "$work/compile-$i.log" || fail "shard $i's compile: $(tail -n 1 "$work/compile-$i.log")"
done
if [[ -f $out/merged/sweep.csv ]]; then
  # Every measured value (rank and tied_best, the first two columns, are ranked anew).
  zcat "$base.csv.gz" | tail -n +2 | cut -d, -f3- | sort >"$work/want"
  python3 "$root/tests/cli/rows_as_baseline.py" "$base.csv.gz" "$out/merged/sweep.csv" | sort >"$work/got"
  cmp -s "$work/want" "$work/got" && echo "ok: the merge job's sweep.csv holds the baseline's $(wc -l <"$work/want") rows" ||
    fail "the merge job's sweep.csv differs from the baseline's rows"
else
  fail "the merge job wrote no report"; cat "$out/merge.log" 2>/dev/null
  for f in "$out"/*.log; do echo "--- $f"; tail -n 5 "$f"; done
  tail -n 30 "$work/cluster/log/slurmctld.log"
fi
echo "slurm test took $((SECONDS - started)) s"
exit $((failures > 0))
