#!/usr/bin/env python3
"""Cuts one shard's report folder out of a whole committed report, as the
shard's own sweep would have left it: context.json with its `shard`, and the
sweep.csv rows of the shard's (type, n, mode) groups, byte for byte.

Usage: cut_shard.py REPORT_BASE GROUPS_FILE I N OUT_DIR
REPORT_BASE names REPORT_BASE.context.json and REPORT_BASE.csv.gz;
GROUPS_FILE holds `dotsweep list --shard I/N` output (its "group" lines).
"""
import csv
import gzip
import json
import os
import sys


def main():
    base, groups_file, index, count, out = sys.argv[1:6]
    groups = set()
    with open(groups_file) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "group":
                groups.add(tuple(fields[1:4]))
    os.makedirs(out)
    with open(base + ".context.json") as f:
        context = json.load(f)
    context["shard"] = {"index": int(index), "count": int(count)}
    with open(os.path.join(out, "context.json"), "w") as f:
        json.dump(context, f, indent=2)
    with gzip.open(base + ".csv.gz", "rt", newline="") as f:
        lines = f.read().splitlines(keepends=True)
    header = next(csv.reader([lines[0]]))
    t, n, m = header.index("type"), header.index("n"), header.index("mode")
    with open(os.path.join(out, "sweep.csv"), "w", newline="") as f:
        f.write(lines[0])
        for line in lines[1:]:
            row = next(csv.reader([line]))
            if (row[t], row[n], row[m]) in groups:
                f.write(line)


if __name__ == "__main__":
    main()
