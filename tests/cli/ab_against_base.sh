#!/usr/bin/env bash
# tools/ci/ab_against_base.sh, what the CI recipe runs for a pull request: it
# writes the base revision's kernels/ beside the work tree and hands both trees
# to `dotsweep ab`, skips the GPU when kernels/ did not change, refuses a
# bad revision or folder with one line and exit 2, and exits 2 when ab
# compared no variant of the base tree (its a.csv). No GPU needed: a stand-in
# binary records what ab would be given, and the real one must accept both
# trees (it reads them before it checks the --junit folder that fails here).
# Usage: ab_against_base.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath -- "$1") root=$2  # absolute: the script runs from a checkout of its own
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
script=$root/tools/ci/ab_against_base.sh

# A checkout of its own: the repository's kernels/ at commit "base".
repo=$scratch/repo
mkdir -p "$repo" && cp -r "$root/kernels" "$repo/kernels" && cp -r "$root/kernels" "$scratch/base-kernels"
git_() { git -C "$repo" -c user.name=test -c user.email=test@example.com "$@" >/dev/null 2>&1; }
git_ init -q && git_ add kernels && git_ commit -q -m base || fail "could not make the test checkout"
base=$(git -C "$repo" rev-parse HEAD)

# The stand-in: records its arguments and the tree it was given as A, exits $STAND_IN_STATUS.
stand_in=$scratch/stand-in
# With STAND_IN_A_CSV it writes that file as ab's a.csv into its --out folder.
cat >"$stand_in" <<'STAND_IN'
#!/usr/bin/env bash
printf '%s\n' "$@" >"$RECORD"
if [[ -n ${STAND_IN_A_CSV:-} ]]; then
  prev="" out=""
  for arg in "$@"; do
    [[ $prev == --out ]] && out=$arg
    prev=$arg
  done
  mkdir -p "$out" && cp "$STAND_IN_A_CSV" "$out/a.csv"
fi
exit "${STAND_IN_STATUS:-0}"
STAND_IN
chmod +x "$stand_in"

run() {  # run WANT_STATUS LABEL ARGS...: the script in the checkout, the stand-in as dotsweep
  local want=$1 label=$2
  shift 2
  rm -f "$scratch/record"
  (cd "$repo" && RECORD=$scratch/record DOTSWEEP=$stand_in "$script" "$@") >"$scratch/out" 2>"$scratch/err"
  local got=$?
  [[ $got == "$want" ]] || fail "$label: exit $got, wanted $want: $(cat "$scratch/out" "$scratch/err")"
}
one_line() {  # one_line LABEL PATTERN: stderr is one line matching PATTERN
  [[ $(wc -l <"$scratch/err") == 1 ]] && grep -q -- "$2" "$scratch/err" || fail "$1: stderr: $(cat "$scratch/err")"
}

run 2 "no arguments"
one_line "no arguments" "^ab_against_base: usage:"
run 2 "one argument" "$base"
one_line "one argument" "^ab_against_base: usage:"
run 2 "a revision the checkout lacks" no-such-revision "$scratch/o1"
one_line "a revision the checkout lacks" "'no-such-revision' is not a commit this checkout holds"
(cd "$scratch" && DOTSWEEP=$stand_in "$script" "$base" "$scratch/o0") >/dev/null 2>"$scratch/err"
[[ $? == 2 ]] || fail "outside a checkout: not exit 2"
one_line "outside a checkout" "run it from the root of a dotsweep checkout"

# Unchanged kernels/: nothing to time, no GPU, no folder.
run 0 "kernels/ unchanged" "$base" "$scratch/o2"
grep -q "kernels/ is the same at $base and in the work tree: nothing to time against it" "$scratch/out" ||
  fail "kernels/ unchanged: $(cat "$scratch/out")"
[[ ! -e $scratch/record && ! -e $scratch/o2 ]] || fail "kernels/ unchanged: ab ran or the folder was made"
echo "a change outside kernels/" >"$repo/notes.txt" && git_ add notes.txt && git_ commit -q -m notes
run 0 "a commit outside kernels/" "$base" "$scratch/o3"
[[ ! -e $scratch/record ]] || fail "a commit outside kernels/: ab ran"

# A changed kernel, not committed: ab gets REV's tree as A and the work tree as B.
echo "// a change" >>"$repo/kernels/dot_kernel.cuh"
run 0 "an edited kernel" "$base" "$scratch/o4" --space variants/quick.toml --junit ab.xml
printf '%s\n' ab --kernels-a "$scratch/o4/base/kernels" --kernels-b kernels --out "$scratch/o4/report" \
  --space variants/quick.toml --junit ab.xml >"$scratch/want"
diff -u "$scratch/want" "$scratch/record" >"$scratch/diff" || fail "an edited kernel: ab's arguments: $(cat "$scratch/diff")"
diff -r "$scratch/base-kernels" "$scratch/o4/base/kernels" >/dev/null || fail "an edited kernel: tree A is not the base revision's kernels/"
STAND_IN_STATUS=1 run 1 "ab's exit status" "$base" "$scratch/o5"
run 2 "a folder that exists" "$base" "$scratch/o4"
one_line "a folder that exists" "'$scratch/o4' exists; give a new folder"

