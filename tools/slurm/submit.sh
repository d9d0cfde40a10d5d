#!/usr/bin/env bash
# Submits a sweep cut into N shards as a Slurm job array (one GPU per task)
# and the merge that runs when every task has finished:
#   tools/slurm/submit.sh N OUT [sweep options...]
# Extra sbatch options for both jobs (partition, account, time) go in
# $DOTSWEEP_SBATCH_OPTIONS; $DOTSWEEP names the dotsweep binary the jobs run.
# Prints the array's job id and the merge's.
set -euo pipefail
n=${1:?usage: submit.sh N OUT [sweep options...]}
out=${2:?usage: submit.sh N OUT [sweep options...]}
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
read -r -a extra <<<"${DOTSWEEP_SBATCH_OPTIONS:-}"
mkdir -p "$out"
out=$(cd "$out" && pwd)  # the jobs may start in another folder
array=$(sbatch --parsable "${extra[@]}" --array="1-$n" --output="$out/shard-%a-of-$n.log" \
  "$here/dotsweep_array.sbatch" "$out" "$@")
array=${array%%;*}  # "id;cluster" on a federated cluster
merge=$(sbatch --parsable "${extra[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/merge.log" \
  "$here/dotsweep_merge.sbatch" "$out" "$n")
echo "array job $array ($n shards), merge job ${merge%%;*}; reports in $out"
