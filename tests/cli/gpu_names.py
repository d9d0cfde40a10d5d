#!/usr/bin/env python3
"""No README or doc names a GPU by a letter ("H200 j", "r3 (g)", "on l").

Usage: gpu_names.py SOURCE_ROOT

A GPU is named by its model and UUID prefix ("H200 GPU-97c6f99a");
results/gpus.md says which GPU a file name's one-letter prefix stands for.
Scanned: docs/*.md, results/README.md, results/gpus.md, results/*/README.md
and every README under tests/ and research/. Text in backticks is a name
(a file, a build, an option) and is not scanned. Before the tree, the
patterns run on lines that named GPUs by letter before (each must be
caught) and on lines that must not be (size n, x(l), a and b), so a pattern
that matches nothing, or everything, fails here.
"""
import glob
import os
import re
import sys

# A letter that named a GPU: any but "a" (the article). "n" is the size and
# "x" a product in prose, so the forms that take them are the unambiguous ones.
L = r"[b-mo-wyz]"
PATTERNS = [
    # "H200 j", "GPU l", "machine j", "run on g", "called p"
    re.compile(r"\b(?:GPUs?|H[12]00s?|machines?|hosts?|runners?|called|run on) [b-z](?![\w.-])"),
    # "r3 (g)", "default1 (x)", "(i)"
    re.compile(r"(?<![\w)\]])\([b-mo-z]\)"),
    # a table cell holding one letter: "| h |", "| b | main |"
    re.compile(r"\|\s*" + L + r"\s*(?=\|)"),
    # "j, quick space", "h, default space", "x, default space"
    re.compile(r"\b[b-z], (?:quick|default)\b"),
    # "on l:", "on k, l and m", "Against p, r reads"
    re.compile(r"\b(?:on|from|against|Against|On) " + L + r"(?=[,.:;)]| and| or| with| the| it| reads| was|$)"),
    # "h and i", "k, l and m", "p nor q", "p or q"
    re.compile(r"\b[b-z](?:, [b-z])* (?:and|or|nor) [b-z](?![\w.-])"),
    # "x's sweeps", "j's quick sweeps", "p's pair" (not "launch k's exchange")
    re.compile(r"(?<![\w.-])[b-mo-z]'s(?= (?:seven|quick|sweep|pair|run|UUID|rows)|$)"),
    # "letters: results/gpus.md", "letters name GPUs"
    re.compile(r"\bletters?\b(?=: results/gpus| name| a-| per GPU)|\bby letters?\b", re.IGNORECASE),
]

# Lines as they stood before the GPUs were named (results/*/README.md).
CAUGHT = [
    "| j, quick space, 12 sizes | 1.023 / 1.036 | 1.008 / 1.009 |",
    "| r3 (g) | PASS, 40 of 101 | FAIL 13, 811 of 3558 | PASS, 40 | PASS, 824 |",
    "| default1 (x) | PASS, 76 of 415 | FAIL 13, 1248 of 8302 | PASS, 78 | PASS, 1319 |",
    "| h | default, 12 sizes | 2 | 0.989-0.991 / 0.959-0.961 |",
    "| b | main | 41.6% | 26.8% | 42.8% | 26.1% | 129 |",
    "## A 10% slower tree from H200 j",
    "on H200 x (`tests/fixtures/sweeps/2026-12-03-gate-real-slowdown/slow10.csv.gz`), gated",
    "host, called p (GPU-fefc0a96), q (GPU-3c0dc232) and r (GPU-dd740167) here:",
    "fares from another GPU, each of h and i left out of the calibration in turn",
    "0.77: about twice as much for two kernels as for one. At 2^22, x's",
    "variant spins 10% longer and reads 10% of each input again. Order on l:",
    "- Against p, r reads the atomic-bound rows as q does (22 of the 24",
    "2^20 3.5-4.5% faster; p's pair does not below 2^22, and x's",
    "reads 0.987-0.996 on k, l and m. At 2^20 every",
    "With the sweeps of results/2026-12-05-default-space-ci/ (letters: results/gpus.md).",
    "the machine j swept the quick space; the same run on g",
    "was measured and names its reports. Folders name the GPUs they ran on by letters,",
]
# Lines that name no GPU and must pass.
PASSED = [
    "| n | p10 / p50 / p90 | REGRESSED |",
    "of it (`ci_lo_us`, `ci_hi_us`): the order statistics x(l), x(u) whose exact",
    "| random integers | a, b in {-2, -1, 1, 2}; products ±1, ±2 |",
    "sizes x 4 types, on n = 1 and on a GPU of 132 SMs (n = 10: x(2)..x(9))",
    "| `j-quick1..3.csv.gz` | H200 GPU-97c6f99a | `dotsweep sweep --space variants/quick.toml` |",
    "| H200 of build `b` | main | 41.6% |",
    "where p is plain, m the scratch sized for 2^20",
    "the rows at n = 1 (+13-17%) and a GPU a kernel runs on",
    "launch k+1 starts after launch k's exchange; the device holds n's inputs",
    "an int64 axis `Elements` (n); one",
]


def findings(line):
    text = re.sub(r"`[^`]*`", "``", line)
    return [m.group(0) for p in PATTERNS for m in p.finditer(text)]


def files(root):
    found = glob.glob(os.path.join(root, "docs", "*.md"))
    found += [os.path.join(root, "results", name) for name in ("README.md", "gpus.md")]
    found += glob.glob(os.path.join(root, "results", "*", "README.md"))
    for top in ("tests", "research"):
        found += glob.glob(os.path.join(root, top, "**", "README.md"), recursive=True)
    return sorted(f for f in found if os.path.isfile(f))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    bad = 0
    for line in CAUGHT:
        if not findings(line):
            print(f"FAIL: the check lets through a line that names a GPU by letter: {line}")
            bad += 1
    for line in PASSED:
        if findings(line):
            print(f"FAIL: the check flags {findings(line)} in a line that names no GPU: {line}")
            bad += 1
    if bad:
        return 1
    print(f"ok: the patterns catch the {len(CAUGHT)} old lines and pass the {len(PASSED)} others")
    scanned = files(root)
    if len(scanned) < 20:
        print(f"FAIL: only {len(scanned)} files to scan under {root}")
        return 1
    for path in scanned:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for hit in findings(line):
                    print(f"FAIL: {os.path.relpath(path, root)}:{number}: '{hit}' names a GPU by letter "
                          f"(name it by model and UUID prefix, results/gpus.md): {line.rstrip()}")
                    bad += 1
    if bad:
        return 1
    print(f"ok: {len(scanned)} READMEs and docs name no GPU by letter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
