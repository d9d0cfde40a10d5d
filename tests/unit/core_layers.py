#!/usr/bin/env python3
"""src/core's folders form one order: each includes only folders below it.

Usage: core_layers.py SOURCE_ROOT

ORDER lists the folders bottom first, as docs/design.md states it. A file
in a folder may include its own folder's headers, core/input_error.hpp
(under every folder) and the headers of folders listed before its own; an
include of a folder listed after it (two folders that include each other
always give one) fails, naming the file and line. A folder of src/core
that ORDER does not list fails too, so a new folder is placed before it is
used, and so does a listed folder that is gone.
"""
import os
import re
import sys

ORDER = ["io", "space", "check", "sampling", "rows", "stats", "gate", "export", "report"]

INCLUDE = re.compile(r'^\s*#\s*include\s*"(?:core/)?([a-z_]+)/[^"]*"')


def main(root):
    core = os.path.join(root, "src", "core")
    folders = sorted(d for d in os.listdir(core) if os.path.isdir(os.path.join(core, d)))
    problems = [f"src/core/{d}/ is not in ORDER: place it there and in docs/design.md"
                for d in folders if d not in ORDER]
    problems += [f"ORDER names {d}/, which src/core does not hold" for d in ORDER if d not in folders]
    rank = {d: i for i, d in enumerate(ORDER)}
    for folder in folders:
        for dirpath, _, names in os.walk(os.path.join(core, folder)):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m or m.group(1) == folder or m.group(1) not in rank or folder not in rank:
                            continue
                        if rank[m.group(1)] > rank[folder]:
                            problems.append(f"{os.path.relpath(path, root)}:{number}: {folder}/ includes "
                                            f"{m.group(1)}/, which is above it: {line.strip()}")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s); the order, bottom first: {' -> '.join(ORDER)}")
        return 1
    print(f"src/core in order: {' -> '.join(ORDER)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
