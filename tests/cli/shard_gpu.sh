#!/usr/bin/env bash
# --shard on a GPU: quick.toml at three sizes, cold and hot, swept whole and
# as 3 shards; each shard measures exactly the groups `list --shard i/3`
# names, the merge of the three holds the same (variant, type, n, mode) rows
# as the whole sweep, and a shard's --resume keeps its shard. Needs a GPU
# (exit 77 without one).
# Usage: shard_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu
export DOTSWEEP_NO_PLOTS=1

space=$root/variants/quick.toml
sizes=4096,2^20+3,2^22
args=(--space "$space" --sizes "$sizes" --mode cold,hot --min-samples 5 --max-samples 20 --time-budget 0.1
  --no-progress --counters off)
sweep() {  # sweep NAME ARGS...
  local name=$1
  shift
  "$dotsweep" sweep "${args[@]}" "$@" --out "$scratch/$name" >/dev/null 2>"$scratch/$name.err" ||
    { fail "$name: exit $?"; cat "$scratch/$name.err"; }
}
keys() {  # the (variant, type, n, mode) of a sweep.csv's rows, sorted
  python3 - "$1" <<'PY'
import csv, sys
for r in sorted((r["variant"], r["type"], r["n"], r["mode"]) for r in csv.DictReader(open(sys.argv[1]))):
    print(*r)
PY
}
sweep whole
for i in 1 2 3; do
  sweep "shard$i" --shard "$i/3"
  "$dotsweep" list --shard "$i/3" --space "$space" --sizes "$sizes" --mode cold,hot |
    awk -F'\t' '$1 == "group" {print $2, $3, $4}' | sort >"$scratch/want$i"
  python3 - "$scratch/shard$i/sweep.csv" <<'PY' | sort -u >"$scratch/got$i"
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["type"], r["n"], r["mode"])
PY
  cmp -s "$scratch/want$i" "$scratch/got$i" && echo "ok: shard $i/3 measured exactly its $(wc -l <"$scratch/want$i") groups" ||
    fail "shard $i/3 measured other groups than list --shard names: $(diff "$scratch/want$i" "$scratch/got$i" | head -n 4)"
done
"$dotsweep" merge "$scratch/merged" "$scratch/shard1" "$scratch/shard2" "$scratch/shard3" >/dev/null 2>"$scratch/merge.err" ||
  { fail "merge: $(cat "$scratch/merge.err")"; }
if cmp -s <(keys "$scratch/whole/sweep.csv") <(keys "$scratch/merged/sweep.csv"); then
  echo "ok: the 3 shards merged hold the whole sweep's $(keys "$scratch/whole/sweep.csv" | wc -l) rows"
else
  fail "the merged shards' rows differ from the whole sweep's"
fi
# Resuming a finished shard measures nothing more and keeps its shard.
"$dotsweep" sweep --resume "$scratch/shard2" --no-progress >/dev/null 2>"$scratch/resume.err" ||
  fail "--resume of shard 2: $(cat "$scratch/resume.err")"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); assert c["shard"] == {"index": 2, "count": 3}, c.get("shard")' \
  "$scratch/shard2/context.json" || fail "shard 2's context.json lost its shard on --resume"
exit $((failures > 0))
