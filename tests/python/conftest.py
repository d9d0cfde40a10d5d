"""Shared by the package's tests: the source root, the binary under test and
a stand-in binary that exits with a chosen status."""
import os
import pathlib
import stat
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))


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
