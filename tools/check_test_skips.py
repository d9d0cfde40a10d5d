#!/usr/bin/env python3
"""After `meson test -C BUILD` on a machine without a GPU (CI): exactly the
tests of suite `gpu` skipped, each because no CUDA device is usable, every
other test ran, and each GPU test fails instead of skipping under
DOTSWEEP_REQUIRE_GPU=1 (the switch machines with a GPU run them with). Meson counts a
skip as a pass, so without this a host test that starts skipping, or a GPU
test that skips for another reason, would stay green unseen.

Reads BUILD/meson-logs/testlog.json (the last `meson test`'s results) and
BUILD/meson-info/intro-tests.json (every test the build defines). On a machine
where `dotsweep info` finds a GPU it checks only that no test outside suite
`gpu` skipped (run the GPU tests with DOTSWEEP_REQUIRE_GPU=1 there).
Exit 0 when all holds, 1 with one line per failure.
Usage: check_test_skips.py BUILD_DIR
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_suite import run_test, suite_tests  # noqa: E402

# The one line every GPU test prints when it skips for want of a device:
# gpu_test_main.cpp / test_counters.cpp ("SKIP: no usable CUDA device: ..."),
# tests/cli/common.sh's require_gpu ("skip: no usable GPU ...") and
# check_gbench_json.py ("skip: no usable CUDA device ...").
NO_DEVICE = ("skip: no usable", "skip: dotsweep-gbench found no usable")


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    build = os.path.abspath(sys.argv[1])
    with open(os.path.join(build, "meson-info", "meson-info.json")) as f:
        source = json.load(f)["directories"]["source"]
    with open(os.path.join(build, "meson-info", "intro-tests.json")) as f:
        # Suite slurm is left out of a plain `meson test` (tools/ci-slurm.sh runs it).
        defined = {t["name"]: t for t in json.load(f) if not any(s.endswith(":slurm") for s in t["suite"])}
    gpu_names = {t["name"] for t in suite_tests(build, source)}
    results = {}
    with open(os.path.join(build, "meson-logs", "testlog.json")) as f:
        for line in f:
            if line.strip():
                entry = json.loads(line)
                # Logged as "SUITE - PROJECT:NAME".
                results[entry["name"].split(":", 1)[-1]] = entry

    failures = []
    missing = sorted(set(defined) - set(results))
    if missing:
        failures.append(f"not run by the last meson test: {', '.join(missing)}")
    has_gpu = subprocess.run([os.path.join(build, "src", "cli", "dotsweep"), "info"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL).returncode == 0
    for name, entry in sorted(results.items()):
        skipped = entry["result"] == "SKIP"
        if name not in gpu_names:
            if skipped:
                failures.append(f"'{name}' skipped, and it is not a GPU test")
            continue
        if has_gpu:
            continue
        output = (entry.get("stdout") or "") + (entry.get("stderr") or "")
        if not skipped:
            failures.append(f"GPU test '{name}' did not skip without a GPU: {entry['result']}")
        elif not any(line.lower().startswith(NO_DEVICE) for line in output.splitlines()):
            failures.append(f"GPU test '{name}' skipped, but not for want of a device: {output.strip()[-300:]!r}")

    if not has_gpu:
        if not gpu_names:
            failures.append("no test of suite gpu is defined")
        # The switch: each GPU test fails, saying why, instead of skipping.
        for test in suite_tests(build, source):
            status, output = run_test(test, {"DOTSWEEP_REQUIRE_GPU": "1"}, capture=True)
            if status != 1 or "DOTSWEEP_REQUIRE_GPU=1" not in output:
                failures.append(f"GPU test '{test['name']}' under DOTSWEEP_REQUIRE_GPU=1 without a GPU: exit {status}, "
                                f"want 1 and a line naming the switch; output {output.strip()[-300:]!r}")

    for failure in failures:
        print("FAIL: " + failure)
    if not failures:
        skipped = sorted(n for n, e in results.items() if e["result"] == "SKIP")
        print(f"test skips: {len(skipped)} of {len(results)} skipped, exactly the GPU tests ({', '.join(skipped)}); "
              "each fails under DOTSWEEP_REQUIRE_GPU=1" if not has_gpu else
              f"test skips: none outside suite gpu ({len(results)} tests; a GPU is here)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
