#!/usr/bin/env bash
# Stands in for the dotsweep binary inside the Slurm test's jobs, where there
# is no GPU ($DOTSWEEP of tools/slurm/*.sbatch):
#   sweep --out DIR|--resume DIR --shard I/N ...  compiles the shard's slice
#       of a small space through NVRTC (`dotsweep list --shard I/N --compile`,
#       no GPU) and leaves in DIR the report the shard's sweep would have
#       written: the H200 baseline's rows of its groups (tests/cli/cut_shard.py).
#       Shard 2 stops once, as a sweep stopped by SIGTERM does (exit 130, its
#       report unfinished), so the array script requeues it and it resumes.
#   anything else                                 runs the real dotsweep.
# Reads STANDIN_DOTSWEEP (the real binary), STANDIN_ROOT (the source tree)
# and STANDIN_WORK (the test's scratch folder); logs each call there.
set -euo pipefail
real=$STANDIN_DOTSWEEP root=$STANDIN_ROOT work=$STANDIN_WORK
[[ ${1:-} == sweep ]] || exec "$real" "$@"
shift
dir="" shard="" resumed=0
while (($#)); do
  case $1 in
    --out) dir=$2; shift ;;
    --resume) dir=$2; resumed=1; shift ;;
    --shard) shard=$2; shift ;;
  esac
  shift
done
echo "sweep shard $shard resumed=$resumed restart=${SLURM_RESTART_COUNT:-0} at $(date +%T)" >>"$work/calls.log"
i=${shard%/*} n=${shard#*/}
"$real" list --shard "$shard" --compile --space "$work/small.toml" >"$work/compile-$i.log"
base="$root/results/baselines/h200"
"$real" list --shard "$shard" --space "$work/baseline_space.toml" --sizes "$(cat "$work/baseline_sizes")" \
  --mode cold,hot >"$work/groups-$i"
rm -rf "$dir.tmp"
python3 "$root/tests/cli/cut_shard.py" "$base" "$work/groups-$i" "$i" "$n" "$dir.tmp"
if [[ $i == 2 && $resumed == 0 ]]; then
  # Stopped: context.json without a finished run, as a sweep leaves it at SIGTERM.
  python3 - "$dir.tmp/context.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["run"] = {"completed": False, "interrupted": True}
json.dump(c, open(sys.argv[1], "w"))
PY
  rm -rf "$dir" && mv "$dir.tmp" "$dir"
  exit 130
fi
rm -rf "$dir" && mv "$dir.tmp" "$dir"
