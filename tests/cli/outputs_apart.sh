#!/usr/bin/env bash
# No output may name an input, nor another output (core/io/command_paths.hpp):
# every command that writes a file refuses, in one line naming both options,
# exit 2, before anything is read or written; the inputs keep their bytes and
# no file appears. Spellings that reach one file (./x, a symbolic link, a hard
# link) count as that file. No GPU needed.
# Usage: outputs_apart.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
cp "$root/tests/fixtures/gate/h200-run1.csv" B.csv
cp "$root/tests/fixtures/gate/h200-run2.csv" C.csv
cp "$root/tests/fixtures/gate/h200-committed.csv" N.csv
cp "$root/tests/fixtures/compare/h200_run1.csv" A.csv
echo '{}' >B.context.json
ln -s B.csv link.csv
ln B.csv hard.csv
mkdir -p R kt tree
cp B.csv R/sweep.csv && echo '{}' >R/context.json
cp -r "$root/kernels/." tree/

# Every file under the work folder with its checksum: what a refusal must leave as it was.

# ---- gate: the examples, each input option, and the spellings of one file
refused "--junit 'B.csv' is --baseline 'B.csv': writing it would destroy that input; name another file" -- \
  gate --baseline B.csv --current C.csv --junit B.csv
refused "--junit './B.csv' is --baseline 'B.csv'" -- gate --baseline B.csv --current C.csv --junit ./B.csv
refused "--markdown 'link.csv' is --baseline 'B.csv'" -- gate --baseline B.csv --current C.csv --markdown link.csv
refused "--markdown 'hard.csv' is --baseline 'B.csv'" -- gate --baseline B.csv --current C.csv --markdown hard.csv
refused "--markdown 'R/../C.csv' is --current 'C.csv'" -- gate --baseline B.csv --current C.csv --markdown R/../C.csv
refused "--junit 'N.csv' is --noise 'N.csv'" -- gate --baseline B.csv --current C.csv --noise B.csv N.csv --junit N.csv
refused "--markdown 'B.context.json' is the context.json of --baseline 'B.context.json'" -- \
  gate --baseline B.csv --current C.csv --markdown B.context.json
refused "--junit 'gate.xml' and --markdown 'gate.xml' name the same file: give each output its own" -- \
  gate --baseline B.csv --current C.csv --junit gate.xml --markdown gate.xml
# Apart, both are written and the inputs kept; /dev/null twice destroys nothing.
before=$(md5sum B.csv C.csv)
"$dotsweep" gate --baseline B.csv --current C.csv --junit gate.xml --markdown gate.md >/dev/null 2>&1
[[ -s gate.xml && -s gate.md ]] || fail "gate with --junit and --markdown apart wrote neither or one"
[[ $(md5sum B.csv C.csv) == "$before" ]] || fail "gate changed an input"
"$dotsweep" gate --baseline B.csv --current C.csv --junit /dev/null --markdown /dev/null >/dev/null 2>"$scratch/err"
[[ $? -le 1 && ! -s $scratch/err ]] || fail "gate --junit /dev/null --markdown /dev/null was refused: $(cat "$scratch/err")"
rm -f gate.xml gate.md

# ---- compare, fleet
refused "--markdown 'A.csv' is report 'A.csv'" -- compare A.csv C.csv --markdown A.csv
refused "--markdown 'C.csv' is report 'C.csv'" -- fleet B.csv C.csv --markdown C.csv

# ---- export: an input, two outputs, and a file --kernel-tuner writes
refused "--header 'A.csv' is report 'A.csv'" -- export A.csv --header A.csv
refused "--nvbench 'A.csv' is report 'A.csv'" -- export A.csv --nvbench A.csv
refused "--header 'h.cuh' and --nvbench 'h.cuh' name the same file" -- export A.csv --header h.cuh --nvbench h.cuh
refused "--kernel-tuner 'kt' would write kt/dot_f32.json, which --header 'kt/dot_f32.json' names too" -- \
  export A.csv --header kt/dot_f32.json --kernel-tuner kt

# ---- report and merge: a folder read and written, a file the output folder writes
refused "--out 'R' is report 'R': writing it would destroy that input; name another folder" -- report R -o R
refused "--out 'R/' would write R/sweep.csv, which is report 'R/sweep.csv'" -- report R/sweep.csv --out R/
refused "--out 'out' would write out/context.json, which is --context 'out/context.json'" -- \
  report B.csv --context out/context.json -o out
refused "OUT 'R' is report 'R'" -- merge R R
refused "OUT './R/' is report 'R'" -- merge ./R/ R

# ---- ab: its outputs against each other, the kernel trees and the space
refused "--junit 'ab.md' and --markdown 'ab.md' name the same file" -- \
  ab --kernels-b tree --junit ab.md --markdown ab.md
refused "--out 'D' would write D/ab.md, which --markdown 'D/ab.md' names too" -- \
  ab --kernels-b tree --out D --markdown D/ab.md
refused "--markdown 'tree/load.cuh' is a file inside --kernels-b 'tree', a folder that is read" -- \
  ab --kernels-b tree --markdown tree/load.cuh
refused "--out 'tree' is --kernels-a 'tree'" -- ab --kernels-a tree --kernels-b "$root/kernels" --out tree
refused "--junit 'A.csv' is --space 'A.csv'" -- ab --kernels-b tree --space A.csv --junit A.csv

# ---- the sweep: --out and --resume against --space and --kernels
refused "--out 'tree' is --kernels 'tree'" -- --kernels tree --out tree --sizes 4096
refused "--out 'tree' is --kernels './tree/'" -- sweep --kernels ./tree/ --out tree --sizes 4096
refused "--out 'S' would write S/context.json, which is --space 'S/context.json'" -- \
  --space S/context.json --out S --sizes 4096
refused "--resume 'R' would write R/summary.md, which is --space 'R/summary.md'" -- --resume R --space R/summary.md
refused "--out 'S' would write S/devices.csv, which is --space 'S/devices.csv'" -- \
  --devices all --space S/devices.csv --out S --sizes 4096
exit $((failures > 0))
