#!/usr/bin/env bash
# Runs compute-sanitizer's memcheck, racecheck, initcheck and synccheck over
# slices of the work, one line per (tool, slice):
#   planted  racecheck only: the GPU test that reuses a block reduction without
#            the barrier its contract asks for must be reported (hazards > 0,
#            the sanitizer's error exit), and the same test with the barrier
#            must be clean: proof that a clean run means the tool was looking;
#   tests    the GPU test binary's cases that exercise the harness and the
#            kernel building blocks (SANITIZE_TEST_CASES): kernel blocks, the
#            one-launch finishes, an enqueue that throws mid-capture, every
#            type's baselines; the mutants are left out (some read out of
#            bounds or race on purpose), and so is the quick-space case up to
#            2^28 + 3, which the quick slice covers at sanitizable sizes. The
#            timers' accuracy cases are left out too: they assert durations,
#            which a sanitizer stretches a hundredfold; the timers and the
#            blocker run under every sweep slice;
#   quick    a sweep of variants/quick.toml (every axis value, baselines too);
#   f32 f64 f16 bf16
#            a sweep of that type's slice of variants/default.toml
#            (tools/space_slice.py): together every layout, reduction, finish,
#            hint, accumulator and type of the default space.
# Sweeps run in-process (--no-isolate) at awkward sizes with one timed sample
# per row (a sanitizer judges what each launch does, not how long it takes). A
# slice is clean when the sanitizer reports 0 errors (racecheck: 0 hazards)
# and the program exits 0; --error-exitcode makes any finding fail the run
# even where the program itself would exit 0. Exit 1 when any slice is not
# clean. Needs a GPU and a built tree (default build/).
#   tools/compute_sanitize.sh [BUILD_DIR]
# Environment: SANITIZE_SLICES (default "planted tests quick f32 f64 f16 bf16"),
#              SANITIZE_TOOLS (default all four), SANITIZE_TEST_CASES (doctest
#              -tc filter for the tests slice), SANITIZE_SIZES (default
#              1,4097,1000003), SANITIZE_OUT (default a new folder under /tmp;
#              logs and summary.tsv stay there), SANITIZE_JOBS (default 1:
#              how many (tool, slice) runs share the GPU at once),
#              SANITIZE_JOB_SECONDS (default 0, no limit: a run stopped by
#              it is reported unfinished, which fails the script).
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
dotsweep=$build/src/cli/dotsweep
gpu_tests=$build/tests/gpu/gpu_tests
slices=${SANITIZE_SLICES:-planted tests quick f32 f64 f16 bf16}
tools=${SANITIZE_TOOLS:-memcheck racecheck initcheck synccheck}
sizes=${SANITIZE_SIZES:-1,4097,1000003}
parallel=${SANITIZE_JOBS:-1}
job_seconds=${SANITIZE_JOB_SECONDS:-0}  # 0: no limit
# "last_block?*": doctest splits filters at commas, and that case's name has some.
test_cases=${SANITIZE_TEST_CASES:-kernel blocks*,last_block?*,an enqueue that throws*,every type*}
out=${SANITIZE_OUT:-$(mktemp -d /tmp/dotsweep-compute-sanitize.XXXXXX)}
readonly found_exit=86  # the sanitizer's exit status when it reported anything

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
# The sanitizers stretch the host's enqueue past the blocker's 20 s default
# (docs/measuring.md): a sample voided by that would be no finding.
export DOTSWEEP_BLOCKER_TIMEOUT_S=${DOTSWEEP_BLOCKER_TIMEOUT_S:-600}

# findings LOG: "errors hazards" from the sanitizer's summary, "unfinished"
# when it printed none. memcheck, initcheck and synccheck end with "ERROR
# SUMMARY: N errors"; racecheck with "RACECHECK SUMMARY: H hazards displayed
# (E errors, W warnings)".
findings() {
  local errors hazards
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) error.*/\1/p' "$1" | tail -1)
  if [[ -z $errors ]]; then
    hazards=$(sed -n 's/.*RACECHECK SUMMARY: \([0-9][0-9]*\) hazard.*/\1/p' "$1" | tail -1)
    errors=$(sed -n 's/.*RACECHECK SUMMARY: .*(\([0-9][0-9]*\) error.*/\1/p' "$1" | tail -1)
  fi
  [[ -z $errors ]] && { echo unfinished; return; }
  echo "$errors ${hazards:-0}"
}

