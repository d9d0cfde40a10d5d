"""A dotsweep report read into pandas: its rows, best rows, samples and
context as written by the C++, the tie groups and "what to use" from the
files the C++ writes (best.csv, summary.md), and the plots through
tools/plot.py (installed as dotsweep.plot)."""
from __future__ import annotations

import contextlib
import functools
import gzip
import io
import json
import os
import pathlib
import stat
import tempfile
import zlib

from .crossover import read_crossover
from .errors import InputError
from .what_to_use import read_what_to_use

# The C++ readers' limit on a report file's text (core/io/text_file.hpp).
MAX_TEXT_BYTES = 1 << 30
# Columns without which a file is not a sweep's rows.
REQUIRED_COLUMNS = ("variant", "kind", "type", "n", "mode", "median_us", "correct")
SAMPLE_COLUMNS = ["variant", "type", "n", "mode", "launches", "sample", "us", "sm_clock_mhz", "throttled"]


def _regular_file(path: pathlib.Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def read_text(path: pathlib.Path, allow_torn_gzip: bool = False) -> str:
    """A report file's text, inflated when it ends in .gz, refused when it is
    not a regular file (a FIFO would block) or passes MAX_TEXT_BYTES (an
    inflating file would grow without bound). allow_torn_gzip: a cut-short
    last gzip member (a killed sweep's samples.csv.gz) is dropped, not refused."""
    if not _regular_file(path):
        raise InputError(f"cannot read '{path}': not a regular file")
    try:
        if path.name.endswith(".gz"):
            data = _inflate(path.read_bytes(), path, allow_torn_gzip)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_TEXT_BYTES + 1)
            if len(data) > MAX_TEXT_BYTES:
                raise InputError(f"'{path}' is over {MAX_TEXT_BYTES >> 20} MiB")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read '{path}': {e}") from None


def _inflate(data: bytes, path: pathlib.Path, allow_torn: bool) -> bytes:
    out = bytearray()
    while data:
        member_start = len(out)
        member = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out += member.decompress(data, MAX_TEXT_BYTES + 1 - len(out))
        except zlib.error as e:
            raise InputError(f"'{path}' is not valid gzip: {e}") from None
        if len(out) > MAX_TEXT_BYTES or member.unconsumed_tail:
            raise InputError(f"'{path}' inflates past {MAX_TEXT_BYTES >> 20} MiB")
        if not member.eof:
            if allow_torn:  # the whole member goes, as the C++ reader drops it (core/rows/samples_file.hpp)
                return bytes(out[:member_start])
            raise InputError(f"'{path}' is cut short (its gzip stream does not end)")
        data = member.unused_data
    return bytes(out)


def _read_csv(path: pathlib.Path, text: str | None = None):
    import pandas
    return pandas.read_csv(io.StringIO(read_text(path) if text is None else text), keep_default_na=False,
                           na_values=[""])


