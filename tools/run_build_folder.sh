#!/usr/bin/env bash
# Runs the GPU tests and sweeps from a build folder made on another machine
# (one whose Meson lacks our dependencies cannot configure the tree).
# Usage: tools/run_build_folder.sh BUILD_DIR LOG [-- sweep args]...   (each "--" starts one sweep)
set -u
build=$1 log=$2
shift 2
export DOTSWEEP_SOURCE_ROOT=$PWD DOTSWEEP_CACHE_DIR=${DOTSWEEP_CACHE_DIR:-/tmp/dotsweep-cache}
{
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
  "$build/src/cli/dotsweep" info
  if [[ ${SKIP_TESTS:-0} != 1 ]]; then time "$build/tests/gpu/gpu_tests"; fi
  if [[ ${SKIP_TESTS:-0} != 1 ]]; then time "$build/tests/gpu/gpu_counter_tests" -s; fi
} >>"$log" 2>&1
args=()
run_sweep() { [[ ${#args[@]} -gt 0 ]] && { time "$build/src/cli/dotsweep" --no-progress "${args[@]}"; } >>"$log" 2>&1; args=(); }
for arg in "$@"; do
  if [[ $arg == -- ]]; then run_sweep; else args+=("$arg"); fi
done
run_sweep
