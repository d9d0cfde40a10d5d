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
#   require_gpu                     exits 77 (meson's skip) with one line
#                                   unless `dotsweep info` finds a usable GPU
#   device_arch                     prints the GPU's sm_XX number (90 on an
#                                   H200), for `list --arch` to plan as a sweep does
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

device_arch() {
  "$dotsweep" info | sed -n 's/.*compute capability \([0-9]*\)\.\([0-9]*\),.*/\1\2/p' | head -n 1
}

require_gpu() {
  if ! "$dotsweep" info >/dev/null 2>&1; then
    echo "skip: no usable GPU (dotsweep info failed)"
    exit 77
  fi
}
