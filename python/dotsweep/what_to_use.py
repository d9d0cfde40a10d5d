"""The "What to use" table of a report's summary.md, as written by the C++
(src/core/report/what_to_use.cpp), read back into a DataFrame: one reading of
the one definition, not a second derivation of it."""
from __future__ import annotations

import math
import re

from .errors import InputError

COLUMNS = ["type", "n", "mode", "use", "median_us", "ci_lo_us", "ci_hi_us",
           "vs_cublas", "vs_cublas_lo", "vs_cublas_hi", "vs_cublas_within_noise",
           "vs_cub", "vs_cub_lo", "vs_cub_hi", "vs_cub_within_noise", "basis"]
DASH = "—"
_NUMBER = r"(—|-?[0-9]+(?:\.[0-9]+)?)"
_TIME = re.compile(rf"^{_NUMBER}(?: \[{_NUMBER}, {_NUMBER}\])?$")
_MARGIN = re.compile(rf"^{_NUMBER}x(?: \[{_NUMBER}, {_NUMBER}\])?( within noise)?$")
_SIZE = re.compile(r"^2\^([0-9]+)(?:\+([0-9]+))?$")


def size_value(label: str) -> int:
    """'2^20+3' -> 1048579, '1000003' -> 1000003 (the C++'s size_label, read back)."""
    m = _SIZE.match(label)
    if m:
        return (1 << int(m.group(1))) + int(m.group(2) or 0)
    if not label.isdigit():
        raise ValueError(f"'{label}' is not a size")
    return int(label)


def _number(text):
    return math.nan if text in (None, DASH) else float(text)


def _cells(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


def _time(cell: str, where: str):
    m = _TIME.match(cell)
    if not m:
        raise InputError(f"{where}: median '{cell}' is not 'MEDIAN [LO, HI]'")
    return [_number(m.group(1)), _number(m.group(2)), _number(m.group(3))]


def _margin(cell: str, where: str):
    if cell == DASH:
        return [math.nan, math.nan, math.nan, False]
    m = _MARGIN.match(cell)
    if not m:
        raise InputError(f"{where}: speedup '{cell}' is not 'Nx [LO, HI]'")
    return [_number(m.group(1)), _number(m.group(2)), _number(m.group(3)), m.group(4) is not None]


def section_table(summary_text: str, heading: str) -> list[str] | None:
    """The lines of the first Markdown table under `heading` (before the next heading), None without it."""
    lines = summary_text.splitlines()
    if heading not in lines:
        return None
    table = []
    for line in lines[lines.index(heading) + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    return table


def body_rows(table: list[str], where: str, width: int):
    """(where, cells) for each row below a table's header and rule, each refused unless `width` cells wide."""
    for number, line in enumerate(table[2:], start=1):
        cells = _cells(line)
        if len(cells) != width:
            raise InputError(f"{where} row {number}: {len(cells)} cells, want {width}")
        yield f"{where} row {number}", cells


def read_what_to_use(summary_text: str, path: str):
    """The table under "## What to use" of summary.md text, one row per (type, n, mode) group."""
    import pandas
    table = section_table(summary_text, "## What to use")
    if table is None:
        raise InputError(f"'{path}' has no \"## What to use\" section")
    if len(table) < 2 or _cells(table[0])[:4] != ["type", "n", "mode", "use"]:
        raise InputError(f"'{path}': the \"What to use\" section holds no table")
    rows = []
    for where, cells in body_rows(table, f"'{path}', what to use", 8):
        type_, size, mode, use, time, cublas, cub, basis = cells
        try:
            n = size_value(size)
        except ValueError as e:
            raise InputError(f"{where}: {e}") from None
        rows.append([type_, n, mode, None if use == DASH else use, *_time(time, where),
                     *_margin(cublas, where), *_margin(cub, where), basis])
    return pandas.DataFrame(rows, columns=COLUMNS)
