#!/usr/bin/env python3
"""How a report reads against a baseline of the same tree, per size.

For each report and each n (cold rows unless --mode), over the correct rows
both hold: the median of the report's median over the baseline's for the
candidates and for the libraries (cuBLAS and CUB), and the median of the
baseline's median minus the report's for the one-kernel candidates (every
finish but the two-pass one), in us. With --by-type both are given for the
one-kernel candidates of each element type, in the order a sweep measures
the types. With --spread, instead: how far the candidates' ratios spread,
the 90th percentile (nearest rank) of |ratio - 1|, and of the same after
dividing each ratio by the median ratio of its type: how much of a report's
difference a factor common to every candidate of a (type, n) group explains.

This is the table of results/2026-12-05-sweep-history/README.md: with no
code change, a row's time depends on what its process swept before it
(docs/measuring.md, "What the process swept before").

    research/scripts/ratio_to_baseline.py BASELINE.csv[.gz] REPORT.csv[.gz] ... [--sizes 2^20,1000003] [--by-type | --spread]
                               [--mode cold]
"""
import argparse
import csv
import gzip
import re
import statistics
import sys

TYPES = ["f32", "f64", "f16", "bf16"]
LIBRARIES = {"cublas", "cub"}


def size_of(text):
    match = re.fullmatch(r"2\^(\d+)([+-]\d+)?", text)
    return 2 ** int(match.group(1)) + int(match.group(2) or 0) if match else int(text)


def size_label(n):
    """As dotsweep prints n (core/space/size_list.cpp): 2^20, 2^20+3 or the number."""
    for k in range(1, 40):
        if n == 2 ** k:
            return f"2^{k}"
        if k >= 10 and 0 < n - 2 ** k <= 16:
            return f"2^{k}+{n - 2 ** k}"
    return str(n)


def correct_rows(path, mode):
    opener = gzip.open if path.endswith(".gz") else open
    rows = {}
    with opener(path, "rt", newline="") as f:
        for row in csv.DictReader(f):
            if row["correct"] == "1" and row["mode"] == mode and row["median_us"]:
                rows[(row["variant"], row["type"], int(row["n"]))] = (float(row["median_us"]), row["kind"])
    return rows


def one_kernel(variant):
    return ".2pass." not in variant


def cell(ratios, gaps):
    if not ratios:
        return "-"
    return f"{statistics.median(ratios):.3f} ({statistics.median(gaps):+.2f})" if gaps else f"{statistics.median(ratios):.3f}"


def p90(values):
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def spread_cells(ratios):
    """p90 of |ratio - 1|, and of |ratio / its type's median ratio - 1|, in percent."""
    within = []
    for t in TYPES:
        mine = [r for (variant, type_, n), r in ratios.items() if type_ == t]
        if mine:
            middle = statistics.median(mine)
            within += [abs(r / middle - 1) for r in mine]
    return [f"{100 * p90([abs(r - 1) for r in ratios.values()]):.1f}%", f"{100 * p90(within):.1f}%"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("baseline")
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--sizes", help="comma-separated n, e.g. 2^20,1000003 (default: every n both hold)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--by-type", action="store_true")
    group.add_argument("--spread", action="store_true")
    parser.add_argument("--mode", default="cold")
    args = parser.parse_args()
    try:
        wanted = {size_of(s) for s in args.sizes.split(",")} if args.sizes else None
    except (ValueError, AttributeError):
        parser.error(f"--sizes: '{args.sizes}' is not a list of sizes such as 2^20,1000003")
    base = correct_rows(args.baseline, args.mode)
    if not base:
        sys.exit(f"ratio_to_baseline: {args.baseline} holds no correct {args.mode} row")
    groups = TYPES if args.by_type else ["candidates"]
    if args.spread:
        print("\t".join(["report", "n", "p90 |ratio - 1|", "p90 within type"]))
    else:
        print("\t".join(["report", "n"] + groups + ([] if args.by_type else ["libraries"])))
    for path in args.reports:
        rows = correct_rows(path, args.mode)
        shared = [key for key in rows if key in base]
        for n in sorted({key[2] for key in shared}):
            if wanted is not None and n not in wanted:
                continue
            keys = [key for key in shared if key[2] == n]
            if args.spread:
                ratios = {k: rows[k][0] / base[k][0] for k in keys if rows[k][1] == "candidate"}
                print("\t".join([path.rsplit("/", 1)[-1], size_label(n)] + spread_cells(ratios)))
                continue
            cells = []
            for group in groups:
                mine = [k for k in keys if rows[k][1] == "candidate" and (group == "candidates" or
                                                                     (k[1] == group and one_kernel(k[0])))]
                cells.append(cell([rows[k][0] / base[k][0] for k in mine],
                                  [base[k][0] - rows[k][0] for k in mine if one_kernel(k[0])]))
            if not args.by_type:
                cells.append(cell([rows[k][0] / base[k][0] for k in keys if k[0] in LIBRARIES], []))
            print("\t".join([path.rsplit("/", 1)[-1], size_label(n)] + cells))


if __name__ == "__main__":
    main()
