#!/usr/bin/env python3
"""Writes a sweep.csv of ROWS rows over SIZES sizes, made from a real report.

Usage: many_sizes.py REPORT_BASE SIZES ROWS_PER_SIZE OUT_CSV

REPORT_BASE names REPORT_BASE.csv.gz; OUT_CSV's context is REPORT_BASE's
context.json, copied beside it by the caller. The f32 rows of one measured
size (cuBLAS and CUB, then candidates in file order) are repeated at
SIZES sizes, n = 4096 + 3k: every field as measured but n, so each row
passes the row reader's limits. Read by report and export tests of time
that must grow with the rows, not with their square.
"""
import csv
import gzip
import sys


def main():
    base, sizes, per_size, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    with gzip.open(base + ".csv.gz", "rt", newline="") as f:
        reader = csv.DictReader(f)
        fields = reader.fieldnames
        rows = [r for r in reader if r["type"] == "f32" and r["mode"] == "cold"]
    measured = max({r["n"] for r in rows}, key=lambda n: sum(r["n"] == n for r in rows))
    at_n = [r for r in rows if r["n"] == measured]
    libraries = [r for r in at_n if r["variant"] in ("cublas", "cub")]
    template = (libraries + [r for r in at_n if r["kind"] == "candidate"])[:per_size]
    with open(out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for k in range(sizes):
            for row in template:
                writer.writerow(dict(row, n=str(4096 + 3 * k)))


if __name__ == "__main__":
    main()
