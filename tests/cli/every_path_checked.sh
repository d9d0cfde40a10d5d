#!/usr/bin/env bash
# The checks a command makes hold on every path into it: `distributed --out`
# is checked as a sweep's --out is; a --devices index is checked whole before
# its resume starts any GPU's. Each refusal is one line, exit 2, before
# the GPU is looked for (so never exit 3 here), with nothing written or changed.
# No GPU needed.
# Usage: every_path_checked.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1

# ---- distributed --out, as a sweep's --out
echo text >a-file
mkdir -p sweep-report distributed-report distributed-md
cp "$root/tests/fixtures/gate/h200-run1.csv" sweep-report/sweep.csv
echo "type,n" >distributed-report/distributed.csv
echo "# distributed" >distributed-md/distributed.md
long=$(printf 'd%.0s' {1..300})
refused "--out 'a-file' is an existing file, not a folder; pass a folder" -- distributed --out a-file
refused "report folder 'sweep-report' already holds a report (sweep.csv); pass a new --out folder" -- \
  distributed --out sweep-report
grep -q -- "--resume" "$scratch/err" && fail "distributed --out sweep-report offers --resume, which distributed has not"
refused "--out 'distributed-report' already holds distributed.csv; pass a new --out folder" -- \
  distributed --out distributed-report
refused "--out 'distributed-md' already holds distributed.md; pass a new --out folder" -- distributed --out distributed-md
refused "--out '/proc/dotsweep-distributed': cannot write a report there" -- distributed --out /proc/dotsweep-distributed
refused "--out '$long': cannot write a report there: File name too long" -- distributed --out "$long"
refused "--out 'a-file/new': cannot write a report there: '$work/a-file' is a file, not a folder" -- distributed --out a-file/new
# The other side: a new folder, and one holding other files, pass the check
# and go on to look for GPUs (exit 3 without one), still writing nothing.
if ! nvidia-smi -L >/dev/null 2>&1; then
  mkdir -p other && echo notes >other/notes.txt
  for out in new-folder other; do
    before=$(snapshot)
    "$dotsweep" distributed --out "$out" >/dev/null 2>"$scratch/err"
    status=$?
    [[ $status -eq 3 ]] || fail "distributed --out $out -> exit $status (want 3, no GPU): $(cat "$scratch/err")"
    [[ $(snapshot) == "$before" ]] || fail "distributed --out $out wrote or changed a file without a GPU"
  done
fi

# ---- --resume of a --devices index: every GPU's report folder is checked
# before any GPU's resume starts, so a refusal leaves the index as it was
# (devices.csv was rewritten with the refused GPU's exit status).
index_line() { printf 'device,gpu,gpu_uuid,folder,exit_status,seconds\n0,NVIDIA H200,GPU-0,gpu0,%s,1.0\n' "$1"; }
mkdir -p index && index_line 130 >index/devices.csv
refused "--resume 'index': GPU 0's report folder gpu0 is missing; put it back, or start a new --devices sweep into a new --out folder" -- --resume index
index_line 0 >index/devices.csv  # finished, kept as it is: its folder is still the index's
refused "--resume 'index': GPU 0's report folder gpu0 is missing" -- --resume index
mkdir -p index/gpu0 && index_line 130 >index/devices.csv
refused "--resume 'index/gpu0': not a dotsweep report folder (it needs sweep.csv and context.json)" -- --resume index
index_line "" >index/devices.csv  # a run that never ended resumes too
refused "--resume 'index/gpu0': not a dotsweep report folder" -- --resume index

exit $((failures > 0))
