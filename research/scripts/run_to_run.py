#!/usr/bin/env python3
"""Run-to-run stability of two or more reports of the same sweep.

For each correct row present in every report, the spread of its medians
(largest over smallest) is compared with a tolerance of max(PCT% of the
smallest median, FLOOR_US): a row further apart than that "moved". Prints,
per n and per kind (the finish of a variant, the name of a baseline), how
many rows moved, the share and the median spread; the share of rows whose
medians lie more than ABS_US apart, and the 99th percentile of that
distance in us; then one total line.

With --split K the reports are two sides instead, the first K and the rest,
and each side's median of a row is the median of its reports' medians: how
far apart two runs would be that each pooled that many processes.

    research/scripts/run_to_run.py [--pct 2] [--floor-us 0.1] [--abs-us 0.5] [--mode cold] [--split K] A.csv[.gz] B.csv[.gz] [C ...]
"""
import argparse
import csv
import gzip
import statistics
import sys
from collections import defaultdict


def rows_of(path, mode):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        for row in csv.DictReader(f):
            if row["correct"] != "1" or not row["median_us"] or row["mode"] != mode:
                continue
            yield (row["variant"], row["type"], int(row["n"])), row


def kind_of(row):
    if row["kind"] == "candidate":
        return row.get("finish") or row["variant"].split(".")[-3]
    return row["variant"].split(".")[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--pct", type=float, default=2.0)
    parser.add_argument("--floor-us", type=float, default=0.1)
    parser.add_argument("--abs-us", type=float, default=0.5)
    parser.add_argument("--mode", default="cold")
    parser.add_argument("--split", type=int, default=0)  # 0: one side per report
    args = parser.parse_args()
    if len(args.reports) < 2:
        parser.error("give at least two reports")
    if args.split and not 0 < args.split < len(args.reports):
        parser.error(f"--split {args.split} leaves a side without reports (give 1..{len(args.reports) - 1})")
    runs = [dict(rows_of(path, args.mode)) for path in args.reports]
    common = set(runs[0]).intersection(*runs[1:])
    if not common:
        sys.exit("run_to_run: the reports share no correct row")
    by_n = defaultdict(list)
    by_kind = defaultdict(list)
    for key in common:
        medians = [float(run[key]["median_us"]) for run in runs]
        if args.split:
            medians = [statistics.median(medians[:args.split]), statistics.median(medians[args.split:])]
        lo, hi = min(medians), max(medians)
        moved = hi - lo > max(args.pct / 100 * lo, args.floor_us)
        entry = (moved, hi / lo - 1, hi - lo)
        by_n[key[2]].append(entry)
        by_kind[kind_of(runs[0][key])].append(entry)

    def line(label, entries):
        moved = sum(1 for m, _, _ in entries if m)
        spread = statistics.median(s for _, s, _ in entries) * 100
        apart = sorted(a for _, _, a in entries)
        beyond = sum(1 for a in apart if a > args.abs_us)
        p99 = apart[min(len(apart) - 1, int(0.99 * len(apart)))]
        return (f"{label:>16} {len(entries):7d} {moved:7d} {100 * moved / len(entries):7.1f}% {spread:9.2f}%"
                f" {100 * beyond / len(entries):9.1f}% {p99:8.3f}")

    def header(label):
        return (f"{label:>16} {'rows':>7} {'moved':>7} {'share':>8} {'median spread':>9}"
                f" {'> ' + format(args.abs_us, 'g') + ' us':>10} {'p99 us':>8}")

    sides = f", the first {args.split} against the other {len(runs) - args.split}" if args.split else ""
    print(f"rows further apart than max({args.pct}%, {args.floor_us} us), mode {args.mode}, {len(runs)} reports{sides}")
    print(header("by n"))
    for n in sorted(by_n):
        print(line(f"n={n}", by_n[n]))
    print(header("by kind"))
    for kind in sorted(by_kind):
        print(line(kind, by_kind[kind]))
    print(line("all", [e for entries in by_n.values() for e in entries]))


if __name__ == "__main__":
    main()
