#!/usr/bin/env bash
# --shard and `dotsweep merge`, no GPU needed:
#  - a bad --shard is one line, exit 2, before any GPU is looked for;
#  - `list --shard i/N` cuts the default plan into disjoint whole groups whose
#    union is the plan;
#  - the committed H200 baseline (results/baselines/h200.*), cut into shard
#    reports by those slices, merges back into its own rows and best.csv;
#  - merge ends as a sweep does: what to use and where summary.md is, not
#    its per-group tables; with --print-summary all of summary.md;
#  - the gate notes that the merged report was swept by 3 processes;
#  - merge refuses a missing, repeated or unfinished shard, and resume a
#    different shard.
# Usage: shard_merge_cli.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1
export DOTSWEEP_NO_PLOTS=1  # the merge's plots are the sweep's code, tested elsewhere; they take seconds each

# ---- bad --shard: one line, exit 2 (a GPU lookup here would exit 3), nothing left behind
for bad in 0/3 4/3 1/0 x "" 1/ /3 01/3 -1/3 1/3/3; do
  expect 2 "--shard '$bad'" -- sweep --shard "$bad" --out "$scratch/never"
  expect 2 "--shard '$bad'" -- list --shard "$bad"
done
expect 2 "--shard 49/49: the plan has only 48 (type, n) units" -- list --shard 49/49
expect 2 "--shard 49/49: the plan has only 48 (type, n) units" -- sweep --shard 49/49 --out "$scratch/never"
expect 2 "--shard 2/3 cannot be combined with --strategy halving" -- --shard 2/3 --strategy halving
expect 2 "--sizes and --mode only apply with --shard" -- list --sizes 4096
[[ -e $scratch/never ]] && fail "a refused sweep left $scratch/never behind"

# ---- list --shard: disjoint slices whose union is the whole plan
groups() { "$dotsweep" list "$@" | awk -F'\t' '$1 == "group"' ; }
groups --shard 1/1 | sort >"$scratch/whole"
# The default plan: 4 types x 12 default sizes, cold.
[[ $(wc -l <"$scratch/whole") -eq 48 ]] || fail "list --shard 1/1 lists $(wc -l <"$scratch/whole") groups, want 48"
for count in 2 3 5 48; do
  : >"$scratch/union"
  for ((i = 1; i <= count; i++)); do
    groups --shard "$i/$count" >"$scratch/slice" || fail "list --shard $i/$count failed"
    [[ -s $scratch/slice ]] || fail "shard $i/$count is empty"
    cat "$scratch/slice" >>"$scratch/union"
  done
  dups=$(sort "$scratch/union" | uniq -d | wc -l)
  [[ $dups -eq 0 ]] || fail "$count shards overlap in $dups groups"
  sort -u "$scratch/union" | cmp -s - "$scratch/whole" || fail "the union of $count shards is not the whole plan"
  echo "ok: $count shards of the default plan are disjoint and cover its 48 groups"
done
# Every mode of a (type, n) goes to the same shard; two modes double the groups.
groups --shard 1/1 --mode cold,hot | wc -l | grep -qx 96 || fail "cold,hot should make 96 groups"
groups --shard 2/3 --mode cold,hot | awk -F'\t' '{print $2, $3}' | sort | uniq -c | awk '$1 != 2 {bad = 1} END {exit bad}' ||
  fail "a shard holds one mode of a (type, n) without the other"
# The slice names only its own types' variants.
"$dotsweep" list --shard 3/48 >"$scratch/one"
type=$(awk -F'\t' '$1 == "group" {print $2; exit}' "$scratch/one")
grep -v '^#' "$scratch/one" | grep -v '^group' | grep -vq "^$type\." && fail "shard 3/48 ($type) lists variants of other types"
grep -q "^$type\." "$scratch/one" || fail "shard 3/48 lists no $type variant"

# ---- merge: the H200 baseline cut into 3 shard reports and merged back
base="$root/results/baselines/h200"
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["space"]["text"], end="")' "$base.context.json" \
  >"$scratch/space.toml"
sizes=$(python3 -c 'import json,sys; print(",".join(map(str, json.load(open(sys.argv[1]))["options"]["sizes"])))' \
  "$base.context.json")
for i in 1 2 3; do
  groups --shard "$i/3" --space "$scratch/space.toml" --sizes "$sizes" --mode cold,hot >"$scratch/groups$i" ||
    fail "list --shard $i/3 of the baseline's space failed"