# sanitize TOOL NAME CMD...: runs CMD under TOOL, logs to $out/TOOL.NAME.*,
# sets $exit_status and $found ("errors hazards" or "unfinished").
sanitize() {
  local tool=$1 name=$2
  shift 2
  timeout "$job_seconds" "$sanitizer" --tool "$tool" --error-exitcode "$found_exit" --log-file "$out/$tool.$name.log" --print-limit 20 \
    "$@" >"$out/$tool.$name.out" 2>&1
  exit_status=$?
  found=$(findings "$out/$tool.$name.log")
}

sweep_cmd() {  # sweep_cmd SPACE NAME
  echo "$dotsweep" --no-isolate --space "$1" --sizes "$sizes" --mode cold --min-samples 1 --max-samples 1 \
    --time-budget 0.05 --no-progress --out "$out/$2.report"
}

printf 'tool\tslice\terrors\thazards\texit\tseconds\tverdict\n' >"$out/summary.tsv"
# report TOOL SLICE VERDICT SECONDS: one line to stdout and one to the job's
# row file ($row), gathered into summary.tsv in the order the jobs were listed.
report() {
  local errors=${found%% *} hazards=${found##* }
  [[ $found == unfinished ]] && errors=unfinished hazards=unfinished
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$errors" "$hazards" "$exit_status" "$4" "$3" >>"$row"
  printf '%-9s %-8s %-6s errors %-10s hazards %-10s exit %-3s %5ss\n' "$1" "$2" "$3" "$errors" "$hazards" \
    "$exit_status" "$4"
}

# run_job TOOL SLICE: one tool over one slice, its rows into $out/rows.TOOL.SLICE.
run_job() {
  local tool=$1 slice=$2 start=$SECONDS verdict
  row=$out/rows.$tool.$slice
  : >"$row"
  case $slice in
    planted)
      sanitize racecheck planted-race "$gpu_tests" --test-case='mutant: block_sum reused without a barrier*'
      verdict=missed
      [[ $found != unfinished && ${found##* } -gt 0 && $exit_status == "$found_exit" ]] && verdict=caught
      report racecheck planted "$verdict" $((SECONDS - start))
      start=$SECONDS
      sanitize racecheck planted-fixed "$gpu_tests" --test-case='kernel blocks: block_sum reused after the barrier*'
      verdict=FAILED
      [[ $found == "0 0" && $exit_status == 0 ]] && verdict=clean
      report racecheck fixed "$verdict" $((SECONDS - start))
      return ;;
    tests) sanitize "$tool" tests "$gpu_tests" --test-case="$test_cases" --test-case-exclude='*mutant*' ;;
    quick) sanitize "$tool" quick $(sweep_cmd variants/quick.toml "$tool.quick") ;;
    f32 | f64 | f16 | bf16) sanitize "$tool" "$slice" $(sweep_cmd "$out/default-$slice.toml" "$tool.$slice") ;;
  esac
  verdict=FAILED
  [[ $found == "0 0" && $exit_status == 0 ]] && verdict=clean
  report "$tool" "$slice" "$verdict" $((SECONDS - start))
}

# The jobs, planted first; each type slice's space file written once up front.
jobs=()
for slice in $slices; do
  case $slice in
    planted) jobs+=("racecheck planted") ; continue ;;
    tests | quick) ;;
    f32 | f64 | f16 | bf16)
      python3 tools/space_slice.py variants/default.toml "$slice" >"$out/default-$slice.toml" || exit 1 ;;
    *) echo "compute_sanitize: unknown slice '$slice'" >&2; exit 2 ;;
  esac
  for tool in $tools; do jobs+=("$tool $slice"); done
done

# SANITIZE_JOBS at a time. Sharing the GPU does not pay for racecheck: two
# racecheck runs at once took 1.3 s per row each, one alone 0.4 s
# (results/2026-12-02-compute-sanitizer/README.md); hence the default of 1.
for job in "${jobs[@]}"; do
  while (($(jobs -rp | wc -l) >= parallel)); do wait -n; done
  run_job $job &
done
wait

status=0
for job in "${jobs[@]}"; do
  set -- $job
  rows=$out/rows.$1.$2
  [[ -s $rows ]] || printf '%s\t%s\tunfinished\tunfinished\t-\t-\tFAILED\n' "$1" "$2" >"$rows"
  cat "$rows" >>"$out/summary.tsv"
  cut -f7 "$rows" | grep -qvxE 'clean|caught' && status=1
done
echo "compute-sanitizer $("$sanitizer" --version | sed -n 's/.*Version \(.*\)/\1/p' | head -1); sizes $sizes; logs in $out"
exit $status
