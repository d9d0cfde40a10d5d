"""The exceptions: one class per exit status of the dotsweep command
(docs/cli.md, "Exit status"), all under DotsweepError. Each carries the
command's one-line message from stderr (`message`), its exit status
(`status`) and the command line it ran (`command`)."""
from __future__ import annotations


class DotsweepError(Exception):
    """A dotsweep command that did not succeed; also an exit status docs/cli.md
    does not list (a crash: status < 0 is the signal that ended it)."""

    status: int | None = None

    def __init__(self, message: str, status: int | None = None, command: list[str] | None = None,
                 stderr: str = ""):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.command = list(command or [])
        self.stderr = stderr  # the last lines of stderr, for a failure whose cause spans more than one


class CheckFailed(DotsweepError):
    """Exit 1: `list --compile` found a variant that does not compile; ab, fleet or distributed failed
    their check. (`gate` returns a GateResult for exit 1 instead.)"""
    status = 1


class InputError(DotsweepError):
    """Exit 2: bad or incompatible input, refused before the GPU is looked for, with nothing written."""
    status = 2


class NoGpuError(DotsweepError):
    """Exit 3: no usable GPU (distributed: or no NCCL)."""
    status = 3


class GpuFailed(DotsweepError):
    """Exit 4: the GPU failed during the run; the rows measured so far stay in sweep.csv."""
    status = 4


class HostError(DotsweepError):
    """Exit 5: a host-side failure (out of host memory, a file system error, an internal error)."""
    status = 5


class Interrupted(DotsweepError):
    """Exit 130: interrupted by Ctrl-C or SIGTERM; the report is written and can be resumed."""
    status = 130


class BinaryNotFound(DotsweepError):
    """No dotsweep binary to run (none installed with the package, none at $DOTSWEEP_BIN, none on PATH)."""


class DotTypeError(InputError, TypeError):
    """dotsweep.dot: an argument of the wrong kind (not a CUDA array, a dtype dot does not take, two
    dtypes, a stream that is none); also a TypeError."""


class DotValueError(InputError, ValueError):
    """dotsweep.dot: arrays dot cannot read as they are (not 1-D, two lengths, strided, in host memory, on
    two GPUs, not aligned as the kernel needs, a null pointer) or an `out` it cannot write; also a ValueError."""


class ExtensionNotBuilt(DotsweepError, ImportError):
    """dotsweep.dot: the extension dotsweep._dot is not installed and not in $DOTSWEEP_EXT_DIR, or does not
    load; also an ImportError."""


BY_STATUS = {cls.status: cls for cls in (CheckFailed, InputError, NoGpuError, GpuFailed, HostError, Interrupted)}


def error_for(status: int, message: str, command: list[str], stderr: str = "") -> DotsweepError:
    """The exception for a command that exited with `status`."""
    return BY_STATUS.get(status, DotsweepError)(message, status, command, stderr)
