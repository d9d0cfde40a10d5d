#!/usr/bin/env bash
# Runs an example program as a GPU test: its own "no usable CUDA device"
# exit (77) goes through common.sh's skip, so that DOTSWEEP_REQUIRE_GPU=1
# turns it into a failure as for every other GPU test; any other status is
# the program's.
#   run_gpu_example.sh PROGRAM [ARGS...]
set -u
dotsweep=/nonexistent  # common.sh wants it; only `skip` is used here
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
"$@"
status=$?
[[ $status -eq 77 ]] && skip "no usable CUDA device ($(basename "$1"))"
exit "$status"