# Tree A's rows as ab writes them (a real H200 report in the sweep's format):
# with no candidate correct in A, nothing of kernels/ was compared.
zcat "$root/tests/fixtures/reports/h200-2026-11-30-f32.csv.gz" >"$scratch/a-real.csv"
python3 - "$scratch/a-real.csv" "$scratch" <<'PY'
import csv
import sys

with open(sys.argv[1], newline="") as f:
    reader = csv.DictReader(f)
    fields, rows = reader.fieldnames, list(reader)
candidates = [r for r in rows if r["kind"] == "candidate" and r["correct"] == "1"]
assert len(candidates) > 1
for name, keep in (("a-none.csv", 0), ("a-one.csv", 1)):
    for r in candidates:
        r["correct"] = "0"
    for r in candidates[:keep]:
        r["correct"] = "1"
    with open(f"{sys.argv[2]}/{name}", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
PY
STAND_IN_A_CSV=$scratch/a-real.csv run 0 "tree A compared" "$base" "$scratch/oa1"
STAND_IN_A_CSV=$scratch/a-real.csv STAND_IN_STATUS=1 run 1 "tree A compared, a row REGRESSED" "$base" "$scratch/oa2"
STAND_IN_A_CSV=$scratch/a-one.csv run 0 "one variant of tree A compared" "$base" "$scratch/oa3"
STAND_IN_A_CSV=$scratch/a-none.csv run 2 "no variant of tree A compared" "$base" "$scratch/oa4"
one_line "no variant of tree A compared" "no variant of $base's kernels/ compiled and passed its checks in this build"
STAND_IN_A_CSV=$scratch/a-none.csv STAND_IN_STATUS=1 run 2 "no variant of tree A compared, ab failed" "$base" "$scratch/oa5"
STAND_IN_A_CSV=$scratch/a-none.csv STAND_IN_STATUS=3 run 3 "no GPU: ab's own status" "$base" "$scratch/oa6"

# The change committed, then a file only the work tree has.
git_ commit -q -am edit
run 0 "a committed kernel change" "$base" "$scratch/o6"
[[ -e $scratch/record ]] || fail "a committed kernel change: ab did not run"
diff -r "$scratch/base-kernels" "$scratch/o6/base/kernels" >/dev/null ||
  fail "a committed kernel change: tree A is not the base revision's kernels/"
run 0 "HEAD against itself" HEAD "$scratch/o7"
[[ ! -e $scratch/record ]] || fail "HEAD against itself: ab ran"
echo "// new" >"$repo/kernels/extra.cuh"
run 0 "an untracked kernel file" HEAD "$scratch/o8"
[[ -e $scratch/record ]] || fail "an untracked kernel file: ab did not run"

# The CI recipe's own command (tools/ci/github-gpu-gate.yml), the pull request's base filled in.
recipe=$(sed -n '/^ *tools\/ci\/ab_against_base.sh /,/--markdown/p' "$root/tools/ci/github-gpu-gate.yml")
[[ -n $recipe ]] || fail "tools/ci/github-gpu-gate.yml does not run tools/ci/ab_against_base.sh"
recipe=${recipe//'${{ github.event.pull_request.base.sha }}'/$base}
recipe=${recipe//tools\/ci\//$root/tools/ci/}
ab_space=$(sed -n 's/^  AB_SPACE: *\([^ ]*\).*/\1/p' "$root/tools/ci/github-gpu-gate.yml")
[[ -f $root/$ab_space ]] || fail "the recipe's AB_SPACE '$ab_space' is not a space file of the repository"
mkdir -p "$scratch/reports" && rm -f "$scratch/record"
(cd "$repo" && REPORTS=$scratch/reports AB_SPACE=$ab_space RECORD=$scratch/record DOTSWEEP=$stand_in \
  bash -euc "$recipe") >"$scratch/out" 2>&1 || fail "the recipe's command: $(cat "$scratch/out")"
printf '%s\n' ab --kernels-a "$scratch/reports/ab/base/kernels" --kernels-b kernels --out "$scratch/reports/ab/report" \
  --space "$ab_space" --junit "$scratch/reports/ab.xml" --markdown "$scratch/reports/ab.md" >"$scratch/want"
diff -u "$scratch/want" "$scratch/record" >"$scratch/diff" 2>&1 || fail "the recipe's command: ab's arguments: $(cat "$scratch/diff")"

# The real binary accepts both trees: it reads them before the --junit folder it refuses.
(cd "$repo" && DOTSWEEP=$dotsweep "$script" "$base" "$scratch/o9" --junit "$scratch/no-such-folder/ab.xml") \
  >"$scratch/out" 2>"$scratch/err"
[[ $? == 2 ]] || fail "the real binary: exit not 2: $(cat "$scratch/err")"
one_line "the real binary" "^dotsweep: --junit '.*': its folder '.*no-such-folder' does not exist"

((failures)) && exit 1
echo "ab_against_base: all checks passed"
