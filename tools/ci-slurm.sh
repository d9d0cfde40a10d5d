#!/usr/bin/env bash
# The Slurm recipe (tools/slurm) on a one-node Slurm started on this machine:
# Meson's suite 'slurm' (tests/slurm/slurm_array.sh). Needs root; installs
# Debian's slurm-wlm and munge when missing. Usage: tools/ci-slurm.sh [BUILD]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge
fi
meson=$root/.venv/bin/meson
[[ -x $meson ]] || meson=meson
"$meson" compile -C "$build" src/cli/dotsweep
"$meson" test -C "$build" --suite slurm --print-errorlogs
