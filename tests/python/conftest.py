"""Shared by the package's tests: the source root, the binary under test, a
stand-in binary that exits with a chosen status, and whether dotsweep.dot
finds a GPU (the `gpu` and `no_gpu` fixtures)."""
import os
import pathlib
import stat
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
# dotsweep._dot from the default build folder when Meson's test did not name one.
os.environ.setdefault("DOTSWEEP_EXT_DIR", str(ROOT / "build" / "python"))


def gpu_status():
    """"" when dotsweep._dot finds a CUDA device, else why not (one line)."""
    from dotsweep.dot import extension
    ext = extension()
    error, count = ext.device_count()
    if error:
        return f"no usable CUDA device ({ext.error_name(error)}: {ext.error_string(error)})"
    return "" if count > 0 else "no usable CUDA device (none found)"


@pytest.fixture
def gpu():
    """Skips a test that needs a GPU where there is none; with DOTSWEEP_REQUIRE_GPU=1 fails it instead
    (tests/gpu/gpu_skip.hpp's rule: where a GPU is meant to be, a skip would hide a broken GPU path)."""
    why = gpu_status()
    if why and os.environ.get("DOTSWEEP_REQUIRE_GPU") == "1":
        pytest.fail(f"DOTSWEEP_REQUIRE_GPU=1, but the test cannot run: {why}")
    if why:
        pytest.skip(why)


@pytest.fixture
def no_gpu():
    """For a test whose stand-in arrays would reach a real GPU's launch with addresses no kernel may read."""
    if not gpu_status():
        pytest.skip("a GPU is here: the stand-in arrays' addresses must not reach a kernel")


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def real_binary():
    """The dotsweep the build made (Meson's test sets $DOTSWEEP_BIN)."""
    path = os.environ.get("DOTSWEEP_BIN") or str(ROOT / "build/src/cli/dotsweep")
    assert os.access(path, os.X_OK), f"no dotsweep binary at {path}: build it, or set DOTSWEEP_BIN"
    return pathlib.Path(path)


def write_stand_in(path, status, message="dotsweep: planted message", signal=None):
    """An executable that prints progress and `message` on stderr, then exits
    with `status` (or kills itself with `signal`)."""
    ending = f"kill -{signal} $$" if signal else f"exit {status}"
    path.write_text("#!/bin/sh\n"
                    "echo \"$@\" > \"$0.args\"\n"
                    "printf 'progress 1/2\\rprogress 2/2\\n' >&2\n"
                    f"echo '{message}' >&2\n"
                    f"{ending}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path