done
for i in 1 2 3; do python3 "$root/tests/cli/cut_shard.py" "$base" "$scratch/groups$i" "$i" 3 "$scratch/shard$i" || fail "cutting shard $i failed"; done
rows=0
for i in 1 2 3; do rows=$((rows + $(wc -l <"$scratch/shard$i/sweep.csv") - 1)); done
[[ $rows -eq 28464 ]] || fail "the three shards hold $rows rows, want the baseline's 28464"

if "$dotsweep" merge "$scratch/merged" "$scratch/shard3" "$scratch/shard1" "$scratch/shard2" >"$scratch/out" 2>"$scratch/err"; then
  echo "ok: merge of 3 shards: $(tail -n 1 "$scratch/out")"
else
  fail "merge of the 3 shards failed: $(cat "$scratch/err")"
fi
for f in sweep.csv best.csv summary.md context.json; do
  [[ -s $scratch/merged/$f ]] || fail "the merged report has no $f"
done
# The end of the output, as a sweep's (sweep/end_of_sweep.hpp): the what-to-use
# table and the line naming summary.md; the per-group tables stay in the folder.
failed_before=$failures
grep -qx '## What to use' "$scratch/out" || fail "merge did not print the what-to-use table"
grep -q '^### ' "$scratch/out" && fail "merge printed summary.md's per-group tables without --print-summary"
grep -qxF "the fastest rows of every (type, n, mode) group: $scratch/merged/summary.md (--print-summary prints all of it)" \
  "$scratch/out" || fail "merge did not name $scratch/merged/summary.md"
# About a line per (type, n, mode) group (96 here); the whole summary.md is over 2,000.
[[ $(wc -l <"$scratch/out") -lt 200 ]] || fail "merge printed $(wc -l <"$scratch/out") lines, want the short form"
((failures == failed_before)) && echo "ok: merge prints what to use and where summary.md is ($(wc -l <"$scratch/out") lines)"
# Every measured value comes back; rank and tied_best (the first two columns)
# are ranked anew by this build, as a sweep's report is at its end, and
# columns newer than the baseline are left out.
zcat "$base.csv.gz" | tail -n +2 | cut -d, -f3- | sort >"$scratch/want"
python3 "$root/tests/cli/rows_as_baseline.py" "$base.csv.gz" "$scratch/merged/sweep.csv" | sort >"$scratch/got"
cmp -s "$scratch/want" "$scratch/got" && echo "ok: the merged sweep.csv holds the baseline's 28464 rows" ||
  fail "the merged sweep.csv differs from the baseline's rows ($(diff "$scratch/want" "$scratch/got" | grep -c '^[<>]') lines)"
# The whole baseline as one unsharded report, merged alone: the same report,
# ranks, best.csv and summary.md included.
mkdir "$scratch/whole_report"
cp "$base.context.json" "$scratch/whole_report/context.json"
zcat "$base.csv.gz" >"$scratch/whole_report/sweep.csv"
"$dotsweep" merge "$scratch/merged_whole" "$scratch/whole_report" --print-summary >"$scratch/out_whole" 2>&1 ||
  fail "merging the unsharded baseline failed"
# --print-summary: all of summary.md as the folder holds it, then the merge's own line.
head -n -1 "$scratch/out_whole" | cmp -s - "$scratch/merged_whole/summary.md" &&
  echo "ok: merge --print-summary prints all of summary.md ($(wc -l <"$scratch/out_whole") lines)" ||
  fail "merge --print-summary did not print the whole summary.md"
cmp -s <(sort "$scratch/merged_whole/sweep.csv") <(sort "$scratch/merged/sweep.csv") ||
  fail "3 shards merged rank differently from the whole report"
for f in best.csv summary.md; do
  cmp -s "$scratch/merged_whole/$f" "$scratch/merged/$f" && echo "ok: the merged $f is the whole report's" ||
    fail "the merged $f differs from the whole report's"
