#!/usr/bin/env bash
# The Slurm recipe (tools/slurm) on a one-node Slurm started on this machine:
# Meson's suite 'slurm' (tests/slurm/slurm_array.sh). Needs root; installs
# Debian's slurm-wlm and munge when missing. Usage: tools/ci-slurm.sh [BUILD]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
# A machine where Slurm cannot be installed or started is no failure of the
# recipe: the test then skips (77), and this says so on its last line.
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge; } ||
    echo "ci-slurm: could not install slurm-wlm and munge"
fi
meson=$root/.venv/bin/meson
[[ -x $meson ]] || meson=meson
"$meson" compile -C "$build" src/cli/dotsweep
"$meson" test -C "$build" --suite slurm --print-errorlogs
if grep -q '"result": "SKIP"' "$build/meson-logs/testlog.json"; then
  echo "ci-slurm: NOT RUN: a one-node Slurm could not be started here (see the log above)"
else
  echo "ci-slurm: the Slurm recipe passed on a one-node Slurm"
fi
