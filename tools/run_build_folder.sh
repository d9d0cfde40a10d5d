#!/usr/bin/env bash
# Runs the GPU tests and sweeps from a build folder made on another machine
# (one whose Meson lacks our dependencies cannot configure the tree), from
# the source root. Every test of Meson's suite `gpu` runs (tools/gpu_suite.py:
# the GPU test binaries and the GPU test scripts, as `meson test --suite gpu`
# would), with DOTSWEEP_REQUIRE_GPU=1 (a test that would skip fails) and
# DOTSWEEP_EXPECT_NVML=1 (NVML must open). Exit 0 only when every test and
# every sweep exited 0; the log ends with one line per test and per sweep.
# Usage: tools/run_build_folder.sh BUILD_DIR LOG [-- sweep args]...   (each "--" starts one sweep)
# SKIP_TESTS=1 runs the sweeps alone; GPU_TESTS="gpu,gpu counters" runs only
# the tests named (comma-separated), to split a run into calls that fit a limit.
set -u
build=$1 log=$2
shift 2
export DOTSWEEP_SOURCE_ROOT=$PWD DOTSWEEP_CACHE_DIR=${DOTSWEEP_CACHE_DIR:-/tmp/dotsweep-cache}
export DOTSWEEP_REQUIRE_GPU=1 DOTSWEEP_EXPECT_NVML=1
failed=0
summary=()
{
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
  "$build/src/cli/dotsweep" info
} >>"$log" 2>&1 || { summary+=("dotsweep info: failed"); failed=1; }
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
  python3 "$PWD/tools/gpu_suite.py" "$build" "$PWD" "${GPU_TESTS:-}" >>"$log" 2>&1
  status=$?
  summary+=("gpu tests: exit $status (table above)")
  ((status == 0)) || failed=1
fi
args=()
run_sweep() {
  [[ ${#args[@]} -gt 0 ]] || return 0
  { time "$build/src/cli/dotsweep" --no-progress "${args[@]}"; } >>"$log" 2>&1
  local status=$?
  summary+=("sweep ${args[*]}: exit $status")
  ((status == 0)) || failed=1
  args=()
}
for arg in "$@"; do
  if [[ $arg == -- ]]; then run_sweep; else args+=("$arg"); fi
done
run_sweep
printf '%s\n' "${summary[@]}" "run_build_folder: $( ((failed)) && echo FAILED || echo passed)" | tee -a "$log"
exit "$failed"
