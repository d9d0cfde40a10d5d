#!/usr/bin/env bash
# No reader blocks or grows without bound (core/io/file_bytes.hpp): every file
# dotsweep reads (reports, context.json, samples.csv.gz, the --devices index,
# space files, kernel trees), given a FIFO, /dev/zero, a file past its limit
# (sparse) or a small gzip that inflates to gigabytes, ends at once in one
# line, exit 2, with nothing written or changed. Each run is under a time
# limit (a FIFO must not block), the gzip ones under a memory limit as well.
# No GPU needed.
# Usage: reader_limits.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
fixture=$root/tests/fixtures/gate/h200-run1.csv
cp "$fixture" B.csv
cp "$root/tests/fixtures/gate/h200-run2.csv" C.csv
mkfifo fifo fifo.csv
ln -s /dev/zero zero.csv
truncate -s 50G sparse.csv
# gzip members of 64 MiB of zeros each (64 KB apiece), concatenated: n members inflate to n x 64 MiB.
python3 -c 'import sys, zlib; c = zlib.compressobj(9, zlib.DEFLATED, 31); m = c.compress(bytes(64 << 20)) + c.flush()
for name, count in (("bomb4g.gz", 64), ("bomb8g.gz", 128)): open(name, "wb").write(m * count)'
cp bomb4g.gz bomb.csv.gz

# Every file's size and time, and the checksum of each under 16 MB (not the sparse 50 GB one).
snapshot() {
  find "$work" -printf '%p %s %T@\n' | sort
  find "$work" -type f -size -16M -print0 | sort -z | xargs -0 md5sum
}

# The address space dotsweep needs to start (the CUDA libraries map much of
# it); under ASan no limit lets it start, and the gzip runs go without one.
start_kb=0
for kb in $(seq 400000 100000 4000000); do
  if (ulimit -v "$kb" && "$dotsweep" list --space "$root/variants/quick.toml" >/dev/null 2>&1) 2>/dev/null; then
    start_kb=$kb
    break
  fi
done

# A bounded run's time limit: 60 s, times DOTSWEEP_TIME_SCALE where the code
# runs slower by design (tools/sanitize.sh sets 4, as Meson's timeouts there).
# The slowest case, a samples.csv.gz inflating past 2 GiB, uses about 10 s of
# CPU; on 2 cores shared with other builds it took 27.5 s of wall time, so 30 s
# failed under load. A reader that blocks is caught at any limit.
limit_s=$((60 * ${DOTSWEEP_TIME_SCALE:-1}))

# bounded LIMIT_MB PATTERN -- ARGS...: dotsweep ARGS within limit_s (and LIMIT_MB
# of address space above what it starts with, 0: none) exits 2 with one line
# matching PATTERN, leaving every file as it was.
bounded() {
  local limit_mb=$1 pattern=$2
  shift 3
  local before got lines
  before=$(snapshot)
  if ((limit_mb > 0 && start_kb > 0)); then
    (ulimit -v $((start_kb + limit_mb * 1024)) && exec timeout "$limit_s" "$dotsweep" "$@") >"$scratch/out" 2>"$scratch/err"
  else
    timeout "$limit_s" "$dotsweep" "$@" >"$scratch/out" 2>"$scratch/err"
  fi
  got=$?
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne 2 ]] || [[ $lines -ne 1 ]] || ! grep -qF -- "$pattern" "$scratch/err"; then
    fail "dotsweep $* -> exit $got (want 2, one line holding '$pattern'; 124 is the time limit), stderr:"
    cat "$scratch/err"
  else
    echo "ok: dotsweep $* -> 2: $(cat "$scratch/err")"
  fi
  [[ $(snapshot) == "$before" ]] || fail "dotsweep $* changed or wrote a file"
}
not_regular="is not a regular file (a device, pipe or socket)"