class Report:
    """A report: a folder (sweep.csv or sweep.csv.gz with best.csv, summary.md,
    context.json, samples.csv.gz beside it), a sweep.csv, or a NAME.csv.gz with
    NAME.best.csv, NAME.summary.md, NAME.context.json and NAME.samples.csv.gz
    beside it (results/baselines/). What is not beside it is rendered by
    `dotsweep report` when asked for (best, tie_groups, what_to_use)."""

    def __init__(self, path):
        self.path = pathlib.Path(os.fspath(path))
        if self.path.is_dir():
            folder, stem = self.path, ""
            found = [folder / name for name in ("sweep.csv", "sweep.csv.gz") if _regular_file(folder / name)]
            if not found:
                raise InputError(f"'{self.path}' holds no sweep.csv (or sweep.csv.gz)")
            self.sweep_csv = found[0]
        elif self.path.name.endswith((".csv", ".csv.gz")):
            if not _regular_file(self.path):
                raise InputError(f"cannot read '{self.path}': not a regular file")
            self.sweep_csv, folder = self.path, self.path.parent
            name = self.path.name[:-len(".csv.gz")] if self.path.name.endswith(".gz") else self.path.name[:-4]
            stem = "" if name == "sweep" else name + "."
        else:
            raise InputError(f"'{self.path}' is neither a report folder nor a .csv / .csv.gz")
        self._beside = {kind: folder / (stem + kind) for kind in
                        ("best.csv", "summary.md", "context.json", "samples.csv.gz")}
        self.rows  # read now: a file that is not a report is refused at once

    def __repr__(self) -> str:
        return f"Report('{self.path}')"

    @functools.cached_property
    def rows(self):
        """Every row of sweep.csv, one per (variant, type, n, mode)."""
        rows = _read_csv(self.sweep_csv)
        missing = [c for c in REQUIRED_COLUMNS if c not in rows.columns]
        if missing:
            raise InputError(f"'{self.sweep_csv}' is not a dotsweep report: no column {', '.join(missing)}")
        if rows.empty:
            raise InputError(f"'{self.sweep_csv}' has no rows")
        return rows

    @functools.cached_property
    def context(self) -> dict | None:
        """context.json as a dict (device, versions, options), None when there is none."""
        path = self._beside["context.json"]
        if not path.exists():
            return None
        try:
            return json.loads(read_text(path))
        except json.JSONDecodeError as e:
            raise InputError(f"'{path}' is not JSON: {e}") from None

    @functools.cached_property
    def samples(self):
        """One row per timed sample (samples.csv.gz): variant, type, n, mode, launches, sample (its index
        in the order taken), us, sm_clock_mhz, throttled. None when the report has no samples file."""
        import pandas
        path = self._beside["samples.csv.gz"]
        if not path.exists():
            return None
        per_row = pandas.read_csv(io.StringIO(read_text(path, allow_torn_gzip=True)), dtype=str,
                                  keep_default_na=False)
        lists = ["us", "sm_clock_mhz", "throttled"]
        for column in lists:
            per_row[column] = per_row[column].str.split()
        counts = per_row[lists].apply(lambda r: {len(v) for v in r}, axis=1)
        uneven = counts[counts.map(len) != 1]
        if not uneven.empty:
            raise InputError(f"'{path}', row {uneven.index[0] + 1}: us, sm_clock_mhz and throttled differ in length")
        long = per_row.explode(lists, ignore_index=False)
        long = long[long["us"].notna()]
        long.insert(5, "sample", long.groupby(level=0).cumcount())
        long = long.reset_index(drop=True)
        return long.astype({"n": "int64", "launches": "int64", "us": "float64", "sm_clock_mhz": "float64",
                            "throttled": "int64"})[SAMPLE_COLUMNS]

    @functools.cached_property
    def _rendered(self) -> pathlib.Path:
        """A folder with `dotsweep report`'s rendering of this report, for files not beside it."""
        from .commands import run
        self._scratch = tempfile.TemporaryDirectory(prefix="dotsweep-report-")
        out = pathlib.Path(self._scratch.name) / "report"
        args = [os.fspath(self.sweep_csv), "--out=" + os.fspath(out)]
        if self._beside["context.json"].exists():
            args.append("--context=" + os.fspath(self._beside["context.json"]))
        run("report", args, env={"DOTSWEEP_NO_PLOTS": "1"})  # the tables only; plot() draws on request
        return out

    def _file(self, kind: str) -> pathlib.Path:
        path = self._beside[kind]
        return path if path.exists() else self._rendered / kind

    @functools.cached_property
    def best(self):
        """best.csv: each (type, n, mode) group's fastest candidate, with its tie group."""
        return _read_csv(self._file("best.csv"))

    @functools.cached_property
    def tie_groups(self):
        """Every member of each (type, n, mode) group's tie group: the rows sweep.csv marks tied_best
        (best.csv's tie_members lists at most a few of them), with kind, rank, median and 95% interval;
        fastest marks best.csv's row, the group's fastest candidate (not a member where a library is
        faster: best.csv's verdict "baseline")."""
        if "tied_best" not in self.rows.columns:
            raise InputError(f"'{self.sweep_csv}' has no tied_best column: render it again with dotsweep report")
        keys = ["type", "n", "mode"]
        members = self.rows[self.rows["tied_best"] == 1][keys + ["variant", "kind", "rank", "median_us", "ci_lo_us",
                                                                  "ci_hi_us"]]
        fastest = self.best[keys + ["variant"]].assign(fastest=True)
        members = members.merge(fastest, on=keys + ["variant"], how="left")
        members["fastest"] = members["fastest"].fillna(False).astype(bool)
        return members.sort_values(keys + ["rank", "median_us"], kind="stable").reset_index(drop=True)

    @functools.cached_property
    def what_to_use(self):
        """summary.md's "What to use": per (type, n, mode) the kernel to use (`use`), its median and 95%
        interval, its speedup over cuBLAS and CUB with intervals and the within-noise mark, and the basis
        (winner, tie of k and export's pick, a library faster, or no recommendation)."""
        path = self._file("summary.md")
        return read_what_to_use(read_text(path), os.fspath(path))

    @functools.cached_property
    def crossover(self):
        """summary.md's "When the GPU pays off" (a --host-paths sweep): per type, mode and where the data
        starts, the n from which the GPU path is faster than the CPU, the n up to which the CPU is, and
        the CPU / GPU ratio at the largest n with the CPU row it was. None without host-path rows."""
        path = self._file("summary.md")
        return read_crossover(read_text(path), os.fspath(path))

    def plot(self, out_dir, type=None, mode=None, format="png") -> list[pathlib.Path]:
        """The report's standard plots (bandwidth against n, and the block x items heatmap at the largest
        n, of every type and mode, or of `type` and `mode`) into out_dir, through tools/plot.py (what
        `dotsweep` draws after a sweep); returns the files written. Needs matplotlib."""
        plot = plot_module()
        picked = (["--type", type] if type else []) + (["--mode", mode] if mode else [])
        written = []
        for command in ("bandwidth", "heatmap"):
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    status = plot.main([command, os.fspath(self.sweep_csv), "--out", os.fspath(out_dir),
                                        "--format", format, *picked])
                except SystemExit as e:  # argparse, or matplotlib missing (3)
                    status = e.code
            if status != 0:
                message = (stderr.getvalue().strip().splitlines() or [f"plot.py {command} exited {status}"])[-1]
                raise InputError(message, status=status)
            written += [pathlib.Path(line) for line in stdout.getvalue().splitlines() if line]
        return written


def plot_module():
    """tools/plot.py: installed beside this package as dotsweep.plot, or from the source tree."""
    try:
        from . import plot
        return plot
    except ImportError:
        pass
    import importlib.util
    source = pathlib.Path(__file__).resolve().parents[2] / "tools" / "plot.py"
    if not source.is_file():
        raise ImportError("dotsweep.plot is not installed and tools/plot.py is not beside this package")
    spec = importlib.util.spec_from_file_location("dotsweep_tools_plot", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
