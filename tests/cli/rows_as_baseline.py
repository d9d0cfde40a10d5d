#!/usr/bin/env python3
"""Prints the rows of REPORT (a sweep.csv) in the columns of BASELINE (a
.csv.gz), less its first two (rank and tied_best, ranked anew by each
build): what a merge of shards cut from BASELINE must give back, whatever
columns this build has added since.
Usage: rows_as_baseline.py BASELINE.csv.gz REPORT.csv"""
import csv
import gzip
import sys

header = next(csv.reader(gzip.open(sys.argv[1], "rt", newline="")))
out = csv.writer(sys.stdout, lineterminator="\n")
for row in csv.DictReader(open(sys.argv[2], newline="")):
    out.writerow(row[c] for c in header[2:])
