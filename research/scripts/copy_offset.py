#!/usr/bin/env python3
"""Reads the CSV of research/probes/copy_offset and says, per scan, how far
copies of one variant sit apart, whether a copy keeps its offset, and how
far apart the two sides of an A/A comparison would sit if each side took
its samples from k copies in turn.

Per scan, over every variant:
- copy spread: a variant's slowest copy median over its fastest, minus 1
  (pass 1);
- one copy, pass 0 to pass 1: |change| of each copy's median between the
  two passes (the drift no number of copies removes);
- the correlation of each copy's offset from its variant's mean in pass 0
  with the same in pass 1: near 1, the offset stays with the copy; near 0,
  it is noise of the pass;
- the A/A gap with k copies a side: side A's and side B's k copies drawn
  (disjoint) from the variant's copies, each side's time the median of its
  copies' pass-1 medians (where a median of samples pooled from k tight
  copies lands), gap = B / A - 1; DRAWS draws per variant and k, from a
  fixed seed, so a file always reads the same.

    research/scripts/copy_offset.py [--draws 400] probe.csv[.gz]
"""
import argparse
import math
import os
import random
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_csv import read_probe_csv  # noqa: E402

NEEDED = {"variant", "scan", "pass", "copy", "median_us"}


def nearest_rank(values, q):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def offsets(medians):
    mean = statistics.fmean(medians)
    return [m / mean - 1 for m in medians]


def aa_gaps(medians, k, draws, rng):
    """B / A - 1 for `draws` disjoint draws of k copies a side."""
    gaps = []
    for _ in range(draws):
        chosen = rng.sample(range(len(medians)), 2 * k)
        a = statistics.median(medians[c] for c in chosen[:k])
        b = statistics.median(medians[c] for c in chosen[k:])
        gaps.append(b / a - 1)
    return gaps


def pct(x):
    return f"{100 * x:.2f}%"


def report_scan(scan, variants, draws):
    count = len(next(iter(variants.values()))[1])
    spreads = {v: max(p[1]) / min(p[1]) - 1 for v, p in variants.items()}
    widest = max(spreads, key=spreads.get)
    drift = [abs(b / a - 1) for p in variants.values() for a, b in zip(p[0], p[1])]
    first = [o for p in variants.values() for o in offsets(p[0])]
    second = [o for p in variants.values() for o in offsets(p[1])]
    print(f"scan {scan}: {len(variants)} variants x {count} copies")
    print(f"  copy spread: median {pct(statistics.median(spreads.values()))}, "
          f"largest {pct(spreads[widest])} ({widest})")
    print(f"  one copy, pass 0 to pass 1: median |change| {pct(statistics.median(drift))}, "
          f"p95 {pct(nearest_rank(drift, 0.95))}")
    correlation = statistics.correlation(first, second) if statistics.pstdev(first) and statistics.pstdev(second) \
        else float("nan")
    print(f"  copy offsets, pass 0 against pass 1: correlation {correlation:.2f}")
    print(f"  A/A gap, k copies a side ({draws} draws per variant):")
    print(f"    {'k':>3} {'median':>8} {'p95':>8} {'p99':>8} {'largest':>8} {'over 2%':>8}")
    rng = random.Random(1)
    k = 1
    while 2 * k <= count:
        gaps = [abs(g) for v in sorted(variants) for g in aa_gaps(variants[v][1], k, draws, rng)]
        over = sum(g > 0.02 for g in gaps) / len(gaps)
        print(f"    {k:>3} {pct(statistics.median(gaps)):>8} {pct(nearest_rank(gaps, 0.95)):>8} "
              f"{pct(nearest_rank(gaps, 0.99)):>8} {pct(max(gaps)):>8} {pct(over):>8}")
        k *= 2


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv")
    parser.add_argument("--draws", type=int, default=400)
    args = parser.parse_args()
    if args.draws < 1:
        sys.exit("copy_offset.py: --draws must be at least 1")
    scans = defaultdict(lambda: defaultdict(lambda: ([], [])))  # scan -> variant -> (pass 0, pass 1) medians
    for row in read_probe_csv(args.csv, NEEDED, "copy_offset.py"):
        if row["pass"] not in ("0", "1"):
            sys.exit(f"copy_offset.py: pass '{row['pass']}' of {row['variant']}: the probe writes passes 0 and 1")
        try:
            median = float(row["median_us"])
        except ValueError:
            sys.exit(f"copy_offset.py: median_us '{row['median_us']}' of {row['variant']} is not a number")
        scans[row["scan"]][row["variant"]][int(row["pass"])].append(median)
    if not scans:
        sys.exit(f"copy_offset.py: {args.csv} holds no rows")
    for scan, variants in scans.items():
        for variant, (first, second) in variants.items():
            if len(first) != len(second) or len(second) < 2:
                sys.exit(f"copy_offset.py: {variant} in scan {scan}: want two passes of the same two or more copies")
        copies = {len(passes[1]) for passes in variants.values()}
        if len(copies) != 1:
            sys.exit(f"copy_offset.py: scan {scan}: the variants have different numbers of copies ({sorted(copies)})")
    for scan, variants in scans.items():
        report_scan(scan, variants, args.draws)


if __name__ == "__main__":
    main()
