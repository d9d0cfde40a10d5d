#!/usr/bin/env bash
# Runs the host-side tests under AddressSanitizer and UndefinedBehaviorSanitizer:
# the unit suite (doctest unit tests, the CLI tests) but for its 'bulk' tests
# (tests/cli/meson.build), from a separate build in build-asan/. Any sanitizer
# report fails.
#   tools/sanitize.sh            configure (once), build, test
# Needs what tools/setup.sh installs (run it first: it also makes .venv/bin/meson).
# GPU code is not checked here: that is tools/compute_sanitize.sh's job, on a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."

meson=.venv/bin/meson
[[ -x $meson ]] || { echo "sanitize: $meson not found: run tools/setup.sh first" >&2; exit 1; }
if ! command -v nvcc >/dev/null; then
  for dir in /usr/local/cuda/bin /usr/local/cuda-13/bin /usr/local/cuda-12/bin; do
    [[ -x $dir/nvcc ]] && export PATH=$dir:$PATH && break
  done
fi

build=build-asan
# b_lundef=false: sanitized shared objects may leave their runtime's symbols
# to the executable (Meson's advice for clang; harmless with gcc). The code
# under test at -O1 and the test programs at -O0 (meson.build's
# test_build_options), with line tables (-g1) for stack traces and asserts on
# so our own checks run too: under ASan and UBSan, gcc took 47 s for a file
# at -O2 -g, 21 s at -O1 -g1 and 9 s at -O0 -g1, while the tests ran 10-14
# times slower at -O0 than without sanitizers. One GPU architecture: nothing
# here runs device code, and each one more costs the nvcc-built files a full
# device compile. A unity build (-Dunity=on): each command file re-instantiates
# CLI11's and nlohmann::json's header-only code, which one translation unit per
# target (up to unity_size files) compiles once.
if [[ ! -f $build/build.ninja ]]; then
  "$meson" setup "$build" -Db_sanitize=address,undefined -Db_lundef=false \
    -Doptimization=1 -Ddebug=false -Dcpp_args=-g1 -Db_ndebug=false -Dgpu_arch=90 \
    -Dunity=on -Dunity_size=64
fi
# Only the targets the unit suite runs: the GPU test binary is never run here.
"$meson" compile -C "$build" unit_tests counter_pass_tests blocker_timeout_tests cpu_dot_tests distributed_tests interrupt_tests worker_supervisor_tests dotsweep

# Reports go to files as well as failing the process, so a test that expects
# a non-zero exit cannot swallow one. protect_shadow_gap=0: the CUDA driver
# maps memory where ASan would otherwise reserve its shadow gap (with a GPU).
logs=$PWD/$build/sanitizer-logs
export ASAN_OPTIONS=${ASAN_OPTIONS:-protect_shadow_gap=0:detect_leaks=1:exitcode=86:log_path=$logs/asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=86:log_path=$logs/ubsan}
# ASan and UBSan slow the host code: the unit binary, which reads the
# committed baselines several times, took 34 s under them against 7 s plain
# (on a 2-core machine, 2026-11-30), past Meson's default 30 s timeout. The
# limits stay as written for the plain build.
# tools/sanitizer_logs.py sorts the logs: a finding fails; a process that could
# not reserve ASan's shadow memory (under cli_errors.sh's `ulimit -v`) is none;
# a crash of LeakSanitizer's own tracer at exit means the leak check did not
# run, so the suite runs once more and must then be clean.
# The same factor for the time limits the tests set themselves (reader_limits.sh).
export DOTSWEEP_TIME_SCALE=4
for attempt in 1 2; do
  rm -rf "$logs" && mkdir -p "$logs"
  status=0
  "$meson" test -C "$build" --suite unit --no-suite bulk --no-rebuild --print-errorlogs --timeout-multiplier 4 || status=$?
  logs_status=0
  python3 tools/sanitizer_logs.py "$logs" || logs_status=$?
  if [[ $logs_status -eq 3 && $attempt -eq 1 ]]; then
    echo "sanitize: the leak checker crashed (no finding); running the unit suite once more"
    continue
  fi
  [[ $logs_status -eq 0 ]] || status=1
  break
done
if [[ $status -eq 0 ]]; then
  echo "sanitize: unit suite clean under ASan/UBSan"
else
  echo "sanitize: FAILED (see above and $build/meson-logs/testlog.txt)" >&2
fi
exit $status