# ---- report CSVs (1 GiB of text): gate, compare, fleet, export, report
bounded 0 "report 'fifo.csv' $not_regular" -- gate --baseline fifo.csv --current C.csv
bounded 0 "report 'fifo.csv' $not_regular" -- gate --baseline B.csv --current fifo.csv
bounded 0 "report 'fifo.csv' $not_regular" -- gate --baseline B.csv --current C.csv --noise B.csv fifo.csv
bounded 0 "report 'fifo.csv' $not_regular" -- compare B.csv fifo.csv
bounded 0 "report 'fifo.csv' $not_regular" -- fleet B.csv fifo.csv
bounded 0 "report 'fifo.csv' $not_regular" -- export fifo.csv --header h.cuh
bounded 0 "report 'fifo.csv' $not_regular" -- report fifo.csv -o out
bounded 0 "report 'zero.csv' $not_regular" -- gate --baseline zero.csv --current C.csv
bounded 0 "report 'zero.csv' $not_regular" -- compare zero.csv C.csv
bounded 0 "report 'sparse.csv' is 53687091200 bytes; the limit for a report is 1073741824 bytes (1 GiB)" -- \
  gate --baseline sparse.csv --current C.csv
bounded 2560 "report 'bomb.csv.gz' inflates past 1073741824 bytes; the limit for a report is 1073741824 bytes (1 GiB)" -- \
  gate --baseline bomb.csv.gz --current C.csv
bounded 2560 "report 'bomb.csv.gz' inflates past 1073741824 bytes" -- compare B.csv bomb.csv.gz

# ---- context.json (64 MiB): report --context, the one beside a gate report, a report folder's
truncate -s $(((64 << 20) + 1)) big.context.json
bounded 0 "context file 'fifo' $not_regular; give a report's context.json" -- report B.csv --context fifo -o out
bounded 0 "context file '/dev/zero' $not_regular" -- report B.csv --context /dev/zero -o out
bounded 0 "context file 'big.context.json' is 67108865 bytes; the limit for a context file is 67108864 bytes (64 MiB)" -- \
  report B.csv --context big.context.json -o out
mkdir beside && cp B.csv beside/B.csv && mkfifo beside/B.context.json
bounded 0 "context file 'beside/B.context.json' $not_regular" -- gate --baseline beside/B.csv --current C.csv
mkdir folder && mkfifo folder/sweep.csv
bounded 0 "report 'folder/sweep.csv' $not_regular" -- report folder -o out

# ---- a resumed sweep's folder: context.json, sweep.csv, counters.csv, samples.csv.gz (2 GiB of text)
version=$("$dotsweep" --version | sed -n 's/^dotsweep \([^,]*\),.*/\1/p')
space=$root/variants/quick.toml
make_report() {  # make_report DIR: a folder as an interrupted sweep of the options below leaves it
  mkdir -p "$1"
  python3 - "$1" "$space" "$version" <<'PY'
import json, sys
d, space, version = sys.argv[1:4]
ctx = {"dotsweep_version": version, "seed": 5, "timestamp": "2026-11-30T08:00:00Z",
       "options": {"sizes": [4096, 65536], "modes": ["cold"], "min_samples": 10, "max_samples": 100,
                   "ci_halfwidth_pct": 1.0, "time_budget_s": 2.0, "strategy": {"name": "exhaustive"}},
       "space": {"file": space, "text": open(space).read(), "configs": 85},
       "device": {"name": "NVIDIA H200", "cc": "9.0"}}
json.dump(ctx, open(d + "/context.json", "w"), indent=2)
PY
  cp "$root/tests/fixtures/resume/sweep.csv" "$1/sweep.csv"
}
run=(--space "$space" --sizes 4096,65536 --mode cold --seed 5 --min-samples 10 --max-samples 100 --ci-target 1
  --time-budget 2)
