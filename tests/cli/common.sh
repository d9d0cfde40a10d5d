# shellcheck shell=bash
# The part the shell tests share; each sources it with
#   . "$(dirname "${BASH_SOURCE[0]}")/common.sh"   (../cli/common.sh from tests/gbench)
# after reading its own arguments (at least $dotsweep, which `expect` and
# `require_gpu` run). It sets up a scratch folder removed on exit and a
# failure count, and defines:
#   fail TEXT...                    prints "FAIL: TEXT" and counts a failure
#   expect STATUS PATTERN -- ARGS... runs dotsweep ARGS: the exit status must be
#                                   STATUS and stderr one line matching PATTERN
#                                   (a grep regex; fixed text with expect_fixed=1,
#                                   and then the failure line also names PATTERN)
#   skip TEXT...                    exits 77 (meson's skip) with one line, or
#                                   with 1 and a FAIL line when
#                                   DOTSWEEP_REQUIRE_GPU=1 (machines with a GPU, where a
#                                   skip would hide a broken GPU path; the
#                                   C++ GPU tests follow tests/gpu/gpu_skip.hpp)
#   require_gpu                     skips unless `dotsweep info` finds a usable GPU
#   device_arch                     prints the GPU's sm_XX number (90 on an
#                                   H200), for `list --arch` to plan as a sweep does
#   refused MESSAGE -- ARGS...      expect 2 "dotsweep: MESSAGE", and nothing under
#                                   $work (the test's working folder) written or changed
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect() {  # expect STATUS PATTERN -- ARGS...
  local want=$1 pattern=$2
  shift 3
  "$dotsweep" "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$?
  local lines grep_opts=-q named=""
  lines=$(wc -l <"$scratch/err")
  if [[ -n ${expect_fixed:-} ]]; then
    grep_opts=-qF
    named=", '$pattern'"
  fi
  if [[ $got -ne $want ]] || ! grep "$grep_opts" -- "$pattern" "$scratch/err" || [[ $lines -ne 1 ]]; then
    fail "dotsweep $* -> exit $got (want $want$named), stderr ($lines lines):"
    cat "$scratch/err"
  else
    echo "ok: dotsweep $* -> $got: $(cat "$scratch/err")"
  fi
}

snapshot() { find "$work" -print0 | sort -z | xargs -0 md5sum 2>/dev/null; find "$work" | sort; }
refused() {
  local message=$1 before
  before=$(snapshot)
  expect 2 "dotsweep: $message" -- "${@:3}"
  [[ $(snapshot) == "$before" ]] || fail "dotsweep ${*:3} changed or wrote a file"
}

device_arch() {
  "$dotsweep" info | sed -n 's/.*compute capability \([0-9]*\)\.\([0-9]*\),.*/\1\2/p' | head -n 1
}

skip() {
  if [[ ${DOTSWEEP_REQUIRE_GPU:-} == 1 ]]; then
    echo "FAIL: DOTSWEEP_REQUIRE_GPU=1, but the test cannot run: $*"
    exit 1
  fi
  echo "skip: $*"
  exit 77
}

require_gpu() {
  local why
  why=$("$dotsweep" info 2>&1 >/dev/null) || skip "no usable GPU (dotsweep info failed: ${why%%$'\n'*})"
}
