"""The "When the GPU pays off" table of a report's summary.md (a --host-paths
sweep), as written by the C++ (src/core/report/crossover_markdown.cpp), read
back into a DataFrame: one reading of the C++'s crossover rule, not a second
derivation of it."""
from __future__ import annotations

import re

from .errors import InputError
from .what_to_use import _cells, body_rows, section_table, size_value

COLUMNS = ["type", "mode", "data_starts_in", "gpu_faster_from", "cpu_faster_up_to", "cpu_over_gpu", "largest_n",
           "cpu_row"]
HEADER = ["type", "mode", "data starts in", "GPU faster from n", "CPU faster up to n", "CPU / GPU at the largest n"]
_RATIO = re.compile(r"^([0-9.e+-]+|inf)x at (\S+) \((.+)\)$")


def read_crossover(summary_text: str, path: str):
    """The table under "## When the GPU pays off", one row per (type, mode, where the data starts);
    None when summary.md has no such section (a sweep without --host-paths). gpu_faster_from is <NA>
    where the GPU path does not win up to the largest n, cpu_faster_up_to where the CPU never wins."""
    import pandas
    table = section_table(summary_text, "## When the GPU pays off")
    if table is None:
        return None
    if len(table) < 2 or _cells(table[0]) != HEADER:
        raise InputError(f"'{path}': the \"When the GPU pays off\" section holds no crossover table")
    rows = []
    for where, cells in body_rows(table, f"'{path}', crossover", 6):
        type_, mode, starts_in, gpu_from, cpu_up_to, ratio = cells
        m = _RATIO.match(ratio)
        try:
            if not m:
                raise ValueError(f"'{ratio}' is not 'RATIOx at N (CPU ROW)'")
            largest = size_value(m.group(2))
            gpu = None if gpu_from == f"not up to {m.group(2)}" else size_value(gpu_from)
            cpu = None if cpu_up_to == "never" else size_value(cpu_up_to)
        except ValueError as e:
            raise InputError(f"{where}: {e}") from None
        rows.append([type_, mode, starts_in, gpu, cpu, float(m.group(1)), largest, m.group(3)])
    frame = pandas.DataFrame(rows, columns=COLUMNS)
    return frame.astype({"gpu_faster_from": "Int64", "cpu_faster_up_to": "Int64"})
