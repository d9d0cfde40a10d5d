#!/usr/bin/env python3
"""Embeds a source file in a C++ header as a raw string literal, so the
dotsweep binary carries its kernels and NVRTC needs no file at run time.

In C/CUDA sources, quoted includes of files beside the source (#include "dot_policy.cuh") are
inlined, each once, between #line directives, so NVRTC compiles one
self-contained program, its messages still name the real file and line, and
the cubin cache key (the source text) covers every header. Angle includes
(<cuda_fp16.h>) are left for NVRTC's include path."""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"\s*$')
PRAGMA_ONCE = re.compile(r"^\s*#\s*pragma\s+once\s*$")


def inline(path, seen):
    name = os.path.basename(path)
    out = ['#line 1 "%s"\n' % name]
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    for number, line in enumerate(lines, start=1):
        match = INCLUDE.match(line)
        if match:
            target = os.path.join(os.path.dirname(path), match.group(1))
            if not os.path.isfile(target):
                sys.exit("%s:%d: includes \"%s\", which is not beside it" % (path, number, match.group(1)))
            key = os.path.realpath(target)
            if key not in seen:
                seen.add(key)
                out.extend(inline(target, seen))
            out.append('#line %d "%s"\n' % (number + 1, name))
        elif PRAGMA_ONCE.match(line):
            out.append("\n")  # inlined once already; NVRTC warns about it in a main file
        else:
            out.append(line)
    return out


def main():
    source_path, header_path, symbol = sys.argv[1:4]
    if source_path.endswith((".cuh", ".cu", ".h", ".hpp")):
        text = "".join(inline(source_path, {os.path.realpath(source_path)}))
    else:  # data (a space file): verbatim
        with open(source_path, encoding="utf-8") as f:
            text = f.read()
    delimiter = "dotsweep_src"
    if ")" + delimiter + '"' in text:
        sys.exit(f"{source_path} contains the raw-string delimiter {delimiter}")
    with open(header_path, "w", encoding="utf-8") as out:
        out.write("// Generated from %s by tools/embed_source.py; do not edit.\n#pragma once\n" % source_path)
        out.write("namespace dotsweep {\n")
        out.write('inline constexpr const char %s[] = R"%s(%s)%s";\n' % (symbol, delimiter, text, delimiter))
        out.write("}  // namespace dotsweep\n")


main()
