#!/usr/bin/env bash
# Runs compute-sanitizer's memcheck, racecheck, initcheck and synccheck over
#   1. a sweep of every quick.toml variant and the baselines (cuBLAS, CUB) at
#      small and awkward sizes with few samples: the kernels as NVRTC builds
#      them, through the sweep's own path (exact checks, timing, read ceiling);
#   2. the GPU test binary's correctness and timing tests: the harness's own
#      kernels (timing probes, blockers, the reference reduction). The mutant
#      kernels are left out: some read out of bounds on purpose.
# and prints one summary line per tool; exit 1 when any tool reported an
# error or did not finish. Needs a GPU and a built tree (default build/).
#   tools/compute_sanitize.sh [BUILD_DIR]
# Environment: SANITIZE_SIZES (default 1,31,4097,65537,1000003),
#              SANITIZE_MODES (default cold), SANITIZE_TOOLS (default all four),
#              SANITIZE_OUT (default a new folder under /tmp; logs stay there),
#              SANITIZE_TEST_CASES (doctest -tc filter for gpu_tests, default
#              every case but the mutants; "none" skips gpu_tests: under
#              racecheck the whole binary takes far longer than the sweep).
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
dotsweep=$build/src/cli/dotsweep
gpu_tests=$build/tests/gpu/gpu_tests
sizes=${SANITIZE_SIZES:-1,31,4097,65537,1000003}
modes=${SANITIZE_MODES:-cold}
tools=${SANITIZE_TOOLS:-memcheck racecheck initcheck synccheck}
test_cases=${SANITIZE_TEST_CASES:-*}
out=${SANITIZE_OUT:-$(mktemp -d /tmp/dotsweep-compute-sanitize.XXXXXX)}

sanitizer=$(command -v compute-sanitizer || true)
for dir in /usr/local/cuda/bin /usr/local/cuda-13/bin /usr/local/cuda-12/bin; do
  [[ -z $sanitizer && -x $dir/compute-sanitizer ]] && sanitizer=$dir/compute-sanitizer
done
[[ -n $sanitizer ]] || { echo "compute_sanitize: compute-sanitizer not found (PATH, /usr/local/cuda/bin)" >&2; exit 1; }
for binary in "$dotsweep" "$gpu_tests"; do
  [[ -x $binary ]] || { echo "compute_sanitize: $binary not built (meson compile -C $build)" >&2; exit 1; }
done
"$dotsweep" info >/dev/null 2>&1 || { echo "compute_sanitize: no usable GPU (dotsweep info failed)" >&2; exit 1; }
mkdir -p "$out"

# errors_in LOG: the tool's error count, or "unfinished" when it printed no
# summary. memcheck, initcheck and synccheck end with "ERROR SUMMARY: N
# errors"; racecheck with "RACECHECK SUMMARY: H hazards displayed (E errors,
# W warnings)", where a hazard of either kind counts.
errors_in() {
  local count
  count=$(sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) error.*/\1/p' "$1" | tail -1)
  [[ -z $count ]] && count=$(sed -n 's/.*RACECHECK SUMMARY: \([0-9][0-9]*\) hazard.*/\1/p' "$1" | tail -1)
  echo "${count:-unfinished}"
}

status=0
summary=()
for tool in $tools; do
  # A warm cubin cache keeps NVRTC out of the sanitized run's time; the
  # kernels are the same either way.
  sweep_log=$out/$tool.sweep.log tests_log=$out/$tool.gpu_tests.log
  start=$SECONDS
  "$sanitizer" --tool "$tool" --log-file "$sweep_log" --print-limit 20 \
    "$dotsweep" --space variants/quick.toml --sizes "$sizes" --mode "$modes" --min-samples 1 --max-samples 2 \
    --time-budget 0.05 --no-progress --out "$out/$tool.report" >"$out/$tool.sweep.out" 2>&1
  sweep_exit=$?
  tests_exit=0 tests_errors=skipped
  if [[ $test_cases != none ]]; then
    "$sanitizer" --tool "$tool" --log-file "$tests_log" --print-limit 20 \
      "$gpu_tests" --test-case="$test_cases" --test-case-exclude='*mutant*' >"$out/$tool.gpu_tests.out" 2>&1
    tests_exit=$?
    tests_errors=$(errors_in "$tests_log")
  fi
  sweep_errors=$(errors_in "$sweep_log")
  verdict=clean
  if [[ $sweep_errors != 0 || ($tests_errors != 0 && $tests_errors != skipped) ]]; then
    verdict=FAILED
    status=1
  fi
  # The test binary's own exit is shown, not judged: instrumented kernels run
  # 10-100x slower, which timing assertions may notice.
  line=$(printf '%-9s %-7s sweep of quick.toml (sizes %s, %s): %s errors, exit %d; gpu_tests (no mutants): %s errors, exit %d; %ds; logs %s/%s.*' \
    "$tool" "$verdict" "$sizes" "$modes" "$sweep_errors" "$sweep_exit" "$tests_errors" "$tests_exit" \
    $((SECONDS - start)) "$out" "$tool")
  summary+=("$line")
  echo "$line"
done
echo
echo "compute-sanitizer summary ($("$sanitizer" --version | sed -n 's/.*Version \(.*\)/\1/p' | head -1)):"
printf '%s\n' "${summary[@]}"
exit $status
