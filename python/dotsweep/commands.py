"""The dotsweep command run as its own process: keyword arguments become the
CLI's long options, the CLI checks them, and an exit status other than
success becomes the exception of that status (errors.py)."""
from __future__ import annotations

import dataclasses
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ElementTree

from .binary import find_binary
from .errors import BinaryNotFound, error_for

# Kept of stderr for the error message: enough for its last lines, bounded
# however long a sweep's progress output runs.
STDERR_TAIL_BYTES = 64 * 1024


def option_args(options: dict) -> list[str]:
    """`min_samples=10` -> `--min-samples=10`; True -> the bare flag; False and
    None -> left out; a list or tuple -> a comma list. The value stays as typed
    (`--name=value`, so one starting with '-' is not read as an option)."""
    args = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            args.append(flag)
        elif isinstance(value, (list, tuple)):
            args.append(flag + "=" + ",".join(_text(v) for v in value))
        else:
            args.append(flag + "=" + _text(value))
    return args


def _text(value) -> str:
    return os.fspath(value) if isinstance(value, os.PathLike) else str(value)


@dataclasses.dataclass
class Completed:
    command: list[str]
    status: int
    stdout: str
    stderr_tail: str


def _message(stderr_tail: str, command: list[str], status: int) -> str:
    """The command's one-line message: its last line on stderr that says
    "dotsweep...", else its last line, else the exit status."""
    lines = [line.rsplit("\r", 1)[-1].strip() for line in stderr_tail.splitlines()]
    lines = [line for line in lines if line]
    for line in reversed(lines):
        if line.startswith("dotsweep"):
            return line
    if lines:
        return lines[-1]
    return f"dotsweep {command[1] if len(command) > 1 else ''} exited with status {status}".replace("  ", " ")


def run(subcommand: str, args: list[str], echo: bool = False, env: dict | None = None) -> Completed:
    """Runs `dotsweep SUBCOMMAND ARGS`, no standard input, with `env` added to
    the environment. With echo its output is passed on as it comes (a sweep's
    progress). Raises the exception of its exit status unless that is 0, or 1
    for `gate` (its verdict)."""
    command = [os.fspath(find_binary()), subcommand, *args]
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=dict(os.environ, **env) if env else None)
    except OSError as e:  # not a program this machine runs (another architecture, a script without #!)
        raise BinaryNotFound(f"cannot run '{command[0]}': {e.strerror}", command=command) from None
    stdout_chunks = []
    stderr_tail = bytearray()

    def pump_stdout():
        for chunk in iter(lambda: os.read(process.stdout.fileno(), 65536), b""):
            stdout_chunks.append(chunk)
            if echo:
                sys.stdout.write(chunk.decode("utf-8", "replace"))
                sys.stdout.flush()

    def pump_stderr():
        for chunk in iter(lambda: os.read(process.stderr.fileno(), 65536), b""):
            stderr_tail.extend(chunk)
            del stderr_tail[:-STDERR_TAIL_BYTES]
            if echo:
                sys.stderr.write(chunk.decode("utf-8", "replace"))
                sys.stderr.flush()

    pumps = [threading.Thread(target=pump_stdout, daemon=True), threading.Thread(target=pump_stderr, daemon=True)]
    for pump in pumps:
        pump.start()
    try:
        status = process.wait()
    except KeyboardInterrupt:
        # The terminal's Ctrl-C reached dotsweep too: it writes its report and
        # exits 130, which is raised below as Interrupted.
        status = process.wait()
    for pump in pumps:
        pump.join()
    process.stdout.close()
    process.stderr.close()
    completed = Completed(command, status, b"".join(stdout_chunks).decode("utf-8", "replace"),
                          bytes(stderr_tail).decode("utf-8", "replace"))
    if status != 0 and not (subcommand == "gate" and status == 1):
        raise error_for(status, _message(completed.stderr_tail, command, status), command, completed.stderr_tail)
    return completed


# ---- sweep ----

# The sweep's closing line (src/sweep/sweep_runner.cpp): "sweep took 2 min 11 s; NVRTC compiled ...; reports in DIR".
_REPORT_LINE = re.compile(r"^sweep took .*; reports in (.+)$", re.M)


