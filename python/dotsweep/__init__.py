"""dotsweep from Python: the dotsweep binary's commands with its own option
checks and exit codes (as exceptions), its reports as pandas DataFrames, and
dot(a, b), the tuned dot product of two CUDA arrays.

    import dotsweep
    report = dotsweep.Report("results/baselines/h200.csv.gz")
    report.what_to_use.head()

docs/python.md describes the API."""
import os as _os

from .binary import find_binary
from .commands import GateResult, compare, export, gate, sweep
from .dot import dot, tuned_kernel
from .errors import (BinaryNotFound, CheckFailed, DotsweepError, DotTypeError, DotValueError, ExtensionNotBuilt,
                     GpuFailed, HostError, InputError, Interrupted, NoGpuError)
from .report import Report

# The extension dotsweep._dot from a folder outside the package (a build folder, or
# tools/build_python_ext.sh's), where the package has none of its own.
if _os.environ.get("DOTSWEEP_EXT_DIR"):
    __path__.append(_os.environ["DOTSWEEP_EXT_DIR"])

__all__ = ["sweep", "gate", "compare", "export", "Report", "GateResult", "find_binary", "dot", "tuned_kernel",
           "DotsweepError", "CheckFailed", "InputError", "NoGpuError", "GpuFailed", "HostError", "Interrupted",
           "BinaryNotFound", "DotTypeError", "DotValueError", "ExtensionNotBuilt"]
