#!/usr/bin/env bash
# Builds dotsweep._dot (the extension under dotsweep.dot) and examples/tuned_dot
# into OUT for one GPU architecture, with this machine's python3, its
# installed nanobind and nvcc, without Meson or the Debian packages the full
# build needs (a GPU machine whose Python differs from the build machine's
# cannot import the extension built there). No network. The same sources and
# flags as python/meson.build and examples/tuned_dot/meson.build.
#
# Usage: tools/build_python_ext.sh OUT [ARCH]      ARCH: an SM number, default 90
# Then, from the source root (the GPU tests: docs/python.md, "Tests"):
#   DOTSWEEP_EXT_DIR=OUT DOTSWEEP_TUNED_DOT=OUT/tuned_dot PYTHONPATH=python python3 -m pytest tests/python
# PYTHON=... picks the interpreter, NVCC=... the compiler.
set -euo pipefail
[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: tools/build_python_ext.sh OUT [ARCH]" >&2; exit 2; }
out=$1 arch=${2:-90}
[[ $arch =~ ^[0-9]+$ ]] || { echo "build_python_ext: ARCH '$arch' is not an SM number such as 90" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[[ -x $nvcc ]] || { echo "build_python_ext: no nvcc (on PATH or /usr/local/cuda/bin; or set NVCC)" >&2; exit 1; }
cxx=${CXX:-c++}
# nanobind's headers and sources, Python's headers and the extension's file suffix.
read -r nb_include nb_source py_include suffix < <("$python" -c '
import sysconfig, sys
try:
    import nanobind
except ImportError:
    sys.exit("build_python_ext: " + sys.executable + " has no nanobind (pip install nanobind)")
print(nanobind.include_dir(), nanobind.source_dir(), sysconfig.get_paths()["include"],
      sysconfig.get_config_var("EXT_SUFFIX"))')
nb_root=$(dirname "$nb_source")
cuda_lib=$(dirname "$(dirname "$nvcc")")/lib64
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gencode="-gencode=arch=compute_$arch,code=[sm_$arch,compute_$arch]"
nb_flags=(-std=c++17 -fPIC -fvisibility=hidden -DNDEBUG -DNB_COMPACT_ASSERTIONS -I"$nb_include"
          -I"$nb_root/ext/robin_map/include" -I"$py_include")
# The three compiles side by side; the device code takes longest.
"$nvcc" -std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr "$gencode" -Xcompiler=-fPIC -I"$root/include" \
  -I"$root/examples/tuned_dot" -c "$root/python/ext/dot_launch.cu" -o "$work/dot_launch.o" &
launch=$!
"$nvcc" -std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr "$gencode" -I"$root/include" \
  "$root/examples/tuned_dot/tuned_dot.cu" -o "$out/tuned_dot" &
example=$!
"$cxx" "${nb_flags[@]}" -O3 -fno-strict-aliasing -ffunction-sections -fdata-sections -c "$nb_source/nb_combined.cpp" \
  -o "$work/nanobind.o"
"$cxx" "${nb_flags[@]}" -O2 -c "$root/python/ext/dot_module.cpp" -o "$work/dot_module.o"
wait "$launch"
wait "$example"
"$cxx" -shared -Wl,--gc-sections "$work/dot_module.o" "$work/nanobind.o" "$work/dot_launch.o" -L"$cuda_lib" \
  -lcudart_static -ldl -lpthread -lrt -o "$out/_dot$suffix"
echo "build_python_ext: $out/_dot$suffix and $out/tuned_dot (sm_$arch)"
