#!/usr/bin/env python3
"""Tally a `dotsweep gate --junit` (or `dotsweep ab --junit`) file per n: how many candidate rows got
each verdict, the spread of their change (current / baseline - 1, from the
medians the gate printed), and the baselines' (library, seed and floor rows)
verdicts apart, since an unchanged library is the control a planted
slowdown must leave SAME.

    tools/gate_tally.py GATE.xml|AB.xml [--mode cold] [--markdown]

What it answers: of the rows a real slower kernel tree slowed (the
candidates), which share did the gate call REGRESSED at each size, and
how far were the ones it did not. Rows only one side holds (a baseline
with more sizes or modes than the current) are left out.
"""
import argparse
import re
import statistics
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict

SUITE = re.compile(r"^(?P<type>\S+) n=(?P<n>\S+) (?P<mode>\S+)$")
VERDICT = re.compile(r"^(?P<verdict>[A-Z]+):")
MEDIANS = re.compile(r"baseline (?P<b>[0-9.]+) \[[^]]*\], current (?P<c>[0-9.]+) \[")
ORDER = ["REGRESSED", "BROKEN", "INCONCLUSIVE", "SAME", "IMPROVED", "FIXED", "UNTIMED"]


def exponent_key(n_text):
    """Sorts "1", "1000003", "2^20+3", "2^24" by value."""
    match = re.fullmatch(r"2\^(\d+)([+-]\d+)?", n_text)
    return 2 ** int(match.group(1)) + int(match.group(2) or 0) if match else int(n_text)


def rows(path, mode):
    for suite in ET.parse(path).getroot().iter("testsuite"):
        head = SUITE.match(suite.get("name", ""))
        if not head or head["mode"] != mode:
            continue
        for case in suite.iter("testcase"):
            text = "".join(node.get("message", "") + (node.text or "") for node in case)
            if text.startswith("only in the "):
                continue  # a row one side lacks (say the baseline's hot rows): nothing was compared
            verdict = VERDICT.match(text.strip())
            if not verdict:
                sys.exit(f"gate_tally: no verdict in {case.get('name')}: {text[:80]!r}")
            medians = MEDIANS.search(text)
            change = float(medians["c"]) / float(medians["b"]) - 1 if medians else None
            name = case.get("name")
            yield head["n"], name.startswith(head["type"] + "."), verdict["verdict"], change


def percent(x):
    return f"{100 * x:+.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("junit")
    parser.add_argument("--mode", default="cold")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table instead of aligned text")
    args = parser.parse_args()
    candidates = defaultdict(Counter)
    changes = defaultdict(list)
    missed = defaultdict(list)
    baselines = defaultdict(Counter)
    for n, is_candidate, verdict, change in rows(args.junit, args.mode):
        if is_candidate:
            candidates[n][verdict] += 1
            if change is not None:
                changes[n].append(change)
                if verdict != "REGRESSED":
                    missed[n].append(change)
        else:
            baselines[n][verdict] += 1
    if not candidates and not baselines:
        sys.exit(f"gate_tally: no {args.mode} rows in {args.junit}")
    header = ["n", "candidates", "REGRESSED", "share", "change p10 / p50 / p90", "largest change not REGRESSED",
              "baselines (verdict: rows)"]
    table = []
    for n in sorted(set(candidates) | set(baselines), key=exponent_key):
        count = candidates[n]
        total = sum(count.values())
        spread = changes[n]
        quantiles = (statistics.quantiles(spread, n=10) if len(spread) >= 2 else spread * 9)
        table.append([
            n, str(total), str(count["REGRESSED"]),
            f"{100 * count['REGRESSED'] / total:.1f}%" if total else "-",
            " / ".join(percent(q) for q in (quantiles[0], statistics.median(spread), quantiles[-1])) if spread else "-",
            percent(max(missed[n])) if missed[n] else "-",
            ", ".join(f"{v}: {baselines[n][v]}" for v in ORDER if baselines[n][v]) or "-",
        ])
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in table:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(line[i]) for line in table + [header]) for i in range(len(header))]
        for line in [header] + table:
            print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())


if __name__ == "__main__":
    main()
