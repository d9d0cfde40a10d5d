"""dotsweep from Python: the dotsweep binary's commands with its own option
checks and exit codes (as exceptions), and its reports as pandas DataFrames.

    import dotsweep
    report = dotsweep.Report("results/baselines/h200.csv.gz")
    report.what_to_use.head()

docs/python.md describes the API."""
from .binary import find_binary
from .commands import GateResult, compare, export, gate, sweep
from .errors import (BinaryNotFound, CheckFailed, DotsweepError, GpuFailed, HostError, InputError, Interrupted,
                     NoGpuError)
from .report import Report

__all__ = ["sweep", "gate", "compare", "export", "Report", "GateResult", "find_binary", "DotsweepError",
           "CheckFailed", "InputError", "NoGpuError", "GpuFailed", "HostError", "Interrupted", "BinaryNotFound"]
