#!/usr/bin/env python3
"""Per n, the candidate rows' verdicts and how wide B/A's interval was, from
`dotsweep ab --junit` files (gzipped or not): intervals.py FILE [FILE ...]"""
import gzip
import re
import statistics
import sys
from collections import Counter

ROW = re.compile(r'classname="dotsweep\.ab\.(\w+)\.n(\d+)\.cold" name="([^"]*)".*?'
                 r'(REGRESSED|SAME|INCONCLUSIVE|IMPROVED): B/A ([0-9.]+) \[([0-9.]+), ([0-9.]+)\] over ')
LIBRARIES = ("cub", "cublas", "seed")


def quantile(values, q):
    return sorted(values)[int(q * (len(values) - 1))]


print("file n candidates verdicts half-width% p10/p50/p90/max B/A p50")
for path in sys.argv[1:]:
    text = (gzip.open if path.endswith(".gz") else open)(path, "rt").read()
    rows = [m for m in ROW.finditer(text) if not m[3].startswith(LIBRARIES)]
    for n in sorted({m[2] for m in rows}, key=int):
        at_n = [m for m in rows if m[2] == n]
        widths = [(float(m[7]) - float(m[6])) / 2 * 100 for m in at_n]
        verdicts = Counter(m[4] for m in at_n)
        print(path, n, len(at_n), " ".join(f"{v} {c}" for v, c in sorted(verdicts.items())),
              "/".join(f"{quantile(widths, q):.2f}" for q in (0.1, 0.5, 0.9, 1.0)),
              f"{statistics.median(float(m[5]) for m in at_n):.3f}")
