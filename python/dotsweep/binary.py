"""Which `dotsweep` binary the package runs.

In order: the one installed with this package (the wheel puts it in its
scripts folder, e.g. <venv>/bin/dotsweep), else $DOTSWEEP_BIN, else
`dotsweep` on PATH. None of them: BinaryNotFound, naming all three.
"""
from __future__ import annotations

import importlib.metadata
import os
import pathlib
import shutil

from .errors import BinaryNotFound

ENV_VARIABLE = "DOTSWEEP_BIN"


def _is_executable(path: pathlib.Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def installed_binary() -> pathlib.Path | None:
    """The `dotsweep` of the distribution this very package file belongs to.

    Its RECORD lists every file the wheel installed; the binary is the one
    named `dotsweep` in a scripts folder. A source checkout on PYTHONPATH has
    no RECORD naming its files, so a dotsweep installed elsewhere in the same
    environment is not taken for its own."""
    try:
        files = importlib.metadata.distribution("dotsweep").files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    here = pathlib.Path(__file__).resolve()
    located = {pathlib.Path(f.locate()).resolve(): f for f in files}
    if here not in located:
        return None
    for path, record in located.items():
        if record.name == "dotsweep" and record.parent.name == "bin" and _is_executable(path):
            return path
    return None


def find_binary() -> pathlib.Path:
    """The binary to run: installed with the package, else $DOTSWEEP_BIN, else on PATH."""
    installed = installed_binary()
    if installed is not None:
        return installed
    from_env = os.environ.get(ENV_VARIABLE, "")
    if from_env:
        path = pathlib.Path(from_env)
        if not _is_executable(path):
            raise BinaryNotFound(f"${ENV_VARIABLE} is '{from_env}', which is not an executable file")
        return path
    on_path = shutil.which("dotsweep")
    if on_path is not None:
        return pathlib.Path(on_path)
    raise BinaryNotFound(
        "no dotsweep binary: none installed with this package (pip install . from the dotsweep sources), "
        f"${ENV_VARIABLE} is not set, and no dotsweep is on PATH")
