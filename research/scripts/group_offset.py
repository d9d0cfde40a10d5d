#!/usr/bin/env python3
"""Reads the CSV of research/probes/group_offset and says, per scan, whether
changing that one thing moves a cold launch-bound time.

For each probe process and scan, over its points: the smallest and largest
point median of OPERATION (the empty kernel unless told), their spread, and
the scan's middle point median against the 'same' scan's (the level it sits
at). A scan "holds" when its spread is at most one event tick (0.032 us: the
events cannot tell such points apart) and "steps" otherwise. Then one line
per scan over every process: in how many it held, the largest spread and the
range of its level.

A CSV with `build` and `process` columns (results/2026-12-04-launch-residual/
probes.csv.gz, several probe runs in one file) is read per process; the
probe's own output is one process.

    research/scripts/group_offset.py [--operation empty] probes.csv[.gz]
"""
import argparse
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_csv import read_probe_csv  # noqa: E402

TICK_US = 0.032
NEEDED = {"scan", "param", "operation", "median_us"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv")
    parser.add_argument("--operation", default="empty")
    args = parser.parse_args()
    points = defaultdict(list)  # (process, scan) -> point medians in order
    scans = []
    for row in read_probe_csv(args.csv, NEEDED, "group_offset.py"):
        if row["operation"] != args.operation:
            continue
        process = f"{row.get('build', '-')}{row.get('process', '')}"
        points[(process, row["scan"])].append(float(row["median_us"]))
        if row["scan"] not in scans:
            scans.append(row["scan"])
    if not points:
        sys.exit(f"group_offset.py: no points of operation '{args.operation}' in {args.csv}")
    processes = sorted({p for p, _ in points})
    overall = defaultdict(list)  # scan -> (spread, level) per process
    for process in processes:
        same = points.get((process, "same"))
        print(f"process {process} ({args.operation}; one event tick = {TICK_US} us)")
        print(f"  {'scan':<18} {'points':>6} {'min':>7} {'max':>7} {'spread':>7} {'vs same':>8}")
        for scan in scans:
            values = points.get((process, scan))
            if not values:
                continue
            spread = max(values) - min(values)
            level = statistics.median(values) - statistics.median(same) if same else float("nan")
            overall[scan].append((spread, level))
            verdict = "holds" if spread <= TICK_US + 1e-9 else "steps"
            print(f"  {scan:<18} {len(values):>6} {min(values):>7.3f} {max(values):>7.3f} {spread:>7.3f} "
                  f"{level:>+8.3f}  {verdict}")
    print(f"over {len(processes)} processes")
    for scan in scans:
        spreads = [s for s, _ in overall[scan]]
        levels = [lv for _, lv in overall[scan]]
        held = sum(s <= TICK_US + 1e-9 for s in spreads)
        print(f"  {scan:<18} holds in {held} of {len(spreads)}; largest spread {max(spreads):.3f} us; "
              f"vs same {min(levels):+.3f} to {max(levels):+.3f} us")


if __name__ == "__main__":
    main()