def report_folders(stdout: str) -> list[pathlib.Path]:
    """The report folders a sweep names in its closing lines, in order."""
    return [pathlib.Path(m.group(1)) for m in _REPORT_LINE.finditer(stdout)]


def sweep(echo: bool = True, **options):
    """`dotsweep sweep` with these options (space=, sizes=[...], mode=["cold", "hot"], out=, ...).
    Returns the Report of its folder (a list of Reports when it wrote several, as with devices=)."""
    from .report import Report
    completed = run("sweep", option_args(options), echo=echo)
    folders = report_folders(completed.stdout)
    if not folders and options.get("out") is not None:
        folders = [pathlib.Path(_text(options["out"]))]
    reports = [Report(folder) for folder in folders]
    return reports[0] if len(reports) == 1 else reports


# ---- gate ----

@dataclasses.dataclass
class GateResult:
    """`dotsweep gate`'s verdict: passed is exit 0, failed exit 1."""
    passed: bool
    status: int
    summary: str        # its closing line, e.g. "gate: PASS, 24 SAME, ... of 30 rows compared"
    text: str           # everything it printed
    rows: "object"      # pandas DataFrame: type, n, mode, variant, verdict, detail per row compared

    def __bool__(self) -> bool:
        return self.passed


def _junit_rows(path: pathlib.Path):
    """One row per testcase of the gate's JUnit file (classname dotsweep.gate.TYPE.nN.MODE)."""
    import pandas
    rows = []
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        _, _, type_, n, mode = case.get("classname").split(".")
        outcome = case.find("failure")
        if outcome is None:
            outcome = case.find("skipped")
        text = outcome.get("message") if outcome is not None else (case.findtext("system-out") or "")
        verdict, _, detail = text.partition(": ")
        rows.append({"type": type_, "n": int(n[1:]), "mode": mode, "variant": case.get("name"),
                     "verdict": verdict, "detail": detail})
    return pandas.DataFrame(rows, columns=["type", "n", "mode", "variant", "verdict", "detail"])


def gate(baseline, current, noise=None, **options) -> GateResult:
    """`dotsweep gate --baseline BASELINE --current CURRENT... [--noise A1 A2...]` with these options
    (threshold=, only=, cross_hardware=True, require_all=True, junit=, markdown=, min_gap_us=, ...).
    Returns a GateResult for a pass (exit 0) and a fail (exit 1); raises for anything else."""
    currents = [current] if isinstance(current, (str, os.PathLike)) else list(current)
    with tempfile.TemporaryDirectory(prefix="dotsweep-gate-") as scratch:
        junit = options.pop("junit", None) or pathlib.Path(scratch) / "gate.xml"
        args = ["--baseline=" + _text(baseline), *option_args(options), "--junit=" + _text(junit)]
        if noise:
            args += ["--noise", *(_text(p) for p in noise)]
        args += ["--current", *(_text(p) for p in currents)]
        completed = run("gate", args)
        rows = _junit_rows(pathlib.Path(junit))
    lines = [line for line in completed.stdout.splitlines() if line.startswith("gate: ")]
    return GateResult(completed.status == 0, completed.status, lines[-1] if lines else "", completed.stdout, rows)


# ---- compare, export ----

def compare(*reports, markdown=None) -> str:
    """`dotsweep compare REPORT...`: the side-by-side text it prints (also written to markdown= when given)."""
    args = option_args({"markdown": markdown}) + ["--", *(_text(p) for p in reports)]
    return run("compare", args).stdout


def export(*reports, header=None, kernel_tuner=None, nvbench=None, mode=None) -> dict:
    """`dotsweep export REPORT... --header H --kernel-tuner DIR --nvbench J --mode cold|hot`.
    Returns the paths written: {"header": Path, "nvbench": Path, "kernel_tuner": [Path, ...]}, each
    only when asked for."""
    args = option_args({"header": header, "kernel_tuner": kernel_tuner, "nvbench": nvbench, "mode": mode})
    run("export", args + ["--", *(_text(p) for p in reports)])
    written = {}
    if header is not None:
        written["header"] = pathlib.Path(_text(header))
    if nvbench is not None:
        written["nvbench"] = pathlib.Path(_text(nvbench))
    if kernel_tuner is not None:
        written["kernel_tuner"] = sorted(pathlib.Path(_text(kernel_tuner)).glob("dot_*.json"))
    return written
