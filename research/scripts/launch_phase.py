#!/usr/bin/env python3
"""Reads the CSV of research/probes/launch_phase and tests the launch-count model.

Prints, per scan and operation, one mark per point in the order measured:
'.' within 0.15 us of the scan's fastest point, 's' 0.15-0.45 us slower,
'S' more than 0.45 us slower. Then the model: a two-kernel point is late
(S) or not according to how many kernel launches the stream saw before its
timed samples, modulo 4. The probe's launches are known: each point runs the
operation once untimed, then SAMPLES samples of (L2-evicting read, blocking
kernel, the operation's one or two kernels); pad_launches adds K empty-kernel
launches before point K. The late phases are learned from the partials,
result and pad_records scans (no launches added there) and then predict
every pad_launches point, which the probe moved by 0..15 launches.

    research/scripts/launch_phase.py [--samples 100] launch-phase.csv
"""
import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_csv import read_probe_csv  # noqa: E402


def mark(value, fastest):
    return "S" if value - fastest > 0.45 else ("s" if value - fastest > 0.15 else ".")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv")
    parser.add_argument("--samples", type=int, default=100)
    args = parser.parse_args()
    rows = read_probe_csv(args.csv, {"scan", "param", "operation", "median_us"}, "launch_phase.py")
    scans = []
    for row in rows:
        if row["scan"] not in scans:
            scans.append(row["scan"])
    for scan in scans:
        for op in ("two_kernels", "first_kernel", "two_kernels_graph"):
            values = [float(r["median_us"]) for r in rows if r["scan"] == scan and r["operation"] == op]
            if values:
                fastest = min(values)
                print(f"{scan:13s} {op:18s} {fastest:6.2f}..{max(values):6.2f} us  "
                      + "".join(mark(v, fastest) for v in values))
    # Launches before each stream-launched point's timed samples.
    launched = 0
    phases = []  # (scan, phase mod 4, late) of two-kernel points
    for row in rows:
        if row["operation"] not in ("two_kernels", "first_kernel"):
            continue
        if row["scan"] == "pad_launches" and row["operation"] == "two_kernels":
            launched += int(row["param"])
        kernels = 2 if row["operation"] == "two_kernels" else 1
        launched += kernels  # the untimed launch
        if kernels == 2:
            fastest = min(float(r["median_us"]) for r in rows if r["scan"] == row["scan"] and r["operation"] == "two_kernels")
            phases.append((row["scan"], launched % 4, mark(float(row["median_us"]), fastest) == "S"))
        launched += args.samples * (2 + kernels)
    learned = Counter()
    for scan, phase, late in phases:
        if scan != "pad_launches":
            learned[(phase, late)] += 1
    late_phases = {p for p in range(4) if learned[(p, True)] > learned[(p, False)]}
    tested = [(phase in late_phases) == late for scan, phase, late in phases if scan == "pad_launches"]
    print(f"late phases (launches mod 4), learned from the other scans: {sorted(late_phases)} "
          f"({sum(learned.values())} points, {sum(min(learned[(p, True)], learned[(p, False)]) for p in range(4))} against)")
    print(f"pad_launches: the model predicts {sum(tested)} of {len(tested)} points")


if __name__ == "__main__":
    main()
