#!/usr/bin/env bash
# A kernel change timed against its base revision's kernels in one process,
# with `dotsweep ab` (docs/ab.md): what a pull request's GPU job runs beside the
# gate against the committed baseline. That gate compares two GPUs and two
# days, so it sees only large slowdowns at some sizes (docs/gate.md, "Against
# the committed baseline from another GPU"); `ab` times both trees on one GPU
# under the same clocks.
#
# Usage (from the repository's root): tools/ci/ab_against_base.sh REV OUT [ab options...]
#   REV  the base revision, a commit this checkout holds (a pull request's base)
#   OUT  a new folder: OUT/base/kernels is REV's kernels/, OUT/report ab's report
# DOTSWEEP names the binary (default build/src/cli/dotsweep). The options after
# OUT go to `dotsweep ab` (--space, --sizes, --junit, --markdown, ...).
#
# Exit: ab's own (0 pass, 1 a row REGRESSED or BROKEN, 2 bad input, 3 no GPU);
# 0 and one line, without the GPU, when kernels/ is the same at REV as in the
# work tree; 2 and one line for a bad REV or OUT, and when no variant of REV's
# tree compiled and passed its checks, so that nothing was compared.
set -u
if [[ $# -lt 2 ]]; then
  echo "ab_against_base: usage: tools/ci/ab_against_base.sh REV OUT [dotsweep ab options...]" >&2
  exit 2
fi
rev=$1 out=$2
shift 2
dotsweep=${DOTSWEEP:-build/src/cli/dotsweep}
if [[ ! -f kernels/dot_kernel.cuh ]] || ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "ab_against_base: run it from the root of a dotsweep checkout (no kernels/dot_kernel.cuh here)" >&2
  exit 2
fi
if ! commit=$(git rev-parse --verify --quiet "$rev^{commit}"); then
  echo "ab_against_base: '$rev' is not a commit this checkout holds (fetch it, or check out with its history)" >&2
  exit 2
fi
if [[ -e $out ]]; then
  echo "ab_against_base: '$out' exists; give a new folder" >&2
  exit 2
fi
# Untracked files count too: the work tree is what the binary was built from.
if git diff --quiet "$commit" -- kernels && [[ -z $(git ls-files --others --exclude-standard -- kernels) ]]; then
  echo "ab_against_base: kernels/ is the same at $rev and in the work tree: nothing to time against it"
  exit 0
fi
mkdir -p "$out/base" || exit 2
if ! git archive "$commit" kernels | tar -x -C "$out/base"; then
  echo "ab_against_base: could not write $rev's kernels/ into $out/base" >&2
  exit 2
fi
"$dotsweep" ab --kernels-a "$out/base/kernels" --kernels-b kernels --out "$out/report" "$@"
status=$?
# A tree A this build cannot compile or check (a changed interface between
# the host and kernels/) leaves every variant FIXED or UNTIMED: ab passes
# with no variant compared, which is no verdict on the change.
if [[ $status -le 1 && -f $out/report/a.csv ]]; then
  compared=$(python3 - "$out/report/a.csv" <<'PY'
import csv
import sys

with open(sys.argv[1], newline="") as f:
    print(sum(r["kind"] == "candidate" and r["correct"] == "1" for r in csv.DictReader(f)))
PY
  )
  if [[ $compared == 0 ]]; then
    echo "ab_against_base: no variant of $rev's kernels/ compiled and passed its checks in this build (did the" \
      "interface between the host and kernels/ change?): nothing of kernels/ was compared" >&2
    exit 2
  fi
fi
exit "$status"
