#!/usr/bin/env python3
"""Embeds a kernel source file in a C++ header as a raw string literal, so the
dotsweep binary carries its kernels and NVRTC needs no file at run time."""
import sys

source_path, header_path, symbol = sys.argv[1:4]
text = open(source_path, encoding="utf-8").read()
delimiter = "dotsweep_src"
if ")" + delimiter + '"' in text:
    sys.exit(f"{source_path} contains the raw-string delimiter {delimiter}")
with open(header_path, "w", encoding="utf-8") as out:
    out.write("// Generated from %s by tools/embed_source.py; do not edit.\n#pragma once\n" % source_path)
    out.write("namespace dotsweep {\n")
    out.write('inline constexpr const char %s[] = R"%s(%s)%s";\n' % (symbol, delimiter, text, delimiter))
    out.write("}  // namespace dotsweep\n")
