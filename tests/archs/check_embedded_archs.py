#!/usr/bin/env python3
"""The nvcc-built binaries carry SASS and PTX for every architecture the
build states (meson.options gpu_arch, less what this nvcc cannot build), for
every kernel they hold; otherwise a GPU of a missing architecture fails at
launch with "no kernel image", and a GPU without SASS of its own (a newer one,
or any under CUDA_FORCE_PTX_JIT=1) has no PTX to JIT-compile.

Usage: check_embedded_archs.py CUOBJDUMP ARCHS BINARY...
  ARCHS  comma-separated, e.g. 75,80,86,89,90,100,120
Exits 77 (meson's skip) when CUOBJDUMP is empty: cuobjdump was not found.
"""
import re
import subprocess
import sys


def cuobjdump(tool, flag, binary):
    done = subprocess.run([tool, flag, binary], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"FAIL: {tool} {flag} {binary} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def names_per_arch(text, section):
    """{arch: set of names} from a cuobjdump dump: each "Fatbin <section> code:"
    block names its arch ("arch = sm_90"); SASS (elf) blocks list "Function
    NAME:" for kernels and out-of-line device functions, PTX blocks declare
    ".entry NAME(" (kernels) and ".func NAME(" (device functions)."""
    found = {}
    arch = None
    inside = False
    for line in text.splitlines():
        if line.startswith("Fatbin "):
            arch = None
            inside = line.startswith(f"Fatbin {section} code")
            continue
        m = re.match(r"arch = sm_(\d+)", line)
        if m and inside:
            arch = int(m.group(1))
            found.setdefault(arch, set())
            continue
        if arch is None:
            continue
        if section == "elf":
            m = re.match(r"\s*Function ([^:\s]+):", line)
        else:
            m = re.search(r"\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)", line)
        if m:
            found[arch].add(m.group(1))
    return found


def kernels_in_ptx(text, arch):
    """The .entry names of the compute_<arch> PTX."""
    kernels = set()
    current = None
    for line in text.splitlines():
        if line.startswith("Fatbin "):
            current = None
            continue
        m = re.match(r"arch = sm_(\d+)", line)
        if m:
            current = int(m.group(1))
            continue
        if current == arch:
            m = re.search(r"\.entry\s+([\w$]+)", line)
            if m:
                kernels.add(m.group(1))
    return kernels


def check(tool, binary, archs):
    failures = []
    listing = cuobjdump(tool, "--list-elf", binary) + cuobjdump(tool, "--list-ptx", binary)
    print(f"== {binary}\n{listing}", end="")
    sass = names_per_arch(cuobjdump(tool, "--dump-resource-usage", binary), "elf")
    ptx_text = cuobjdump(tool, "--dump-ptx", binary)
    ptx = names_per_arch(ptx_text, "ptx")
    newest = max(archs)
    kernels = kernels_in_ptx(ptx_text, newest)
    if newest in ptx and not kernels:
        failures.append(f"{binary}: the compute_{newest} PTX holds no kernel")
    # Every kernel has SASS and PTX on every stated architecture: a
    # translation unit built for fewer would leave its kernels out of some.
    for arch in archs:
        if arch not in sass:
            failures.append(f"{binary}: no SASS for sm_{arch}")
        if arch not in ptx:
            failures.append(f"{binary}: no PTX for compute_{arch}")
        for kind, found in (("SASS", sass), ("PTX", ptx)):
            missing = sorted(kernels - found.get(arch, set()))
            if arch in found and missing:
                failures.append(f"{binary}: {len(missing)} kernels have no {kind} for {arch}, e.g. {missing[0]}")
    # Every function with SASS is in the newest PTX: a unit built without PTX
    # would not run on a GPU newer than its SASS.
    with_sass = set().union(*sass.values()) if sass else set()
    no_ptx = sorted(with_sass - ptx.get(newest, set()))
    if no_ptx:
        failures.append(f"{binary}: {len(no_ptx)} functions have SASS but no compute_{newest} PTX, e.g. {no_ptx[0]}")
    extra = sorted(set(sass) - set(archs))
    print(f"{binary}: {len(kernels)} kernels; SASS for sm_{', sm_'.join(map(str, sorted(sass)))}"
          f"{' (beyond the stated list: sm_' + ', sm_'.join(map(str, extra)) + ')' if extra else ''}; "
          f"PTX for compute_{', compute_'.join(map(str, sorted(ptx)))}")
    return failures


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    tool, arch_text, binaries = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not tool:
        print("skip: cuobjdump not found (the CUDA toolkit's bin/, or `pip install nvidia-cuda-cuobjdump` into .venv)")
        return 77
    archs = [int(a) for a in arch_text.split(",")]
    failed = 0
    for binary in binaries:
        failures = check(tool, binary, archs)
        for failure in failures:
            print(f"FAIL: {failure}")
        failed += bool(failures)
    print(f"{len(binaries) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
