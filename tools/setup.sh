#!/usr/bin/env bash
# Installs what dotsweep needs on Debian/Ubuntu (with the CUDA toolkit already
# there), configures and builds it in ./build, then optionally runs something:
#   tools/setup.sh              set up and build
#   tools/setup.sh sweep [ARGS] ... then run the sweep (default: the default sweep on GPU 0)
#   tools/setup.sh test         ... then run the test suite (GPU tests skip without a GPU)
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_if_needed() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# Header-only C++ libraries, build tools, (for dotsweep-gbench, which the
# build skips without it) Google Benchmark, OpenBLAS (the CPU row of
# --host-paths, loaded at run time) and Python's headers (the extension
# dotsweep._dot), from Debian's packages.
packages=(libcli11-dev libtomlplusplus-dev nlohmann-json3-dev doctest-dev zlib1g-dev libbenchmark-dev ninja-build pkg-config
          libopenblas0 python3-dev)
missing=()
for package in "${packages[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "setup: installing ${missing[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# nvcc: the toolkit's usual home when it is not on PATH.
if ! command -v nvcc >/dev/null; then
  for dir in /usr/local/cuda/bin /usr/local/cuda-13/bin /usr/local/cuda-12/bin; do
    [[ -x $dir/nvcc ]] && export PATH=$dir:$PATH && break
  done
fi
command -v nvcc >/dev/null || { echo "setup: nvcc not found: install the CUDA toolkit (12.x or 13.x)" >&2; exit 1; }

# Meson >= 1.10 (handles CUDA 13's arch flags) from PyPI, in a private venv.
if [[ ! -x .venv/bin/meson ]]; then
  if ! python3 -m venv .venv >/dev/null 2>&1; then
    sudo_if_needed apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv .venv
  fi
  .venv/bin/pip install -q 'meson>=1.10,<2'
fi
meson=.venv/bin/meson
# matplotlib for tools/plot.py: the plots a sweep writes into its report and the plot test.
.venv/bin/python -c 'import matplotlib' 2>/dev/null || .venv/bin/pip install -q matplotlib
# pandas and pytest for the Python package's tests (tests/python: its readers and wrappers, no GPU).
.venv/bin/python -c 'import importlib.metadata as m
assert m.version("pandas") == "3.1.1" and m.version("pytest") == "9.2.0"' 2>/dev/null ||
  .venv/bin/pip install -q 'pandas==3.1.1' 'pytest==9.2.0'
# nanobind for the extension dotsweep._dot (python/meson.build compiles its library from source).
.venv/bin/python -c 'import importlib.metadata as m; assert m.version("nanobind") == "3.1.0"' 2>/dev/null ||
  .venv/bin/pip install -q 'nanobind==3.1.0'
# NVBench's comparison scripts (nvbench-compare-legacy and nvbench-compare-robust) for the tests of
# `dotsweep export --nvbench`; pinned, since the tests' figures are this version's verdicts.
.venv/bin/python -c 'import importlib.metadata as m, cuda.bench.scripts.nvbench_compare_robust, tabulate, colorama, jsondiff, numpy
assert m.version("cuda-bench") == "0.3.0"' 2>/dev/null || .venv/bin/pip install -q 'cuda-bench[compare]==0.3.0'
# Kernel Tuner (its reader and create_device_targets) for the tests of `dotsweep export --kernel-tuner`.
.venv/bin/python -c 'import importlib.metadata as m; assert m.version("kernel_tuner") == "1.5.0"' 2>/dev/null ||
  .venv/bin/pip install -q 'kernel_tuner==1.5.0'
# nvdisasm for the Kahan SASS test (tests/unit/kernel_blocks_sass.cpp) where the toolkit ships none.
if [[ ! -x $(dirname "$(command -v nvcc)")/nvdisasm ]] && ! compgen -G '.venv/lib/python3*/site-packages/nvidia/cu*/bin/nvdisasm' >/dev/null; then
  .venv/bin/pip install -q nvidia-cuda-nvdisasm
fi
# cuobjdump for the test of the binaries' embedded GPU archs (tests/archs) where the toolkit ships none.
if [[ ! -x $(dirname "$(command -v nvcc)")/cuobjdump ]] && ! compgen -G '.venv/lib/python3*/site-packages/nvidia/cu*/bin/cuobjdump' >/dev/null; then
  .venv/bin/pip install -q nvidia-cuda-cuobjdump
fi

if [[ ! -f build/build.ninja ]]; then
  "$meson" setup build
fi
"$meson" compile -C build

case "${1:-}" in
  sweep) shift; exec build/src/cli/dotsweep "$@" ;;
  test) exec "$meson" test -C build --print-errorlogs ;;
  "") ;;
  *) echo "setup: unknown action '$1' (use sweep or test)" >&2; exit 2 ;;
esac
