#!/usr/bin/env python3
"""Runs every test of Meson's suite `gpu` from a build folder configured on
another machine (one whose Meson lacks our dependencies cannot configure
the tree), the way `meson test --suite gpu` would: the tests and their
command lines, working folder and timeouts come from the build's
meson-info/intro-tests.json, so a GPU test added to a meson.build is run here
without being listed twice.

The build machine's source and build folders in those command lines become
SOURCE_ROOT and BUILD_DIR here; a program Meson found by absolute path that is
not here (python3 in a pyenv, say) is looked up on PATH by its name. Each
test's output goes to stdout; then one line per test (name, exit status,
seconds). Exit 0 only when every test exited 0: a skip (77) counts as a
failure here, where a GPU is meant to be (set DOTSWEEP_REQUIRE_GPU=1 too, so
that a test that would skip says why and fails itself).

NAMES (comma-separated test names, e.g. "gpu,gpu counters") runs only those,
so that a run can be split to fit a time limit.

Usage: gpu_suite.py BUILD_DIR SOURCE_ROOT [NAMES]
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def _mapped(word, moves):
    if os.path.isabs(word):
        word = os.path.normpath(word)  # "BUILD/../tests/x.sh" is a source file, wherever BUILD is carried
    for old, new in moves:  # the build folder first: it usually lies inside the source folder
        if word == old or word.startswith(old + os.sep):
            return new + word[len(old):]
    if os.path.isabs(word) and not os.path.exists(word):
        found = shutil.which(os.path.basename(word))
        if found:
            return found
    return word


def suite_tests(build, source, suite="gpu"):
    """The tests of `suite` in BUILD's meson-info, as dicts with name, cmd,
    env, workdir and timeout, their paths moved to BUILD and SOURCE."""
    build, source = os.path.abspath(build), os.path.abspath(source)
    info = os.path.join(build, "meson-info")
    with open(os.path.join(info, "meson-info.json")) as f:
        dirs = json.load(f)["directories"]
    with open(os.path.join(info, "intro-tests.json")) as f:
        listed = json.load(f)
    moves = [(dirs["build"], build), (dirs["source"], source)]
    tests = []
    for t in listed:
        if not any(s.split(":")[-1] == suite for s in t["suite"]):
            continue
        tests.append({
            "name": t["name"],
            "cmd": [_mapped(w, moves) for w in t["cmd"]],
            "env": {k: _mapped(v, moves) for k, v in (t.get("env") or {}).items()},
            "workdir": _mapped(t["workdir"], moves) if t.get("workdir") else build,
            "timeout": t.get("timeout") or None,
        })
    return tests


def run_test(test, extra_env=None, capture=False):
    """Runs one test; returns (exit status or "timeout" / "not run", output if captured)."""
    env = dict(os.environ, **test["env"], **(extra_env or {}))
    out = subprocess.PIPE if capture else None
    try:
        # Its own process group, so a timeout ends the sweeps a script started too.
        process = subprocess.Popen(test["cmd"], cwd=test["workdir"], env=env, start_new_session=True, stdout=out,
                                   stderr=subprocess.STDOUT if capture else None, text=True)
        try:
            output, _ = process.communicate(timeout=test["timeout"])
            return process.returncode, output or ""
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            return "timeout", output or ""
    except OSError as e:
        return "not run", f"cannot run {test['cmd'][0]}: {e}\n"


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    tests = suite_tests(sys.argv[1], sys.argv[2])
    if not tests:
        print(f"gpu_suite: no test of suite 'gpu' in {sys.argv[1]}/meson-info/intro-tests.json", file=sys.stderr)
        return 1
    if len(sys.argv) == 4 and sys.argv[3]:
        wanted = sys.argv[3].split(",")
        unknown = sorted(set(wanted) - {t["name"] for t in tests})
        if unknown:
            print(f"gpu_suite: no gpu test named {', '.join(unknown)} (there are: "
                  f"{', '.join(t['name'] for t in tests)})", file=sys.stderr)
            return 2
        tests = [t for t in tests if t["name"] in wanted]
    results = []
    for test in tests:
        print(f"=== {test['name']}: {' '.join(test['cmd'])}", flush=True)
        start = time.monotonic()
        status, output = run_test(test)
        print(output, end="", flush=True)
        results.append((test["name"], status, time.monotonic() - start))
    print(f"\n{'test':<20} {'exit':>8} {'seconds':>8}")
    for name, status, seconds in results:
        print(f"{name:<20} {status!s:>8} {seconds:8.1f}")
    failed = [name for name, status, _ in results if status != 0]
    print(f"{len(results) - len(failed)} of {len(results)} gpu tests passed" +
          (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
