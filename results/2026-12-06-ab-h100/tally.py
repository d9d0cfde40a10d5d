#!/usr/bin/env python3
"""Verdicts of `dotsweep ab --junit` files as recorded and as they would be
at other thresholds, from each row's B/A interval and A's median:
tally.py [--by-n] FILE [FILE ...]  (gzipped or not). A row is REGRESSED when
its interval lies wholly above 1 + t, t = the larger of the threshold and
0.3 us of A's median (0 us for a variant timed over copies), as ab says. Intervals are printed to three decimals, so a row within
0.0005 of a threshold may read otherwise than it was recorded."""
import gzip
import re
import sys
from collections import Counter

ROW = re.compile(r'classname="dotsweep\.ab\.(\w+)\.n(\d+)\.cold" name="([^"]*)".*?'
                 r'(REGRESSED|SAME|INCONCLUSIVE|IMPROVED): B/A ([0-9.]+) \[([0-9.]+), ([0-9.]+)\] '
                 r'over (?:(\d+) copies, )?\d+ pairs, threshold [0-9.]+% \(baseline ([0-9.]+)')
THRESHOLDS = (2.0, 2.5, 3.0)


def verdict(lo, hi, t):
    if lo > 1 + t:
        return "REGRESSED"
    if hi < 1 / (1 + t):
        return "IMPROVED"
    if lo >= 1 / (1 + t) and hi <= 1 + t:
        return "SAME"
    return "INCONCLUSIVE"


def rows(path):
    text = (gzip.open if path.endswith(".gz") else open)(path, "rt").read()
    for m in ROW.finditer(text):
        floor_us = 0.0 if m[8] else 0.3
        yield int(m[2]), m[4], float(m[6]), float(m[7]), floor_us / float(m[9])


by_n = sys.argv[1] == "--by-n"
paths = sys.argv[2:] if by_n else sys.argv[1:]
print("file", "recorded REGRESSED", *(f"REGRESSED at {t}%" for t in THRESHOLDS), sep="\t")
totals = Counter()
for path in paths:
    counts = Counter()
    for n, recorded, lo, hi, floor in rows(path):
        counts["recorded", n] += recorded == "REGRESSED"
        for t in THRESHOLDS:
            counts[t, n] += verdict(lo, hi, max(t / 100, floor)) == "REGRESSED"
    keys = sorted({n for _, n in counts}) if by_n else [None]
    for key in keys:
        pick = lambda label: sum(v for (l, n), v in counts.items() if l == label and key in (None, n))
        print(f"{path}{'' if key is None else f' n={key}'}", pick("recorded"), *(pick(t) for t in THRESHOLDS), sep="\t")
    for label in ("recorded", *THRESHOLDS):
        total = sum(v for (l, _), v in counts.items() if l == label)
        totals[label, "rows"] += total
        totals[label, "runs"] += total > 0
print("all: REGRESSED rows / runs with one", *(f"{totals[l, 'rows']} / {totals[l, 'runs']}" for l in ("recorded", *THRESHOLDS)), sep="\t")