make_report r1 && rm r1/context.json && mkfifo r1/context.json
bounded 0 "context file 'r1/context.json' $not_regular" -- "${run[@]}" --resume r1
make_report r2 && rm r2/sweep.csv && ln -s /dev/zero r2/sweep.csv
bounded 0 "report 'r2/sweep.csv' $not_regular" -- "${run[@]}" --resume r2
make_report r3 && mkfifo r3/counters.csv
bounded 0 "report 'r3/counters.csv' $not_regular" -- "${run[@]}" --resume r3
make_report r4 && mkfifo r4/samples.csv.gz
bounded 0 "samples file 'r4/samples.csv.gz' $not_regular; give a report's samples.csv.gz" -- "${run[@]}" --resume r4
make_report r5 && ln -s /dev/zero r5/samples.csv.gz
bounded 0 "samples file 'r5/samples.csv.gz' $not_regular" -- "${run[@]}" --resume r5
make_report r6 && mv bomb8g.gz r6/samples.csv.gz
bounded 4608 "samples file 'r6/samples.csv.gz' inflates past 2147483648 bytes; the limit for a samples file is 2147483648 bytes (2 GiB)" -- \
  "${run[@]}" --resume r6
# merge reads each shard's context.json, sweep.csv and samples.csv.gz the same way
mkdir m1 m2 && echo '{}' >m1/context.json && mkfifo m1/sweep.csv && make_report m2
bounded 0 "report 'm1/sweep.csv' $not_regular" -- merge merged m1 m2
mkdir m3 && mkfifo m3/context.json && : >m3/sweep.csv
bounded 0 "context file 'm3/context.json' $not_regular" -- merge merged m3 m2
# a --devices index
mkdir idx && mkfifo idx/devices.csv
bounded 0 "report 'idx/devices.csv' $not_regular" -- --resume idx

# ---- space files (1 MiB) and kernel trees (1 MiB a file, 8 MiB inlined)
bounded 0 "space file 'fifo' $not_regular; give a .toml file" -- list --space fifo
bounded 0 "space file 'fifo' $not_regular" -- sweep --space fifo --out out --sizes 4096
mkdir tree && cp "$root/kernels/"*.cuh "$root/kernels/"*.h tree/
mkdir tree-fifo && cp tree/* tree-fifo/ && rm tree-fifo/load.cuh && mkfifo tree-fifo/load.cuh
bounded 0 "--kernels 'tree-fifo': kernel tree file 'tree-fifo/load.cuh' $not_regular; give a source file" -- \
  list --compile --kernels tree-fifo
mkdir tree-main && cp tree/* tree-main/ && rm tree-main/dot_kernel.cuh && mkfifo tree-main/dot_kernel.cuh
bounded 0 "--kernels 'tree-main': kernel tree file 'tree-main/dot_kernel.cuh' $not_regular" -- \
  --kernels tree-main --out out --sizes 4096
mkdir tree-zero && cp tree/* tree-zero/ && rm tree-zero/load.cuh && ln -s /dev/zero tree-zero/load.cuh
bounded 0 "--kernels-b 'tree-zero': kernel tree file 'tree-zero/load.cuh' $not_regular" -- ab --kernels-b tree-zero
mkdir tree-big && cp tree/* tree-big/ && truncate -s $(((1 << 20) + 1)) tree-big/load.cuh
bounded 0 "kernel tree file 'tree-big/load.cuh' is 1048577 bytes; the limit for a kernel tree file is 1048576 bytes (1 MiB)" -- \
  list --compile --kernels tree-big
# Nine headers of 1 MiB each, every one under the file limit, pass the tree's.
mkdir tree-wide && cp tree/* tree-wide/
for i in 1 2 3 4 5 6 7 8 9; do
  head -c $((1 << 20)) /dev/zero | tr '\0' '\n' >"tree-wide/pad$i.cuh"
  sed -i "1i #include \"pad$i.cuh\"" tree-wide/dot_kernel.cuh
done
bounded 0 "--kernels 'tree-wide': its text passes 8388608 bytes (8 MiB) at " -- list --compile --kernels tree-wide
exit $((failures > 0))
