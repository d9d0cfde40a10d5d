#!/usr/bin/env bash
# include/dotsweep/dot.cuh compiles in a program built with nvcc's defaults
# (dot_header_plain_nvcc.cu says why). No GPU needed.
# Usage: dot_header_plain_nvcc.sh NVCC SOURCE_ROOT
set -u
nvcc=$1 root=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! "$nvcc" -std=c++17 -arch=sm_90 -I "$root/include" -c "$root/tests/cli/dot_header_plain_nvcc.cu" \
    -o "$scratch/dot.o" >"$scratch/log" 2>&1; then
  echo "FAIL: dot.cuh does not compile with plain nvcc"; head -20 "$scratch/log"; exit 1
fi
echo "ok: dot.cuh with plain, pdl, pdl_l2, cluster and bulk entries compiles under nvcc's defaults"