done
python3 - "$scratch/merged/context.json" <<'PY' || fail "the merged context.json is not as expected"
import json, sys
c = json.load(open(sys.argv[1]))
assert "shard" not in c, c.get("shard")
assert c["run"]["completed"] is True and c["run"]["rows"] == 28464, c["run"]
assert [s["shard"]["index"] for s in c["merged_from"]] == [1, 2, 3], c["merged_from"]
PY
# The gate reads how many processes swept each side from the context.json
# beside it: the three shards merged against one sweep (the baseline's rows
# and context under another timestamp, so the gate takes it for a new sweep) get a note,
# the one sweep against the baseline none.
stamp=$(zcat "$base.csv.gz" | python3 -c 'import csv, sys; print(next(csv.DictReader(sys.stdin))["timestamp"])')
mkdir "$scratch/rerun"
sed "s/$stamp/2026-12-05T00:00:00Z/" "$base.context.json" >"$scratch/rerun/context.json"
zcat "$base.csv.gz" | sed "s/$stamp/2026-12-05T00:00:00Z/" >"$scratch/rerun/sweep.csv"
"$dotsweep" gate --baseline "$scratch/merged/sweep.csv" --current "$scratch/rerun/sweep.csv" >"$scratch/gate_out" 2>&1 ||
  fail "gate of one sweep against the merged shards: exit $?: $(tail -n 1 "$scratch/gate_out")"
grep -qF "The baseline was swept by 3 processes and the current by 1 process (shards merged, or a sweep resumed)" \
  "$scratch/gate_out" && echo "ok: the gate notes the merged baseline's 3 processes" ||
  fail "the gate did not note 3 against 1 processes: $(cat "$scratch/gate_out")"
"$dotsweep" gate --baseline "$base.csv.gz" --current "$scratch/rerun/sweep.csv" >"$scratch/gate_out" 2>&1 ||
  fail "gate of one sweep against the baseline: exit $?: $(tail -n 1 "$scratch/gate_out")"
grep -q "swept by" "$scratch/gate_out" && fail "the gate noted processes for one sweep against one: $(cat "$scratch/gate_out")"

# ---- merge refusals: one line, exit 2, no OUT left behind
expect 2 "merge: shard 2/3 of 3 is missing" -- merge "$scratch/m1" "$scratch/shard1" "$scratch/shard3"
expect 2 "are both shard 1/3" -- merge "$scratch/m1" "$scratch/shard1" "$scratch/shard1" "$scratch/shard2" "$scratch/shard3"
expect 2 "'$scratch/none': no such report folder" -- merge "$scratch/m1" "$scratch/none"
expect 2 "already holds a report (sweep.csv); pass a new --out folder" -- merge "$scratch/merged" "$scratch/shard1" "$scratch/shard2" "$scratch/shard3"
grep -q -- "--resume" "$scratch/err" && fail "merge offers --resume, which it does not have: $(cat "$scratch/err")"
cp -r "$scratch/shard2" "$scratch/unfinished"
python3 - "$scratch/unfinished/context.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["run"]["completed"] = False; json.dump(c, open(sys.argv[1], "w"))
PY
expect 2 "(shard 2/3) did not finish" -- merge "$scratch/m1" "$scratch/shard1" "$scratch/unfinished" "$scratch/shard3"
cp -r "$scratch/shard3" "$scratch/otherseed"
python3 - "$scratch/otherseed/context.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["seed"] = 1; json.dump(c, open(sys.argv[1], "w"))
PY
expect 2 "seed differs: '$scratch/shard1' has 20261129, '$scratch/otherseed' has 1" -- \
  merge "$scratch/m1" "$scratch/shard1" "$scratch/shard2" "$scratch/otherseed"
[[ -e $scratch/m1 ]] && fail "a refused merge left $scratch/m1 behind"

# ---- --resume of a shard's report must name the same shard (or none: it is taken from context.json)
# The reports cut from the baseline carry its dotsweep version; a resume
# refuses another version first, so they take this binary's.
version=$("$dotsweep" --version | sed -n 's/^dotsweep \([^,]*\),.*/\1/p')
[[ -n $version ]] || fail "dotsweep --version: no version"
stamp_version() {
  python3 - "$1/context.json" "$version" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["dotsweep_version"] = sys.argv[2]; json.dump(c, open(sys.argv[1], "w"))
PY
}
stamp_version "$scratch/unfinished"
expect 2 "shard (--shard) differs: the interrupted sweep had {\"count\":3,\"index\":2}, this one has {\"count\":3,\"index\":1}" -- \
  sweep --resume "$scratch/unfinished" --shard 1/3
mkdir "$scratch/unsharded"
cp "$base.context.json" "$scratch/unsharded/context.json"
stamp_version "$scratch/unsharded"
head -n 1 "$scratch/shard1/sweep.csv" >"$scratch/unsharded/sweep.csv"
expect 2 "shard (--shard) differs: the interrupted sweep had none, this one has {\"count\":2,\"index\":1}" -- \
  sweep --resume "$scratch/unsharded" --shard 1/2

exit $((failures > 0))
