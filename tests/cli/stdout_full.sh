#!/usr/bin/env bash
# Standard output that cannot be written is a failure, not a success:
# `dotsweep list > /dev/full` exited 0 with nothing written. Every command's
# last flush is checked: one line on stderr, exit 5 (a host-side failure),
# or the command's own failing status when it had one. No GPU needed.
# Usage: stdout_full.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1
[[ -w /dev/full ]] || skip "no /dev/full on this machine"
fixtures=$root/tests/fixtures

full() {  # full STATUS -- ARGS...: dotsweep ARGS with stdout on /dev/full
  local want=$1 got lines
  shift 2
  "$dotsweep" "$@" >/dev/full 2>"$scratch/err"
  got=$?
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne $want ]] || [[ $lines -ne 1 ]] ||
    ! grep -qE "^dotsweep: cannot write to standard output: (No space left on device|some of the output was not written)$" "$scratch/err"; then
    fail "dotsweep $* >/dev/full -> exit $got (want $want and one line saying so), stderr:"
    cat "$scratch/err"
  else
    echo "ok: dotsweep $* >/dev/full -> $got: $(cat "$scratch/err")"
  fi
}
full 5 -- list
full 5 -- list --space "$root/variants/quick.toml"
full 5 -- --help
full 5 -- --version
full 5 -- compare "$fixtures/compare/h200_run1.csv" "$fixtures/compare/h200_run2.csv"
full 5 -- gate --baseline "$fixtures/gate/h200-run1.csv" --current "$fixtures/gate/h200-run2.csv"
# The same commands to a stdout that takes everything exit 0, saying nothing.
for args in "list" "--version"; do
  "$dotsweep" $args >/dev/null 2>"$scratch/err" || fail "dotsweep $args >/dev/null failed: $(cat "$scratch/err")"
  [[ -s $scratch/err ]] && fail "dotsweep $args >/dev/null said: $(cat "$scratch/err")"
done
exit $((failures > 0))
